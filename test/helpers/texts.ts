// Workspace texts several test files start from, written once: a table-form cursor of
// workspace `feat`, running in build on SLICE-002; a notes.md.

/** A table-form state.md, schema 4, running in build on `slice`, with one Log line for `built` at `at`. */
function runningState(slug: string, slice: string, built: string, at: string): string {
  return `# State: ${slug}

## Cursor
| Key | Value |
| --- | --- |
| schema | 4 |
| phase | build |
| status | running |
| next_action | /rite-build ${slice} |

## Log
- ${at} build: ${built} built
`;
}

/** state.md of `feat`: table cursor, schema 4, build, running, one Log line. */
export const RUNNING_FEAT_STATE = runningState("feat", "SLICE-002", "SLICE-001", "2026-07-20T08:58:40Z");

/** state.md of `csv-export`: table cursor, schema 4, build, running on SLICE-003 (the notify tests' AFK run). */
export const RUNNING_CSV_EXPORT_STATE = runningState("csv-export", "SLICE-003", "SLICE-002", "2026-07-20T09:00:00Z");

/** A notes.md with two anchored notes (NOTE-001 with a body, NOTE-002 without). */
export const NOTES_SAMPLE = `# Anchored notes

- NOTE-001: pool cap rationale
  SUBJECT: src/pool.go
  QUOTE: maxConns = 4
  BODY: fairness under bursty saves, not memory
- NOTE-002: retry window
  SUBJECT: src/retry.go
  QUOTE: backoff = 250 * attempts
`;

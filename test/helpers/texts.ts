// Workspace texts several test files start from, written once: a table-form cursor of
// workspace `feat`, running in build on SLICE-002.

/** state.md of `feat`: table cursor, schema 4, build, running, one Log line. */
export const RUNNING_FEAT_STATE = `# State: feat

## Cursor
| Key | Value |
| --- | --- |
| schema | 4 |
| phase | build |
| status | running |
| next_action | /rite-build SLICE-002 |

## Log
- 2026-07-20T08:58:40Z build: SLICE-001 built
`;

/** state.md of `csv-export`: table cursor, schema 4, build, running on SLICE-003 (the notify tests' AFK run). */
export const RUNNING_CSV_EXPORT_STATE = `# State: csv-export

## Cursor
| Key | Value |
| --- | --- |
| schema | 4 |
| phase | build |
| status | running |
| next_action | /rite-build SLICE-003 |

## Log
- 2026-07-20T09:00:00Z build: SLICE-002 built
`;

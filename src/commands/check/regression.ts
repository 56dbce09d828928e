// `check regression <slug> [--update]` (Go: RunCheckRegression in
// engine/internal/lib/regression.go): compares the workspace's progress facts with the
// recorded baseline `regression-baseline.json` — `check regression: PASS (baseline <time>;
// <summary>)` exit 0, or one `REGRESSION: <fact lost>` line each and `check regression:
// BLOCKED: <n> regression(s) vs baseline <time>` exit 3; no baseline yet is `unproven`, exit 0;
// a baseline that cannot be parsed is exit 3. `--update` ratchets the baseline to now (each
// regression it blesses printed as `REGRESSION-BLESSED: …`), written through the workspace
// transaction; one that would wipe every checked criterion and met gate needs --allow-empty.
// Reads workspace files only; one it cannot read (a link, a NUL byte) is exit 3 naming it.

import { RefusedError } from "../../errors.js";
import { cursorValue, parseState } from "../../documents/state/parse-state.js";
import { requiredArtifacts } from "../../domain/phase-policy.js";
import { compareProgress, fingerprint, fingerprintSummary, parseRegressionBaseline, ratchet, REGRESSION_BASELINE_FILE, renderRegressionBaseline, wipesAcceptance, type Fingerprint } from "../../domain/regression.js";
import { readArtifact } from "../../workspace/artifacts.js";
import { lstat, READ_CAP_BYTES } from "../../workspace/disk.js";
import { openWorkspace } from "../../workspace/locate.js";
import { emptyChanges, type WorkspaceSession } from "../../workspace/session.js";
import { BASELINE_CAP, rfc3339 } from "./drift.js";
import { shellWord } from "../../shell-word.js";
import { join } from "node:path";
import type { CommandArgs, CommandContext, Outcome } from "../types.js";

export async function checkRegression(ctx: CommandContext, args: CommandArgs): Promise<Outcome> {
  const slug = args.positionals[0] as string;
  const session = ctx.session(openWorkspace(ctx.root(), slug));
  session.recoverIfNeeded();
  if (args.options.update !== true) return decide(ctx, args, session).outcome;
  // The baseline is read, compared and written under the workspace lock: a concurrent update
  // cannot slip between the comparison and the write.
  return session.mutate(() => {
    const { outcome, write } = decide(ctx, args, session);
    const changes = emptyChanges();
    if (write !== undefined) changes.files.set(REGRESSION_BASELINE_FILE, write);
    return { changes, result: outcome };
  });
}

/** The outcome of a check or an update, and the baseline text an update writes. */
function decide(ctx: CommandContext, args: CommandArgs, session: WorkspaceSession): { outcome: Outcome; write?: string } {
  const slug = session.ws.slug;
  const current = currentFingerprint(session);
  const read = readArtifact(session.ws.dir, REGRESSION_BASELINE_FILE, BASELINE_CAP);
  const parsed = read.unreadable !== undefined ? { problem: read.unreadable } : read.bytes === undefined ? undefined : parseRegressionBaseline(read.bytes.toString("utf8"));
  if (parsed !== undefined && "problem" in parsed) {
    return {
      outcome: {
        exit: 3,
        lines: [`REGRESSION: baseline ${REGRESSION_BASELINE_FILE} unreadable: ${parsed.problem}`, "check regression: BLOCKED"],
        data: { workspace: slug, result: "blocked", problem: parsed.problem },
      },
    };
  }
  const data = (result: string, extra: Record<string, unknown>) => ({ workspace: slug, result, current, ...extra });
  if (args.options.update === true) {
    if (parsed !== undefined && args.options["allow-empty"] !== true && wipesAcceptance(parsed, current)) {
      return {
        outcome: {
          exit: 3,
          lines: [
            `check regression: BLOCKED: the update would wipe every acceptance fact of baseline ${parsed.updated_at} (${parsed.checked_ac.length} checked criteria, ${parsed.met_gates.length} met gates); pass --allow-empty to ratchet anyway`,
          ],
          data: data("blocked", { baseline_updated_at: parsed.updated_at, regressions: compareProgress(parsed, current) }),
        },
      };
    }
    const blessed = parsed === undefined ? [] : compareProgress(parsed, current);
    const next = ratchet(parsed, current, rfc3339(ctx.now));
    return {
      write: renderRegressionBaseline(next),
      outcome: {
        exit: 0,
        lines: [...blessed.map((l) => `REGRESSION-BLESSED: ${l}`), `check regression: baseline updated (${next.updated_at}; ${fingerprintSummary(next)})`],
        data: data("updated", { blessed, baseline: join(".devrites", "work", slug, REGRESSION_BASELINE_FILE), updated_at: next.updated_at }),
      },
    };
  }
  if (parsed === undefined) {
    return {
      outcome: {
        exit: 0,
        lines: [`check regression: unproven — no baseline recorded; run \`devrites-engine check regression ${shellWord(slug)} --update\` at the next durable checkpoint`],
        data: data("unproven", {}),
      },
    };
  }
  const regressions = compareProgress(parsed, current);
  if (regressions.length === 0) {
    return { outcome: { exit: 0, lines: [`check regression: PASS (baseline ${parsed.updated_at}; ${fingerprintSummary(current)})`], data: data("pass", { baseline_updated_at: parsed.updated_at, regressions }) } };
  }
  return {
    outcome: {
      exit: 3,
      lines: [...regressions.map((l) => `REGRESSION: ${l}`), `check regression: BLOCKED: ${regressions.length} regression(s) vs baseline ${parsed.updated_at}`],
      data: data("blocked", { baseline_updated_at: parsed.updated_at, regressions }),
    },
  };
}

/** The workspace's progress facts; a file the engine will not read (a link, a FIFO) is a refusal naming it. */
function currentFingerprint(session: WorkspaceSession): Fingerprint {
  const text = (name: string): string | undefined => {
    const r = readArtifact(session.ws.dir, name, READ_CAP_BYTES.workspaceFile);
    if (r.unreadable !== undefined) {
      throw new RefusedError(`check regression: ${name} cannot be read (${r.unreadable})`, { kind: "unsafe-file", prefix: "", hint: `replace ${name} with a regular file, then retry` });
    }
    if (r.bytes === undefined) return undefined;
    // Go: markdowntext.Structural refuses such a file; a fingerprint without it would ratchet
    // the baseline down (TestRegressionDegradedArtifactRefusesRatchet, …MalformedGatesRefusesRatchet).
    const problem = r.bytes.includes(0) ? "it holds a NUL byte" : validUtf8(r.bytes) ? undefined : "it is not UTF-8";
    if (problem !== undefined) {
      throw new RefusedError(`check regression: ${name} is invalid Markdown (${problem})`, { kind: "unsafe-file", prefix: "", hint: `repair ${name}, then retry; the baseline was not changed` });
    }
    return r.bytes.toString("utf8");
  };
  const state = text("state.md");
  const phase = state === undefined ? undefined : cursorValue(parseState(state), "phase");
  const present = requiredArtifacts("done").filter((name) => {
    const st = lstat(join(session.ws.dir, name));
    return st !== undefined && st.isFile() && st.size > 0;
  });
  return fingerprint({ phase, spec: text("spec.md"), tasks: text("tasks.md"), gates: text("gates.md"), questions: text("questions.md"), presentArtifacts: present });
}

function validUtf8(bytes: Buffer): boolean {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

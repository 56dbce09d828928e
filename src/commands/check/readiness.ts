// `check readiness [<slug>] [--emit-binding]` and `check task-graph [<slug>]`: the gates the
// DevRites pack's Build step runs before it dispatches (exit 0 passed, exit 3 blocked with every
// reason on stdout). Read-only: they finish a leftover journal first, then only read.

import { join } from "node:path";
import { NoWorkspaceError, RefusedError } from "../../errors.js";
import { parseQuestions } from "../../documents/questions/parse-questions.js";
import { cursorValue, parseState } from "../../documents/state/parse-state.js";
import { ARTIFACT_READ_CAP, knownPhase, requiredArtifacts, requiresBinding } from "../../domain/phase-policy.js";
import { BINDING_INPUT_CAP, BINDING_INPUTS, BINDING_LABEL, BINDING_TOTAL_CAP, bindingStream, checkReadiness as runGate, renderReadiness } from "../../domain/readiness.js";
import { parseTaskGraph, taskGraphTooLarge } from "../../domain/task-graph.js";
import { readArtifact } from "../../workspace/artifacts.js";
import { lstat, READ_CAP_BYTES } from "../../workspace/disk.js";
import { nodeCrypto } from "../../workspace/lazy-builtins.js";
import { openWorkspace } from "../../workspace/locate.js";
import type { WorkspaceSession } from "../../workspace/session.js";
import type { CommandArgs, CommandContext, Outcome } from "../types.js";
import { shellWord } from "../../shell-word.js";

/** The workspace a gate names: its one positional slug, else the selected one (ACTIVE). */
export function gateSession(ctx: CommandContext, args: CommandArgs): WorkspaceSession {
  const slug = args.positionals[0];
  const session = slug !== undefined ? ctx.session(openWorkspace(ctx.root(), slug)) : ctx.workspace();
  session.recoverIfNeeded();
  return session;
}

/** The readiness inputs' bytes by logical name (undefined: absent), or why they cannot be read. */
export function readinessContents(session: WorkspaceSession): { contents: Map<string, Buffer | undefined> } | { problem: string } {
  const contents = new Map<string, Buffer | undefined>();
  let total = 0;
  for (const input of BINDING_INPUTS) {
    const principles = input.logical === ".devrites/principles.md";
    const read = readArtifact(principles ? session.ws.root : session.ws.dir, principles ? "principles.md" : input.logical, READ_CAP_BYTES.workspaceFile);
    if (read.unreadable !== undefined) return { problem: `readiness input ${input.logical} cannot be read (${read.unreadable})` };
    if (read.bytes === undefined && input.required) return { problem: `readiness input ${input.logical} is missing` };
    if (read.bytes !== undefined && read.bytes.byteLength > BINDING_INPUT_CAP) return { problem: `readiness input ${input.logical} exceeds the 1 MiB limit` };
    total += read.bytes?.byteLength ?? 0;
    if (total > BINDING_TOTAL_CAP) return { problem: `readiness input ${input.logical} exceeds the 8 MiB aggregate limit` };
    contents.set(input.logical, read.bytes);
  }
  return { contents };
}

/** The `Readiness inputs SHA-256: …` line the inputs hash to. */
export function bindingOf(contents: ReadonlyMap<string, Buffer | undefined>): string {
  const hash = nodeCrypto().createHash("sha256");
  for (const piece of bindingStream(contents)) hash.update(piece);
  return `${BINDING_LABEL}${hash.digest("hex")}`;
}

/** The `Readiness inputs SHA-256: …` line the workspace's inputs hash to, or why it cannot be computed. */
export function readinessBinding(session: WorkspaceSession): { line: string } | { problem: string } {
  const read = readinessContents(session);
  return "problem" in read ? read : { line: bindingOf(read.contents) };
}

export async function checkReadiness(ctx: CommandContext, args: CommandArgs): Promise<Outcome> {
  const session = gateSession(ctx, args);
  const slug = session.ws.slug;
  if (args.options["emit-binding"] === true) {
    const binding = readinessBinding(session);
    if ("problem" in binding) throw new RefusedError(`readiness-binding: BLOCKED: ${binding.problem}`, { hint: `add the missing input, then run devrites-engine check readiness --emit-binding ${shellWord(slug)} again` });
    return { exit: 0, lines: [binding.line], data: { workspace: slug, binding: binding.line } };
  }
  const state = parseState(session.read("state.md", true));
  const questions = parseQuestions(session.read("questions.md", true));
  const phase = knownPhase(cursorValue(state, "phase"));
  const names = new Set([...(phase ? requiredArtifacts(phase) : []), "eng-review.md", "tasks.md"]);
  const files = new Map<string, string | undefined>();
  const sizes = new Map<string, number>();
  const unreadable: string[] = [];
  for (const name of names) {
    const read = readArtifact(session.ws.dir, name, READ_CAP_BYTES.workspaceFile);
    if (read.unreadable !== undefined) unreadable.push(`${name} cannot be read (${read.unreadable})`);
    files.set(name, read.bytes?.toString("utf8"));
    sizes.set(name, read.size);
  }
  const result = runGate({ slug, state, questions, files, sizes, binding: phase ? readinessBinding(session) : undefined });
  if (unreadable.length > 0) {
    result.problems.unshift(...unreadable);
    result.passed = false;
    if (result.reason === "DRV-GATE-READINESS-PASSED") result.reason = "DRV-GATE-READINESS-MISSING";
  }
  return {
    exit: result.passed ? 0 : 3,
    lines: renderReadiness(slug, result),
    data: { gate: "readiness", workspace: slug, phase: result.phase, result: result.passed ? "pass" : "blocked", reason: result.reason, missing_files: result.missing, problems: result.problems },
  };
}

/**
 * A missing tasks.md, told by the phase: before the plan is defined it has not been written yet
 * (what to run is the plan); after it, the file the later phases stand on is gone (restore it).
 */
function missingTasks(session: WorkspaceSession, p: string): NoWorkspaceError {
  const phase = knownPhase(cursorValue(parseState(session.read("state.md", true)), "phase"));
  if (phase !== undefined && requiresBinding(phase)) {
    return new NoWorkspaceError(`tasks.md missing at ${p}`, {
      kind: "file-missing",
      hint: `the workspace is in phase ${phase}, after the plan that wrote tasks.md: restore it from version control or a backup, or write it again with /rite-define`,
    });
  }
  return new NoWorkspaceError(`no tasks.md yet at ${p}`, {
    kind: "file-missing",
    hint: `the plan phase writes tasks.md (/rite-define); the workspace is ${phase === undefined ? "in no known phase" : `in phase ${phase}`}, so there is no slice graph to check yet`,
  });
}

/** tasks.md's text for the graph check: over orient's read cap it is refused, not walked. */
function readTasks(session: WorkspaceSession): string {
  const p = join(session.ws.dir, "tasks.md");
  const st = lstat(p);
  if (st === undefined) throw missingTasks(session, p);
  if (st.isFile() && st.size > ARTIFACT_READ_CAP) {
    throw new RefusedError(`tasks.md is ${taskGraphTooLarge(st.size)}: ${p}`, {
      kind: "unsafe-file",
      hint: "trim tasks.md below the limit (the pack budgets it at 280 lines); orient leaves its task_graph out until then",
    });
  }
  return session.read("tasks.md", true);
}

export async function checkTaskGraph(ctx: CommandContext, args: CommandArgs): Promise<Outcome> {
  const session = gateSession(ctx, args);
  const graph = parseTaskGraph(readTasks(session));
  const ok = graph.problems.length === 0;
  const file = join(".devrites", "work", session.ws.slug, "tasks.md");
  const lines = ok
    ? [`task-graph: ok: ${graph.slices.length} slice(s), no cycle (${file})`]
    : [`task-graph: BLOCKED: ${graph.problems.length} problem(s) in ${file}`, ...graph.problems.map((p) => `  ${p}`)];
  return {
    exit: ok ? 0 : 3,
    lines,
    data: {
      workspace: session.ws.slug,
      ok,
      slice_count: graph.slices.length,
      slices: graph.slices.map((s) => ({ id: s.id, depends_on: s.dependsOn })),
      cycle: graph.cycle,
      unknown_dependencies: graph.unknown,
      problems: graph.problems,
    },
  };
}

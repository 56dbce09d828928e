// The error model: every kind has the exit code commands.md gives its meaning, and every
// place that once told failures apart by their message text now decides by kind (or by a
// structured field), so rewording a message cannot change an outcome.

import fs from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stateMergeManifest } from "../src/commands/state/merge-manifest.js";
import type { CommandContext } from "../src/commands/types.js";
import { lintAll } from "../src/domain/check/lint-all.js";
import { BLOCKED_PREFIX } from "../src/domain/sequence-chain.js";
import { validateSentinel, type Sentinel } from "../src/documents/afk/sentinel.js";
import type { YamlTop } from "../src/documents/afk/yaml-model.js";
import {
  BadInputError,
  BudgetStopError,
  BusyError,
  ConflictError,
  CorruptJournalError,
  DuplicateIdError,
  EngineError,
  ERROR_KINDS,
  EXIT_CODES,
  InternalError,
  isKind,
  locatedAt,
  NoWorkspaceError,
  PauseDeferredError,
  RefusedError,
  UnknownCommandError,
  type ErrorKind,
} from "../src/errors.js";
import { disk, readRegularFile } from "../src/workspace/disk.js";
import { recoverJournal } from "../src/workspace/recovery.js";
import { commit } from "../src/workspace/transaction.js";
import { RUNNING_FEAT_STATE } from "./helpers/texts.js";
import { makeProject, type Project } from "./helpers/project.js";

let p: Project | undefined;
afterEach(() => {
  vi.restoreAllMocks();
  syncBuiltinESMExports();
  p?.cleanup();
  p = undefined;
});

/** Each kind with the exit code of the commands.md row that describes it. */
const KIND_TABLE: [ErrorKind, number, string][] = [
  ["internal", 1, "an unexpected exception"],
  ["io", 1, "I/O failure"],
  ["read-back", 1, "a write that did not read back"],
  ["no-workspace", 2, "no root, no `ACTIVE`, unknown slug"],
  ["unsafe-root", 2, "unsafe root"],
  ["file-missing", 2, "a required workspace file missing"],
  ["unknown-command", 2, "an unknown command or no command"],
  ["not-provided", 2, "an unknown command"],
  ["refused", 3, "refused"],
  ["question-not-found", 3, "question or workspace not found"],
  ["workspace-not-found", 3, "question or workspace not found"],
  ["workspace-exists", 3, "refused"],
  ["archive-exists", 3, "refused"],
  ["schema-mismatch", 3, "schema mismatch"],
  ["unsafe-file", 3, "refused"],
  ["journal-corrupt", 3, "refused"],
  ["manifest-blocked", 3, "manifest blocked"],
  ["not-resumable", 3, "auto-resume not due"],
  ["conflict", 4, "conflict"],
  ["bad-input", 5, "wrong arguments, empty answer"],
  ["bad-batch", 5, "a malformed batch file"],
  ["bad-sentinel", 5, "AFK sentinel"],
  ["bad-env", 5, "an invalid `DEVRITES_NOW`"],
  ["duplicate-id", 6, "duplicate question id"],
  ["budget-stop", 7, "budget stop"],
  ["pause-deferred", 8, "pause deferred"],
  ["lock-busy", 9, "busy"],
];

describe("error kinds: the exit code follows from the kind", () => {
  it.each(KIND_TABLE)("kind %s is exit %i (commands.md: %s)", (kind, exit, words) => {
    expect(ERROR_KINDS[kind]).toBe(exit);
    expect(new EngineError(kind, "any message").exitCode).toBe(exit);
    expect(EXIT_CODES[exit as keyof typeof EXIT_CODES]).toContain(words);
  });

  it("the table above lists every kind once, and every failing exit code 1–9 has a kind", () => {
    expect(KIND_TABLE.map((r) => r[0]).sort()).toEqual(Object.keys(ERROR_KINDS).sort());
    expect([...new Set(Object.values(ERROR_KINDS))].sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it.each([
    [new InternalError("m"), "internal"],
    [new NoWorkspaceError("m"), "no-workspace"],
    [new RefusedError("m"), "refused"],
    [new ConflictError("m"), "conflict"],
    [new BadInputError("m"), "bad-input"],
    [new DuplicateIdError("m"), "duplicate-id"],
    [new BudgetStopError("m"), "budget-stop"],
    [new PauseDeferredError("m"), "pause-deferred"],
    [new BusyError("m"), "lock-busy"],
    [new UnknownCommandError("m"), "unknown-command"],
    [new CorruptJournalError("/j", "why"), "journal-corrupt"],
    [new RefusedError("m", { kind: "schema-mismatch" }), "schema-mismatch"],
  ] as [EngineError, ErrorKind][])("%s has kind %s, and its exit code is that kind's", (err, kind) => {
    expect(err.kind).toBe(kind);
    expect(err.exitCode).toBe(ERROR_KINDS[kind]);
  });

  it("an error keeps the error it wraps as cause, and a location is formatted once as file:line: before the text", () => {
    const errno = Object.assign(new Error("EACCES: permission denied"), { code: "EACCES" });
    const e = new BadInputError("syntax error", { kind: "bad-batch", at: { file: "b.txt", line: 3 }, cause: errno });
    expect([e.message, e.text, e.at, e.cause]).toEqual(["b.txt:3: syntax error", "syntax error", { file: "b.txt", line: 3 }, errno]);
    expect(new BadInputError("x", { at: { file: "AFK", line: 2, col: 5 } }).message).toBe("AFK:2:5: x");
    expect(new BadInputError("no location").cause).toBeUndefined();
  });
});

describe("outcomes follow the kind, never the message text", () => {
  function ctxWhoseRootThrows(err: EngineError): CommandContext {
    return { root: () => { throw err; }, usage: () => "devrites-engine state merge-manifest <slug> [<predecessor>…]" } as unknown as CommandContext;
  }
  async function mergeError(err: EngineError): Promise<EngineError> {
    try {
      await stateMergeManifest(ctxWhoseRootThrows(err), { positionals: ["rel"], options: {} });
    } catch (e) {
      return e as EngineError;
    }
    throw new Error("expected a refusal");
  }

  it.each([
    ["no-workspace", "unsafe-looking words in a no-workspace message", "merge-manifest: BLOCKED: no workspace rel: no .devrites directory found"],
    ["file-missing", "unsafe: reworded", "merge-manifest: BLOCKED: no workspace rel: no .devrites directory found"],
    ["unsafe-root", "a root that is a link, in other words", "merge-manifest: BLOCKED: a root that is a link, in other words"],
  ] as [ErrorKind, string, string][])("merge-manifest: a %s root error worded %j is reported as %j (exit 3)", async (kind, message, shown) => {
    const e = await mergeError(new NoWorkspaceError(message, { kind: kind as "no-workspace" }));
    expect(`${e.prefix}${e.message}`).toBe(shown);
    expect(e.exitCode).toBe(3);
    expect(e.prefix).toBe(BLOCKED_PREFIX);
  });

  const yamlTop = (message: string, code: string | undefined): YamlTop => ({
    kind: "map",
    pairs: [],
    errors: [{ message, ...(code !== undefined ? { code } : {}), pos: { line: 2, col: 1 } }],
  });
  it.each([
    ["Map keys must be unique", "DUPLICATE_KEY", 0],
    ["two keys are the same (reworded)", "DUPLICATE_KEY", 0],
    ["keys must be unique, but this is another error", "BAD_INDENT", 1],
    ["unique in words only", undefined, 1],
  ])("sentinel: a YAML error %j with code %s gives %i afk-yaml problems (duplicates are reported by the key rule)", (message, code, n) => {
    const s = validateSentinel(yamlTop(message, code), ".devrites/AFK");
    expect(s.problems.filter((x) => x.rule === "afk-yaml")).toHaveLength(n);
  });

  it.each([
    [".devrites/AFK:4:2: max_slices is bad", "max_slices is bad"],
    ["a message with no location prefix at all", "max_slices is bad"],
    ["weird:prefix:9:9: and more", "max_slices is bad"],
  ])("check: a sentinel problem reads as its detail whatever its message %j says", (message) => {
    const sentinel = validateSentinel({ kind: "empty", pairs: [], errors: [] }, "AFK") satisfies Sentinel;
    sentinel.problems.push({ severity: "error", line: 4, col: 2, key: "max_slices", rule: "afk-count", message, detail: "max_slices is bad" });
    const afk = lintAll({ state: RUNNING_FEAT_STATE, questions: "# Questions\n", decisions: undefined, touched: undefined, events: undefined }, { sentinel, reasonCodes: [] }).filter((d) => d.file === "AFK");
    expect(afk).toEqual([{ file: "AFK", line: 4, col: 2, severity: "error", rule: "afk-count", message: "max_slices is bad" }]);
  });

  it.each([
    [new ConflictError("reworded conflict", { hint: "h", data: { status: "answered" } })],
    [new RefusedError("qid is nowhere", { kind: "question-not-found" })],
    [new BadInputError("empty", { kind: "bad-batch", cause: new Error("inner") })],
  ])("resolve: locating %s at a batch line keeps its class, kind, exit, hint, data and cause, and leaves the original as it was", (err) => {
    const before = err.message;
    const at = locatedAt(err, { file: "answers.txt", line: 7 });
    expect(at).toBeInstanceOf(err.constructor);
    expect([at.kind, at.exitCode, at.hint, at.data, at.cause, at.text]).toEqual([err.kind, err.exitCode, err.hint, err.data, err.cause, err.text]);
    expect(at.message).toBe(`answers.txt:7: ${err.text}`);
    expect(err.message).toBe(before);
  });

  it("isKind decides by kind whatever the class or the message", () => {
    expect(isKind(new RefusedError("not a regular file", { kind: "unsafe-file" }), "unsafe-file")).toBe(true);
    expect(isKind(new RefusedError("is a symbolic link"), "unsafe-file")).toBe(false);
    expect(isKind(Object.assign(new Error("x"), { kind: "unsafe-file" }), "unsafe-file")).toBe(false);
  });
});

describe("errors keep what they wrap as cause", () => {
  it("a disk fault injected at the fault seam is the cause of the commit's io error", () => {
    p = makeProject({ "w/state.md": "old\n" });
    const fault = Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
    vi.spyOn(disk, "fsyncSync").mockImplementation(() => {
      throw fault;
    });
    let err: unknown;
    try {
      commit(p.path("w"), [{ path: p.path("w/state.md"), content: "new\n" }]);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(InternalError);
    expect([(err as EngineError).kind, (err as EngineError).exitCode, (err as EngineError).cause]).toEqual(["io", 1, fault]);
    expect(p.read("w/state.md")).toBe("old\n");
  });

  it("a failed rename and a failed rollback are both in the cause", () => {
    p = makeProject({ "w/state.md": "old s\n", "w/questions.md": "old q\n" });
    const real = disk.renameSync;
    let calls = 0;
    const rename = Object.assign(new Error("EIO: rename"), { code: "EIO" });
    vi.spyOn(disk, "renameSync").mockImplementation((a, b) => {
      if (++calls >= 2) throw rename;
      real(a, b);
    });
    let err: EngineError | undefined;
    try {
      commit(p.path("w"), [{ path: p.path("w/questions.md"), content: "q\n" }, { path: p.path("w/state.md"), content: "s\n" }]);
    } catch (e) {
      err = e as EngineError;
    }
    expect(err?.kind).toBe("io");
    expect(err?.cause).toBeInstanceOf(AggregateError);
    expect((err?.cause as AggregateError).errors).toContain(rename);
  });

  it("an unreadable file's errno error is the cause of the io error; a FIFO is an unsafe-file refusal", () => {
    p = makeProject({ "d/.keep": "" });
    const dir = p.path("d");
    let err: EngineError | undefined;
    try {
      readRegularFile(path.join(dir, "."), { name: "a directory", capBytes: 10, noFollow: true });
    } catch (e) {
      err = e as EngineError;
    }
    expect(err?.kind).toBe("unsafe-file");
    fs.writeFileSync(path.join(dir, "x"), "abc");
    vi.spyOn(fs, "openSync").mockImplementationOnce(() => {
      throw Object.assign(new Error("EACCES: permission denied"), { code: "EACCES" });
    });
    // src imports node:fs by name: a named import of a built-in sees the spy once Node syncs it.
    syncBuiltinESMExports();
    try {
      readRegularFile(path.join(dir, "x"), { name: "x", capBytes: 10, noFollow: true });
    } catch (e) {
      err = e as EngineError;
    }
    expect([err?.kind, (err?.cause as NodeJS.ErrnoException | undefined)?.code]).toEqual(["io", "EACCES"]);
  });

  it("a journal that is not a regular file is a corrupt journal whose cause is the unsafe-file refusal", () => {
    p = makeProject({ "w/state.md": "s\n" });
    fs.mkdirSync(p.path("w/.journal"));
    let err: EngineError | undefined;
    try {
      recoverJournal(p.path("w"));
    } catch (e) {
      err = e as EngineError;
    }
    expect(err?.kind).toBe("journal-corrupt");
    expect(err?.exitCode).toBe(3);
    expect(isKind(err?.cause, "unsafe-file")).toBe(true);
    expect(err?.message).toContain((err?.cause as EngineError).text);
  });
});

// The journaled multi-file commit: all files or none, file modes kept, symlinks never
// written through, events appended in the same transaction, no journal or temp left.

import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { InternalError, RefusedError } from "../../src/errors.js";
import { disk } from "../../src/workspace/disk.js";
import { needsRecovery, recoverJournal } from "../../src/workspace/recovery.js";
import { commit } from "../../src/workspace/transaction.js";
import { makeProject, type Project } from "../helpers/project.js";

let p: Project;
afterEach(() => {
  vi.restoreAllMocks();
  p?.cleanup();
});

const W = ".devrites/work/feat";
const ws = (name = "") => p.path(path.join(W, name));
const names = () => fs.readdirSync(ws()).sort();

function setup() {
  p = makeProject({ [`${W}/questions.md`]: "old q\n", [`${W}/state.md`]: "old s\n" });
}

describe("commit", () => {
  it("writes every file and appends events, leaving no journal or temp file", () => {
    setup();
    commit(ws(), [{ path: ws("questions.md"), content: "new q\n" }, { path: ws("state.md"), content: "new s\r\n" }], [{ path: ws("events.jsonl"), data: '{"a":1}\n' }]);
    expect(p.read(`${W}/questions.md`)).toBe("new q\n");
    expect(p.read(`${W}/state.md`)).toBe("new s\r\n");
    expect(p.read(`${W}/events.jsonl`)).toBe('{"a":1}\n');
    expect(names()).toEqual(["events.jsonl", "questions.md", "state.md"]);
  });

  it("appends after existing events, starting a new line after a hand-edited last line without one", () => {
    setup();
    p.write(`${W}/events.jsonl`, '{"a":1}\n{"b":2}');
    commit(ws(), [], [{ path: ws("events.jsonl"), data: '{"c":3}\n' }]);
    expect(p.read(`${W}/events.jsonl`)).toBe('{"a":1}\n{"b":2}\n{"c":3}\n');
  });

  it("creates a file that did not exist", () => {
    setup();
    commit(ws(), [{ path: ws("decisions.md"), content: "# D\n" }]);
    expect(p.read(`${W}/decisions.md`)).toBe("# D\n");
  });

  it("with nothing to write it touches nothing", () => {
    setup();
    commit(ws(), [], []);
    expect(names()).toEqual(["questions.md", "state.md"]);
  });

  it.each([0o600, 0o640, 0o755, 0o444])("keeps the target's file mode %s", (mode) => {
    setup();
    fs.chmodSync(ws("questions.md"), mode);
    commit(ws(), [{ path: ws("questions.md"), content: "new\n" }]);
    expect(fs.statSync(ws("questions.md")).mode & 0o777).toBe(mode);
  });

  it("refuses a symlinked target (exit 3): neither file is written, the link's target untouched", () => {
    setup();
    p.write("outside.md", "outside\n");
    fs.rmSync(ws("state.md"));
    fs.symlinkSync(p.path("outside.md"), ws("state.md"));
    let err: unknown;
    try {
      commit(ws(), [{ path: ws("questions.md"), content: "new q\n" }, { path: ws("state.md"), content: "new s\n" }]);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(RefusedError);
    expect(p.read(`${W}/questions.md`)).toBe("old q\n");
    expect(p.read("outside.md")).toBe("outside\n");
    expect(needsRecovery(ws())).toBe(false);
  });

  it("refuses a symlinked events.jsonl (exit 3): nothing written through it, no file changed", () => {
    setup();
    p.write("outside.jsonl", "outside\n");
    fs.symlinkSync(p.path("outside.jsonl"), ws("events.jsonl"));
    expect(() => commit(ws(), [{ path: ws("questions.md"), content: "new q\n" }], [{ path: ws("events.jsonl"), data: "{}\n" }])).toThrow(RefusedError);
    expect(p.read("outside.jsonl")).toBe("outside\n");
    expect(p.read(`${W}/questions.md`)).toBe("old q\n");
    expect(needsRecovery(ws())).toBe(false);
  });

  it("a failure while preparing (before the journal) removes the temps and leaves the old files", () => {
    setup();
    const real = disk.fsyncSync;
    let calls = 0;
    vi.spyOn(disk, "fsyncSync").mockImplementation((fd) => {
      if (++calls === 2) throw Object.assign(new Error("EIO: simulated"), { code: "EIO" });
      real(fd);
    });
    expect(() => commit(ws(), [{ path: ws("questions.md"), content: "new q\n" }, { path: ws("state.md"), content: "new s\n" }])).toThrow(InternalError);
    vi.restoreAllMocks();
    expect(p.read(`${W}/questions.md`)).toBe("old q\n");
    expect(p.read(`${W}/state.md`)).toBe("old s\n");
    expect(names()).toEqual(["questions.md", "state.md"]);
  });

  it("a failure mid-rename rolls the renamed files back: old files, no event, no journal, nothing wedged", () => {
    setup();
    const real = disk.renameSync;
    let calls = 0;
    vi.spyOn(disk, "renameSync").mockImplementation((a, b) => {
      if (++calls === 2) throw Object.assign(new Error("EPERM: simulated"), { code: "EPERM" });
      real(a, b);
    });
    expect(() =>
      commit(ws(), [{ path: ws("questions.md"), content: "new q\n" }, { path: ws("state.md"), content: "new s\n" }], [{ path: ws("events.jsonl"), data: "{}\n" }]),
    ).toThrow(/rolled back/);
    vi.restoreAllMocks();
    expect(p.read(`${W}/questions.md`)).toBe("old q\n");
    expect(p.read(`${W}/state.md`)).toBe("old s\n");
    expect(names()).toEqual(["questions.md", "state.md"]);
    expect(recoverJournal(ws())).toBe("none");
  });
});

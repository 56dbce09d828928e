// The files a workspace journal may name are exactly the files the engine writes
// (journal.ts's OWN_FILES, one list): every one of them, left half-committed by a killed
// process, is finished by the next command's recovery; a write of any other file is refused
// by commit() before anything is written, so no command can leave a journal that its own
// recovery would refuse as corrupt (gates.md and the check baselines once could).

import fs from "node:fs";
import zlib from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { JOURNAL_FILE, OWN_FILES, TEMP_NAME } from "../../src/workspace/journal.js";
import { recoverJournal } from "../../src/workspace/recovery.js";
import { commit } from "../../src/workspace/transaction.js";
import { makeProject, type Project } from "../helpers/project.js";
import { thrown } from "../helpers/thrown.js";

let p: Project;
afterEach(() => p?.cleanup());
const W = ".devrites/work/feat";

describe.each(OWN_FILES.filter((f) => f !== "events.jsonl"))("%s", (name) => {
  it("a commit killed after its journal was written is finished by the next recovery", () => {
    p = makeProject({ [`${W}/${name}`]: "old\n" });
    const temp = `.${name}.4242.deadbeef.tmp`;
    expect(TEMP_NAME.test(temp)).toBe(true);
    p.write(`${W}/${temp}`, "new\n");
    const body = JSON.stringify({ v: 2, files: [{ target: name, temp, size: 4, crc32: zlib.crc32("new\n") }], appends: [] });
    p.write(`${W}/${JOURNAL_FILE}`, `${body}\ncrc32:${zlib.crc32(body).toString(16)}\n`);
    expect(recoverJournal(p.path(W))).toBe("finished");
    expect(p.read(`${W}/${name}`)).toBe("new\n");
    expect(fs.readdirSync(p.path(W))).toEqual([name]);
  });

  it("commit() writes it", () => {
    p = makeProject({ [`${W}/state.md`]: "s\n" });
    commit(p.path(W), [{ path: p.path(`${W}/${name}`), content: "x\n" }]);
    expect(p.read(`${W}/${name}`)).toBe("x\n");
  });
});

it.each(["notes.md", "spec.md", "../other/state.md", "sub/state.md"])("commit() refuses to write %s (not a file the engine owns), writing nothing", (name) => {
  p = makeProject({ [`${W}/state.md`]: "s\n" });
  const before = fs.readdirSync(p.path(W));
  const e = thrown(() => commit(p.path(W), [{ path: p.path(`${W}/${name}`), content: "x\n" }]));
  expect(e.exitCode).toBe(1);
  expect(e.text).toContain("is not one of them");
  expect(fs.readdirSync(p.path(W))).toEqual(before);
});

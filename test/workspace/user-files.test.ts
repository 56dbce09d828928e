// Files a user names on the command line: the batch file (readUserFile) and the ticket comments
// of --from-comments (readUserInput). What each returns or refuses, in process; standard input
// (`-`) needs a process of its own and is covered by the e2e suite of --from-comments.

import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { BadInputError } from "../../src/errors.js";
import { readUserFile, readUserInput } from "../../src/workspace/user-files.js";
import { makeProject, type Project } from "../helpers/project.js";
import { thrown } from "../helpers/thrown.js";

const MIB = 1024 * 1024;
let p: Project | undefined;
afterEach(() => p?.cleanup());

describe("readUserFile: the batch file", () => {
  it("reads a regular file relative to the working directory, bytes as written", () => {
    p = makeProject({ "answers.txt": "q-1: Yes\r\nq-2: --option 2\n" });
    expect(readUserFile(p.dir, "answers.txt")).toBe("q-1: Yes\r\nq-2: --option 2\n");
    expect(readUserFile(p.dir, p.path("answers.txt"))).toBe("q-1: Yes\r\nq-2: --option 2\n");
  });

  it("undefined for a missing file (the caller names what is missing); a directory is exit 5 named as one", () => {
    p = makeProject({ "dir/x": "" });
    expect(readUserFile(p.dir, "nope.txt")).toBeUndefined();
    const e = thrown(() => readUserFile(p!.dir, "dir"));
    expect(e).toBeInstanceOf(BadInputError);
    expect(e.exitCode).toBe(5);
    expect(e.text).toBe("batch file dir is not a file (a directory)");
  });

  it("over the cap: exit 5 (bad-batch) with the size, the cap and how to split, before a byte is read", () => {
    p = makeProject({ "answers.txt": "x".repeat(MIB + 1) });
    const e = thrown(() => readUserFile(p!.dir, "answers.txt", MIB));
    expect(e).toBeInstanceOf(BadInputError);
    expect(e.exitCode).toBe(5);
    expect(e.kind).toBe("bad-batch");
    expect(e.text).toBe(`batch file answers.txt is too large: ${MIB + 1} bytes, the limit is ${MIB} bytes (1 MiB)`);
    expect(e.hint).toBe("split it into several batch files and run each one");
  });

  it("not UTF-8: exit 5 (bad-batch) naming the file and the line, never a U+FFFD answer", () => {
    p = makeProject({});
    fs.writeFileSync(p.path("answers.txt"), Buffer.concat([Buffer.from("q-1: Yes\nq-2: caf"), Buffer.from([0xe9]), Buffer.from("\n")]));
    const e = thrown(() => readUserFile(p!.dir, "answers.txt"));
    expect(e).toBeInstanceOf(BadInputError);
    expect(e.exitCode).toBe(5);
    expect(e.kind).toBe("bad-batch");
    expect(e.message).toContain("the batch file is not valid UTF-8 (line 2)");
    expect(e.at).toEqual({ file: "answers.txt", line: 2 });
    expect(e.hint).toBe("convert the file to UTF-8, then retry");
  });
});

describe("readUserInput: the JSON of --from-comments", () => {
  it("reads a regular file, relative or absolute", () => {
    p = makeProject({ "c.json": '[{"body":"q-1: Yes"}]' });
    expect(readUserInput(p.dir, "c.json", 1024)).toBe('[{"body":"q-1: Yes"}]');
    expect(readUserInput("/", p.path("c.json"), 1024)).toBe('[{"body":"q-1: Yes"}]');
  });

  it.each([
    ["missing", "nope.json", "cannot read nope.json: ENOENT", "pass the path of a readable JSON file, or - for standard input"],
    ["a directory", "dir", "dir is not a regular file", "pass the path of a JSON file, or - for standard input"],
    ["over the cap", "big.json", "big.json is over the 1 MiB cap for this input", "pass fewer comments (one issue or pull request at a time)"],
    ["not UTF-8", "latin1.json", "latin1.json is not valid UTF-8", "pass the JSON exactly as gh api printed it"],
  ])("%s: exit 5 with what to pass instead", (_name, file, text, hint) => {
    p = makeProject({ "dir/x": "", "big.json": "x".repeat(MIB + 1) });
    fs.writeFileSync(p.path("latin1.json"), Buffer.from([0x5b, 0x22, 0xe9, 0x22, 0x5d]));
    const e = thrown(() => readUserInput(p!.dir, file, MIB));
    expect(e).toBeInstanceOf(BadInputError);
    expect(e.exitCode).toBe(5);
    expect(e.text).toBe(text);
    expect(e.hint).toBe(hint);
  });

  it("exactly at the cap is read", () => {
    p = makeProject({ "c.json": "x".repeat(MIB) });
    expect(readUserInput(p.dir, "c.json", MIB)).toBe("x".repeat(MIB));
  });
});

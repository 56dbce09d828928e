// A batch file is input like any workspace file: bytes that are not UTF-8 are exit 5 naming
// the file and line (never silently U+FFFD), and a lone CR ends a line, so a second entry
// can never fold into the first answer.

import { isUtf8 } from "node:buffer";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { invalidUtf8Line, parseBatch } from "../../src/documents/batch/parse-batch.js";
import type { Io } from "../../src/io.js";
import { makeRng } from "../helpers/generate.js";
import { FIXTURES_DIR, projectFromFixture, type Project } from "../helpers/project.js";

let p: Project | undefined;
afterEach(() => p?.cleanup());

async function resolveBatch(bytes: Buffer): Promise<{ exit: number; err: string }> {
  p = projectFromFixture("table-awaiting");
  fs.writeFileSync(p.path("answers.txt"), bytes);
  let err = "";
  const io: Io = {
    env: { DEVRITES_NOW: "2026-07-20T10:00:00Z" }, cwd: p.dir, stdout: () => {}, stderr: (t) => void (err += t),
    stdinIsTTY: false, stdoutIsTTY: false, now: () => new Date("2026-07-20T10:00:00Z"), pid: process.pid, hostname: os.hostname(),
  };
  const exit = await main(["state", "resolve", "--batch", "answers.txt"], io);
  return { exit, err };
}
const QUESTIONS = ".devrites/work/session-token-rotation/questions.md";

describe("batch file: invalid UTF-8 is exit 5 naming file and line", () => {
  it.each([
    ["a Latin-1 byte on line 2", Buffer.concat([Buffer.from("q-2026-09-02-001: ok\nq-2026-09-02-002: caf"), Buffer.from([0xe9]), Buffer.from("\n")]), 2],
    ["a truncated sequence on line 1", Buffer.from([0x71, 0x3a, 0x20, 0xe2, 0x82]), 1],
    ["after lone-CR lines, on line 3", Buffer.concat([Buffer.from("# a\r# b\r"), Buffer.from([0xff]), Buffer.from("\n")]), 3],
  ])("%s", async (_name, bytes, line) => {
    const before = fs.readFileSync(path.join(FIXTURES_DIR, "table-awaiting", QUESTIONS), "utf8");
    const r = await resolveBatch(bytes);
    expect(r.exit).toBe(5);
    expect(r.err).toContain(`devrites-engine: answers.txt:${line}: the batch file is not valid UTF-8`);
    expect(p!.read(QUESTIONS)).toBe(before);
  });

  it("a valid file still resolves (near miss: multi-byte UTF-8 and a real U+FFFD are fine)", async () => {
    const r = await resolveBatch(Buffer.from("q-2026-09-02-001: Zürich ✓ \uFFFD\n"));
    expect(r.exit, r.err).toBe(0);
    expect(p!.read(QUESTIONS)).toContain("answer: Zürich ✓ \uFFFD");
  });
});

describe("batch file: a lone CR ends a line", () => {
  it.each([
    ["lone CR", "q-1: a\r--drop q-2: b\r", [[1, "q-1", "a"], [2, "q-2", "b"]]],
    ["mixed LF, CRLF and CR", "q-1: a\nq-2: b\r\nq-3: c\rq-4: d", [[1, "q-1", "a"], [2, "q-2", "b"], [3, "q-3", "c"], [4, "q-4", "d"]]],
    ["a blank CR line counts", "q-1: a\r\rq-2: b", [[1, "q-1", "a"], [3, "q-2", "b"]]],
  ])("%s: each entry on its own line", (_name, text, want) => {
    expect(parseBatch(text, "b.txt").map((e) => [e.line, e.qid, e.payload])).toEqual(want);
  });

  it("end to end: two lone-CR entries answer two questions, not one", async () => {
    const r = await resolveBatch(Buffer.from("q-2026-09-02-001: first\rq-2026-09-02-002: second\r"));
    expect(r.exit, r.err).toBe(0);
    const q = p!.read(QUESTIONS);
    expect(q).toContain("answer: first\n");
    expect(q).toContain("answer: second\n");
  });
});

describe("invalidUtf8Line agrees with Buffer's isUtf8", () => {
  it.each([
    ["ASCII", [0x61, 0x0a, 0x62], undefined],
    ["2-byte é", [0xc3, 0xa9], undefined],
    ["4-byte emoji", [0xf0, 0x9f, 0x98, 0x80], undefined],
    ["overlong /", [0xc0, 0xaf], 1],
    ["a surrogate", [0x0a, 0xed, 0xa0, 0x80], 2],
    ["above U+10FFFF", [0xf4, 0x90, 0x80, 0x80], 1],
    ["a lone continuation", [0x0d, 0x0a, 0x80], 2],
  ])("%s", (_name, bytes, line) => {
    expect(invalidUtf8Line(Uint8Array.from(bytes))).toBe(line);
  });

  it("2,000 random byte strings: undefined exactly when isUtf8", () => {
    const rng = makeRng(0xb47c4);
    const pool = [0x61, 0x0a, 0x0d, 0xc3, 0xa9, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80, 0xed, 0xa0, 0xc0, 0xff, 0x80, 0xbf, 0xf4, 0x90];
    for (let n = 0; n < 2000; n++) {
      const bytes = Uint8Array.from({ length: rng.int(0, 10) }, () => rng.pick(pool));
      expect(invalidUtf8Line(bytes) === undefined, Buffer.from(bytes).toString("hex")).toBe(isUtf8(bytes));
    }
  });
});

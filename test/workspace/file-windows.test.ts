// A large questions.md read for a few blocks stays on disk (src/workspace/file-windows.ts):
// read in windows of whole lines through one buffer, its blocks read alone, and its untouched
// stretches copied into the temp file at commit. The windows must cover the file exactly and
// never cut a character; the checks of a whole read still hold (links, non-files, not UTF-8);
// and a file another program changed between the read and the copy is never written from.

import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { FileWindows, readForBlocks, WINDOW_BYTES } from "../../src/workspace/file-windows.js";
import { commit } from "../../src/workspace/transaction.js";
import { makeProject, type Project } from "../helpers/project.js";
import { thrown } from "../helpers/thrown.js";

let p: Project;
let held: FileWindows[] = [];
afterEach(() => {
  for (const f of held) f.close();
  held = [];
  p?.cleanup();
});

const W = ".devrites/work/feat";

function open(content: string | Buffer): FileWindows {
  p = makeProject({ [`${W}/state.md`]: "s\n" });
  fs.writeFileSync(p.path(`${W}/questions.md`), content);
  const read = readForBlocks(p.path(W), "questions.md", true);
  if (read === undefined || Buffer.isBuffer(read)) throw new Error("expected the file to stay on disk");
  held.push(read);
  return read;
}

function windowsOf(f: FileWindows): Buffer[] {
  const out: Buffer[] = [];
  f.windows((w) => out.push(Buffer.from(w)));
  return out;
}

/** Lines of `width` characters (each ending in LF) until the text is at least `bytes` long. */
const lines = (bytes: number, width = 40, char = "x") => `${char.repeat(width - 1)}\n`.repeat(Math.ceil(bytes / width));

describe("readForBlocks", () => {
  it("gives a file of at most one window whole (a Buffer) and keeps a larger one open on disk", () => {
    p = makeProject({ [`${W}/questions.md`]: "a".repeat(WINDOW_BYTES), [`${W}/decisions.md`]: "b".repeat(WINDOW_BYTES + 1) });
    const small = readForBlocks(p.path(W), "questions.md", true);
    expect(Buffer.isBuffer(small) && small.length).toBe(WINDOW_BYTES);
    const large = readForBlocks(p.path(W), "decisions.md", true);
    expect(large).toBeInstanceOf(FileWindows);
    (large as FileWindows).close();
    expect(readForBlocks(p.path(W), "touched-files.md", false)).toBeUndefined();
    expect(thrown(() => readForBlocks(p.path(W), "touched-files.md", true)).exitCode).toBe(2);
  });

  it("refuses a symbolic link (exit 3) and a file that is not UTF-8 (exit 5), small or large, naming the file", () => {
    p = makeProject({ [`${W}/real.md`]: "## q-1\n" });
    fs.symlinkSync(p.path(`${W}/real.md`), p.path(`${W}/questions.md`));
    expect(thrown(() => readForBlocks(p.path(W), "questions.md", true)).exitCode).toBe(3);
    for (const size of [100, WINDOW_BYTES * 3]) {
      const bad = Buffer.from(lines(size));
      bad[bad.length - 10] = 0xff;
      fs.rmSync(p.path(`${W}/questions.md`));
      fs.writeFileSync(p.path(`${W}/questions.md`), bad);
      const e = thrown(() => {
        const read = readForBlocks(p.path(W), "questions.md", true);
        if (read instanceof FileWindows) {
          held.push(read);
          read.windows(() => {});
        }
      });
      expect([e.exitCode, e.message]).toEqual([5, `questions.md is not valid UTF-8: ${p.path(`${W}/questions.md`)}`]);
    }
  });
});

describe("FileWindows", () => {
  it("reads whole lines per window, every byte once, and never cuts a character at a window edge", () => {
    // Lines of two- and three-byte characters, so that a cut at the buffer's size would split one; the last line has no LF.
    const text = `${"é—✓ ".repeat(10_000).replace(/(.{40})/g, "$1\n")}\n${lines(WINDOW_BYTES * 2, 33, "ü")}## q-1\nstatus: open`;
    const f = open(text);
    const ws = windowsOf(f);
    expect(ws.length).toBeGreaterThan(2);
    for (const w of ws.slice(0, -1)) expect(w[w.length - 1]).toBe(10);
    expect(Buffer.concat(ws).toString("utf8")).toBe(text);
  });

  it("gives a line longer than the buffer in one window (the buffer grows)", () => {
    const long = "y".repeat(WINDOW_BYTES * 3 + 5);
    const text = `# Q\n${long}\n## q-1\n`;
    const ws = windowsOf(open(text));
    expect(ws.some((w) => w.toString("utf8") === `${long}\n` || w.toString("utf8").includes(`${long}\n`))).toBe(true);
    expect(Buffer.concat(ws).toString("utf8")).toBe(text);
  });

  it("reads a range alone and copies ranges in pieces that add up to the bytes", () => {
    const text = lines(WINDOW_BYTES * 3, 50);
    const f = open(text);
    expect(f.slice(10, 20).toString("utf8")).toBe(text.slice(10, 20));
    const parts: Buffer[] = [];
    f.range(7, f.size - 3).copy((piece) => parts.push(Buffer.from(piece)));
    expect(parts.length).toBeGreaterThan(1);
    expect(Buffer.concat(parts).toString("utf8")).toBe(text.slice(7, -3));
  });

  it.each<[string, (path: string) => void]>([
    ["rewritten in place, same size", (q) => fs.writeFileSync(q, lines(WINDOW_BYTES * 2).replace("x", "z"))],
    ["appended to", (q) => fs.appendFileSync(q, "## q-9\n")],
    ["replaced by a rename (an editor's save)", (q) => (fs.writeFileSync(`${q}.new`, "## q-1\n"), fs.renameSync(`${q}.new`, q))],
    ["truncated", (q) => fs.truncateSync(q, 100)],
  ])("a file %s between the read and the copy: exit 4, the copy refused", (_name, change) => {
    const f = open(lines(WINDOW_BYTES * 2));
    f.windows(() => {});
    change(p.path(`${W}/questions.md`));
    const e = thrown(() => f.range(0, f.size).copy(() => {}));
    expect(e.exitCode).toBe(4);
    expect(e.message).toContain("questions.md changed while the engine was rewriting it");
  });
});

describe("a commit whose content is ranges of the file it replaces", () => {
  it("writes the ranges and the new bytes in order, and leaves no temp", () => {
    const text = lines(WINDOW_BYTES * 2, 30);
    const f = open(text);
    const target = p.path(`${W}/questions.md`);
    commit(p.path(W), [{ path: target, content: [f.range(0, 60), Buffer.from("NEW\n"), f.range(90, f.size)] }]);
    expect(fs.readFileSync(target, "utf8")).toBe(`${text.slice(0, 60)}NEW\n${text.slice(90)}`);
    expect(fs.readdirSync(p.path(W)).filter((n) => n.endsWith(".tmp") || n === ".journal")).toEqual([]);
  });

  it("changed by another program before the copy: exit 4, the target as the other program left it, no temp, no journal", () => {
    const f = open(lines(WINDOW_BYTES * 2, 30));
    const target = p.path(`${W}/questions.md`);
    fs.appendFileSync(target, "## q-hand\n");
    const after = fs.readFileSync(target, "utf8");
    const e = thrown(() => commit(p.path(W), [{ path: target, content: [f.range(0, 60), Buffer.from("NEW\n"), f.range(90, f.size)] }]));
    expect(e.exitCode).toBe(4);
    expect(fs.readFileSync(target, "utf8")).toBe(after);
    expect(fs.readdirSync(p.path(W)).filter((n) => n.endsWith(".tmp") || n === ".journal")).toEqual([]);
  });
});

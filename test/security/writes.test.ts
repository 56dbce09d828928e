// Faults while writing (commands.md, Transactions): a full disk, short writes and a refused
// rename mid-commit fail the command (exit 1) and roll every file back, so the workspace is
// old or new, never torn, events.jsonl never gains a torn or orphan line, and no command is
// wedged afterwards. Faults are injected through workspace/disk.ts's function table.

import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { disk } from "../../src/workspace/disk.js";
import { AWAITED, makeSandbox, run, type Sandbox } from "./harness.js";

let sb: Sandbox;
afterEach(() => {
  vi.restoreAllMocks();
  sb?.cleanup();
});

const enospc = () => Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });

/** The disk fills after `budget` more bytes: the write that crosses it is short, the next one fails. */
function diskFullAfter(budget: number): void {
  const real = disk.writeSync;
  let left = budget;
  vi.spyOn(disk, "writeSync").mockImplementation((fd, buf, off, len, pos) => {
    if (left <= 0) throw enospc();
    const n = Math.min(len, left);
    left -= n;
    return real(fd, buf, off, n, pos);
  });
}

/** Every line of events.jsonl parses as JSON (no torn line). */
function eventLines(s: Sandbox): unknown[] {
  const p = path.join(s.ws, "events.jsonl");
  if (!fs.existsSync(p)) return [];
  const text = fs.readFileSync(p, "utf8");
  expect(text === "" || text.endsWith("\n"), "events.jsonl ends mid-line").toBe(true);
  return text.split("\n").filter((l) => l !== "").map((l) => JSON.parse(l) as unknown);
}

async function tenOpenQuestions(s: Sandbox): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 1; i <= 10; i++) {
    const r = await run(s.project, ["question", "add", "--gate", "advisory", "--question", `Which cache TTL for tier ${i}?`, "--option", "30s", "--option", "60s", "--json"]);
    expect(r.exit, r.out + r.err).toBe(0);
    ids.push(String((JSON.parse(r.out) as { qid: string }).qid));
  }
  return ids;
}

describe("a full disk fails loudly and commits nothing", () => {
  it("a batch answering 10 questions, the disk full at any byte: exit 0 with all 10 events or exit 1 with none, never a torn line", async () => {
    sb = makeSandbox();
    const ids = await tenOpenQuestions(sb);
    fs.writeFileSync(path.join(sb.project, "answers.txt"), ids.map((q) => `${q}: 60s`).join("\n") + "\n");
    const pristine = sb.workspaceFiles();
    const snapshot = fs.mkdtempSync(path.join(sb.base, "snap-"));
    fs.cpSync(sb.ws, snapshot, { recursive: true });
    // How many bytes the whole commit (lock, temps, journal, events) writes, then budgets from
    // nothing to past all of it, in steps that land inside every one of those files.
    const real = disk.writeSync;
    let total = 0;
    vi.spyOn(disk, "writeSync").mockImplementation((fd, buf, off, len, pos) => {
      total += len;
      return real(fd, buf, off, len, pos);
    });
    expect((await run(sb.project, ["state", "resolve", "--batch", "answers.txt"])).exit).toBe(0);
    vi.restoreAllMocks();
    let sawFull = 0;
    for (const budget of [...Array.from({ length: 24 }, (_, i) => Math.floor((total * i) / 24)), total - 1, total]) {
      fs.rmSync(sb.ws, { recursive: true });
      fs.cpSync(snapshot, sb.ws, { recursive: true });
      const before = eventLines(sb).length;
      diskFullAfter(budget);
      const r = await run(sb.project, ["state", "resolve", "--batch", "answers.txt"]);
      vi.restoreAllMocks();
      expect([0, 1], `budget ${budget}: ${r.err}`).toContain(r.exit);
      const lines = eventLines(sb);
      if (r.exit === 0) {
        expect(lines.length - before).toBeGreaterThanOrEqual(10);
      } else {
        sawFull++;
        expect(r.err).toMatch(/ENOSPC|no space|short write/);
        expect(lines.length, `budget ${budget}: events after a failed batch`).toBe(before);
        expect(sb.workspaceFiles(), `budget ${budget}: files after a failed batch`).toEqual(pristine);
      }
      expect(fs.readdirSync(sb.ws).filter((n) => n.endsWith(".tmp") || n === ".journal" || n === ".engine.lock")).toEqual([]);
    }
    expect(sawFull).toBeGreaterThan(20);
    expect(sb.outsideChanges().filter((c) => !c.includes("snap-") && !c.includes("answers.txt"))).toEqual([]);
  });

  it("short writes that still make progress are completed, never left short", async () => {
    sb = makeSandbox();
    const real = disk.writeSync;
    vi.spyOn(disk, "writeSync").mockImplementation((fd, buf, off, len, pos) => real(fd, buf, off, Math.min(len, 7), pos));
    const r = await run(sb.project, ["state", "resolve", AWAITED, "Keep it"]);
    vi.restoreAllMocks();
    expect(r.exit, r.err).toBe(0);
    const reference = makeSandbox();
    try {
      expect((await run(reference.project, ["state", "resolve", AWAITED, "Keep it"])).exit).toBe(0);
      const ids = (t: string | undefined) => t?.replace(/"id":"ev-[^"]+"/g, '"id":"ev"');
      const [got, want] = [sb.workspaceFiles(), reference.workspaceFiles()];
      expect({ ...got, "events.jsonl": ids(got["events.jsonl"]) }).toEqual({ ...want, "events.jsonl": ids(want["events.jsonl"]) });
    } finally {
      reference.cleanup();
    }
    expect(eventLines(sb).length).toBeGreaterThan(0);
  });
});

describe("a rename refused mid-commit rolls back", () => {
  it.each(["EPERM", "EACCES", "EIO", "EBUSY"])("%s on the second rename: exit 1, every file old, no journal, and the next commands work", async (code) => {
    sb = makeSandbox();
    const before = sb.workspaceFiles();
    const real = disk.renameSync;
    let n = 0;
    vi.spyOn(disk, "renameSync").mockImplementation((a, b) => {
      if (++n === 2) throw Object.assign(new Error(`${code}: operation refused, rename`), { code });
      real(a, b);
    });
    const r = await run(sb.project, ["state", "resolve", AWAITED, "Keep it"]);
    vi.restoreAllMocks();
    expect(r.exit).toBe(1);
    expect(r.err).toContain(code);
    expect(r.err).not.toMatch(/this is a bug/);
    expect(sb.workspaceFiles()).toEqual(before);
    expect(fs.readdirSync(sb.ws).filter((f) => f.startsWith("."))).toEqual([]);
    expect((await run(sb.project, ["status"])).exit).toBe(0);
    expect((await run(sb.project, ["state", "resolve", AWAITED, "Keep it"])).exit).toBe(0);
    expect(sb.outsideChanges()).toEqual([]);
  });
});

describe("a rename onto one file that keeps failing", () => {
  it.each(["EPERM", "EBUSY"])("%s on every rename onto state.md (an immutable or locked file): exit 1 with both files old, and the commands that do not need that rename still work", async (code) => {
    sb = makeSandbox();
    const before = sb.workspaceFiles();
    const real = disk.renameSync;
    vi.spyOn(disk, "renameSync").mockImplementation((a, b) => {
      if (path.basename(String(b)) === "state.md") throw Object.assign(new Error(`${code}: operation not permitted, rename`), { code });
      real(a, b);
    });
    for (let attempt = 1; attempt <= 2; attempt++) {
      const r = await run(sb.project, ["state", "resolve", AWAITED, "Keep it"]);
      expect(r.exit, `attempt ${attempt}: ${r.err}`).toBe(1);
      expect(r.err).toContain(code);
      expect(r.err).not.toMatch(/this is a bug|cannot finish or roll back/);
      // questions.md is rolled back from its backup: both files old, never questions new and state old.
      expect(sb.workspaceFiles(), `attempt ${attempt}`).toEqual(before);
      expect(fs.readdirSync(sb.ws).filter((f) => f === ".journal" || f.endsWith(".tmp"))).toEqual([]);
    }
    // Not wedged: what needs no rename onto state.md works while the fault lasts.
    expect((await run(sb.project, ["status"])).exit).toBe(0);
    const add = await run(sb.project, ["question", "add", "--gate", "advisory", "--question", "Which TTL?", "--option", "30s", "--option", "60s"]);
    expect(add.exit, add.err).toBe(0);
    expect((await run(sb.project, ["check"])).err).not.toMatch(/journal/);
    vi.restoreAllMocks();
    expect((await run(sb.project, ["state", "resolve", AWAITED, "Keep it"])).exit).toBe(0);
    expect(sb.outsideChanges()).toEqual([]);
  });
});

describe("the lock on a full disk", () => {
  it("ENOSPC while writing the lock leaves no (empty) .engine.lock and exit 1", async () => {
    sb = makeSandbox();
    vi.spyOn(disk, "writeSync").mockImplementation(() => {
      throw enospc();
    });
    const r = await run(sb.project, ["state", "resolve", AWAITED, "Keep it"]);
    vi.restoreAllMocks();
    expect(r.exit).toBe(1);
    expect(fs.existsSync(path.join(sb.ws, ".engine.lock"))).toBe(false);
    expect((await run(sb.project, ["state", "resolve", AWAITED, "Keep it"], { DEVRITES_LOCK_TIMEOUT_MS: "0" })).exit).toBe(0);
  });
});

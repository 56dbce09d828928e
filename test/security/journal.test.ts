// Forged journals (commands.md, Trust boundary): a `.journal` found in a copied workspace names
// only what it names. Anything but the workspace's own files and the engine's own nonce'd temps
// is a corrupt journal, exit 3 naming it, for every command: nothing outside `.devrites/` is
// read, written, renamed or deleted, and the workspace stays as it was.

import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { AWAITED, forgeJournal, makeSandbox, rebaseline, run, type Sandbox } from "./harness.js";

let sb: Sandbox;
afterEach(() => sb?.cleanup());

const NONCE = "0123456789abcdef";
const temp = (name: string) => `.${name}.4242.${NONCE}.tmp`;

/** Lay a forged journal (and optional files) in the workspace; returns the sandbox re-baselined. */
function plant(body: unknown, files: Record<string, string> = {}): Sandbox {
  sb = makeSandbox();
  for (const [rel, text] of Object.entries(files)) fs.writeFileSync(path.join(sb.ws, rel), text);
  fs.writeFileSync(path.join(sb.ws, ".journal"), forgeJournal(body));
  return rebaseline(sb);
}

describe("a forged journal never acts outside the workspace", () => {
  const cases: [string, (s: Sandbox) => unknown][] = [
    ["an append to an absolute path (a shell profile)", (s) => ({ v: 2, files: [], appends: [{ target: path.join(s.outside, ".bashrc"), offset: 0, data: "echo PWNED\n" }] })],
    ["an append through ..", () => ({ v: 2, files: [], appends: [{ target: "../../../../outside/.bashrc", offset: 0, data: "echo PWNED\n" }] })],
    ["a rename of one outside file over another", (s) => ({ v: 2, files: [{ target: path.join(s.outside, ".bashrc"), temp: path.join(s.outside, "victim.txt"), size: 9, crc32: 0 }], appends: [] })],
    ["a discard that deletes an outside temp", (s) => ({ v: 3, nonce: NONCE, files: [{ target: "state.md", temp: path.join(s.outside, "victim.txt"), size: 1, crc32: 1, existed: true }], appends: [] })],
    ["a target that is not a workspace file", () => ({ v: 3, nonce: NONCE, files: [{ target: "plan.md", temp: temp("plan.md"), size: 1, crc32: 1, existed: false }], appends: [] })],
    ["a temp without this journal's nonce", () => ({ v: 3, nonce: NONCE, files: [{ target: "state.md", temp: ".state.md.4242.fedcba9876543210.tmp", size: 1, crc32: 1, existed: true }], appends: [] })],
    ["a backup outside the workspace", (s) => ({ v: 3, nonce: NONCE, files: [{ target: "state.md", temp: temp("state.md"), size: 1, crc32: 1, existed: true, backup: path.join(s.outside, "victim.txt") }], appends: [] })],
    ['"files": [null]', () => ({ v: 2, files: [null], appends: [] })],
    ["a size of the wrong type", () => ({ v: 2, files: [{ target: "state.md", temp: ".state.md.1.0000abcd.tmp", size: "9", crc32: 1 }], appends: [] })],
    ["an append offset of 1e12 (a terabyte sparse events.jsonl)", () => ({ v: 2, files: [], appends: [{ target: "events.jsonl", offset: 1e12, data: "{}\n" }] })],
    ["an append offset past the real file's end", () => ({ v: 2, files: [], appends: [{ target: "events.jsonl", offset: 10, data: "{}\n" }] })],
    ["an unknown version", () => ({ v: 9, files: [], appends: [] })],
  ];

  it.each(cases)("%s: every command is exit 3 naming the journal, outside untouched, workspace unchanged", async (_name, body) => {
    sb = makeSandbox();
    sb = plant(body(sb), { "events.jsonl": "" });
    const before = sb.workspaceFiles();
    for (const argv of [["status"], ["log"], ["state", "resolve", AWAITED, "Keep it"]]) {
      const r = await run(sb.project, argv);
      expect(r.exit, `${argv.join(" ")}: ${r.err}`).toBe(3);
      expect(r.err).toContain(path.join(sb.ws, ".journal"));
      expect(r.err).toMatch(/hint: .*delete it/);
      expect(r.err).not.toMatch(/internal error|this is a bug/);
    }
    expect(sb.outsideChanges()).toEqual([]);
    expect(sb.workspaceFiles()).toEqual(before);
    expect(fs.statSync(path.join(sb.ws, "events.jsonl")).size).toBe(0);
  });

  it("once the corrupt journal is deleted, the next command works again (never wedged)", async () => {
    sb = makeSandbox();
    sb = plant({ v: 2, files: [null], appends: [] });
    expect((await run(sb.project, ["status"])).exit).toBe(3);
    fs.rmSync(path.join(sb.ws, ".journal"));
    expect((await run(sb.project, ["status"])).exit).toBe(0);
    expect((await run(sb.project, ["state", "resolve", AWAITED, "Keep it"])).exit).toBe(0);
    expect(sb.outsideChanges()).toEqual([]);
  });

  it("a directory named .journal is exit 3 naming it, not an internal error", async () => {
    sb = makeSandbox();
    fs.mkdirSync(path.join(sb.ws, ".journal"));
    sb = rebaseline(sb);
    const r = await run(sb.project, ["status"]);
    expect(r.exit).toBe(3);
    expect(r.err).toContain(".journal");
    expect(r.err).not.toMatch(/internal error|this is a bug/);
    expect(sb.outsideChanges()).toEqual([]);
  });
});

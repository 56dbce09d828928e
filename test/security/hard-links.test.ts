// Appends never write through a hard link (CHANGES 2026-12-04): a workspace file whose link
// count is not 1 — events.jsonl linked to a file outside the project, say — is refused
// (exit 3) before anything is written, by a commit and by the replay of a journal alike, and
// the hint's command gives the file a copy of its own so that the next command works.

import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { AWAITED, forgeJournal, makeSandbox, rebaseline, run, type Sandbox } from "./harness.js";

let sb: Sandbox;
afterEach(() => sb?.cleanup());

const VICTIM = "precious\n";

/** Replace workspace file `name` by a second name of outside/victim.txt. */
function linkToVictim(name: string): string {
  const p = path.join(sb.ws, name);
  fs.rmSync(p, { force: true });
  fs.linkSync(path.join(sb.outside, "victim.txt"), p);
  sb = rebaseline(sb);
  return p;
}

/** Give workspace file `name` a second name outside the project (its content stays the workspace's). */
function linkOutward(name: string): string {
  const p = path.join(sb.ws, name);
  fs.linkSync(p, path.join(sb.outside, name));
  sb = rebaseline(sb);
  return p;
}

/** Journal and temp files left in the workspace. */
const litter = () => fs.readdirSync(sb.ws).filter((n) => n === ".journal" || n.endsWith(".tmp"));

describe("a workspace file with other names is never written", () => {
  it.each<[string, string[]]>([
    ["events.jsonl", ["state", "resolve", AWAITED, "Keep it"]],
    ["questions.md", ["state", "resolve", AWAITED, "Keep it"]],
    ["state.md", ["state", "resolve", AWAITED, "Keep it"]],
    ["decisions.md", ["state", "resolve", "--record-decision", AWAITED, "Keep it"]],
    ["events.jsonl", ["question", "add", "--gate", "advisory", "--question", "Which TTL?", "--option", "30s", "--option", "60s"]],
    ["questions.md", ["question", "add", "--gate", "advisory", "--question", "Which TTL?", "--option", "30s", "--option", "60s"]],
  ])("%s hard-linked to an outside file: `%s` is exit 3 naming it, nothing written, the outside file untouched", async (name, argv) => {
    sb = makeSandbox();
    // events.jsonl is appended to: linked to the victim, an append would land in it.
    const p = name === "events.jsonl" ? linkToVictim(name) : linkOutward(name);
    const before = sb.workspaceFiles();
    const r = await run(sb.project, argv);
    expect(r.exit, r.err).toBe(3);
    expect(r.err).toContain(`${p} has 2 hard links`);
    expect(r.err).not.toMatch(/this is a bug|internal error/);
    expect(sb.workspaceFiles()).toEqual(before);
    expect(sb.outsideChanges()).toEqual([]);
    expect(litter()).toEqual([]);
  });

  it("the hint's command gives the file a copy of its own; then the resolve commits and the outside file keeps its bytes", async () => {
    sb = makeSandbox();
    const p = linkToVictim("events.jsonl");
    const r = await run(sb.project, ["state", "resolve", AWAITED, "Keep it"]);
    expect(r.exit).toBe(3);
    const hint = /hint: .*then retry: (.*)$/m.exec(r.err)?.[1];
    expect(hint).toBeDefined();
    execFileSync("sh", ["-c", hint!]);
    expect(fs.statSync(p).nlink).toBe(1);
    const again = await run(sb.project, ["state", "resolve", AWAITED, "Keep it"]);
    expect(again.exit, again.err).toBe(0);
    expect(fs.readFileSync(p, "utf8")).toMatch(/^precious\n\{.*"event":"resolved"/);
    expect(sb.outsideChanges()).toEqual([]);
  });

  it("a path with spaces and a quote is quoted in the hint so that the command still works", async () => {
    sb = makeSandbox();
    const odd = path.join(sb.base, "it's a project");
    fs.renameSync(sb.project, odd);
    sb = { ...sb, project: odd, devrites: path.join(odd, ".devrites"), ws: sb.ws.replace(path.join(sb.base, "project"), odd) };
    const p = linkToVictim("events.jsonl");
    const r = await run(sb.project, ["state", "resolve", AWAITED, "Keep it"]);
    expect(r.exit).toBe(3);
    execFileSync("sh", ["-c", /then retry: (.*)$/m.exec(r.err)![1]!]);
    expect(fs.statSync(p).nlink).toBe(1);
    expect((await run(sb.project, ["state", "resolve", AWAITED, "Keep it"])).exit).toBe(0);
  });
});

describe("a journal's replay never writes through a hard link either", () => {
  it("a forged journal appending to (or cutting back) an events.jsonl linked outside: exit 3, the outside file untouched, every later command the same until it is fixed", async () => {
    sb = makeSandbox();
    fs.writeFileSync(path.join(sb.ws, "events.jsonl"), "");
    linkToVictim("events.jsonl");
    for (const offset of [0, VICTIM.length]) {
      fs.writeFileSync(path.join(sb.ws, ".journal"), forgeJournal({ v: 3, nonce: "0123456789abcdef", files: [], appends: [{ target: "events.jsonl", offset, data: "echo PWNED\n" }] }));
      for (const argv of [["status"], ["state", "resolve", AWAITED, "Keep it"]]) {
        const r = await run(sb.project, argv);
        expect(r.exit, `${offset} ${argv.join(" ")}: ${r.err}`).toBe(3);
        expect(r.err).toContain("has 2 hard links");
      }
      expect(fs.readFileSync(path.join(sb.outside, "victim.txt"), "utf8")).toBe(VICTIM);
    }
    expect(sb.outsideChanges()).toEqual([]);
  });
});

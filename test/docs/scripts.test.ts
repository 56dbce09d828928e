// What the README's scripts tell a newcomer to type must work from a clone: the commands the
// demo suggests on its last lines, and `npm run conformance` with or without the spec folder.

import { execa } from "execa";
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CLI_PATH, makeProject, REPO_DIR } from "../helpers/project.js";

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));

describe("scripts a newcomer runs", () => {
  it("the demo ends with commands that work as printed from the clone (no devrites-engine on PATH needed)", async () => {
    const demo = await execa(process.execPath, [path.join(REPO_DIR, "scripts", "demo.mjs")], { cwd: REPO_DIR, env: { DEVRITES_DEMO_CLI: CLI_PATH, NO_COLOR: "1", PATH: "/usr/bin:/bin" }, reject: false });
    expect(demo.exitCode, String(demo.stderr)).toBe(0);
    const suggested = String(demo.stdout)
      .split("\n")
      .filter((l) => /^ {2}node \S+ (check|questions|log) --root /.test(l))
      .map((l) => l.trim());
    expect(suggested.map((l) => l.split(" ")[2])).toEqual(["check", "questions", "log"]);
    const project = /--root (\S+)$/.exec(suggested[0]!)![1]!;
    cleanups.push(() => fs.rmSync(project, { recursive: true, force: true }));
    for (const line of suggested) {
      const [, bin, ...args] = line.split(" ");
      const r = await execa(process.execPath, [bin!, ...args], { cwd: REPO_DIR, env: { NO_COLOR: "1", PATH: "/usr/bin:/bin" }, reject: false });
      expect(r.exitCode, `${line}\n${String(r.stderr)}`).toBe(0);
    }
  });

  it("npm run conformance without the spec folder beside the repo explains the skip on one line and exits 0", async () => {
    const scratch = makeProject();
    cleanups.push(() => scratch.cleanup());
    const script = scratch.path("repo/scripts/conformance.mjs");
    fs.mkdirSync(path.dirname(script), { recursive: true });
    fs.copyFileSync(path.join(REPO_DIR, "scripts", "conformance.mjs"), script);
    const r = await execa(process.execPath, [script], { cwd: scratch.path("repo"), reject: false });
    expect(r.exitCode).toBe(0);
    expect(String(r.stdout).trim().split("\n")).toHaveLength(1);
    expect(String(r.stdout)).toMatch(/^conformance: skipped, the suite is not here \(looked for .*shared\/conformance\/run\.mjs\)/);
  });
});

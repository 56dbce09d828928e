// The Node lines the engine is tested on. `.ci/run` runs `npm test` under the system Node and
// again under each pinned Node binary (`NODE_LANES` there), with DEVRITES_NODE_LANE set to the
// lane's version: these tests hold that such a run really is on that Node — vitest's workers and
// the CLI processes the e2e tests spawn — and that package.json and the README claim no more and
// no less than the lanes test.

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { projectFromExample, type Project } from "../helpers/project.js";

const REPO = path.resolve(import.meta.dirname, "..", "..");
const LANE = process.env.DEVRITES_NODE_LANE;

/** The versions pinned in .ci/run's NODE_LANES, e.g. ["22.23.5", "24.22.3", "26.12.1"]. */
function pinnedLanes(): string[] {
  const ci = fs.readFileSync(path.join(REPO, ".ci", "run"), "utf8");
  const block = /^NODE_LANES=\(\n([\s\S]*?)^\)/m.exec(ci);
  expect(block, ".ci/run defines NODE_LANES=( … )").not.toBeNull();
  return [...block![1]!.matchAll(/^\s*"(\d+\.\d+\.\d+) sha512-[A-Za-z0-9+/=]+"\s*$/gm)].map((m) => m[1]!);
}

const versionParts = (v: string) => v.replace(/^v/, "").split(".").map(Number) as [number, number, number];
const atLeast = (v: string, min: string) => {
  const [a, b] = [versionParts(v), versionParts(min)];
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i]! > b[i]!;
  return true;
};

let p: Project;
let tmp: string;
beforeAll(() => {
  p = projectFromExample();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "devrites-node-lane-"));
});
afterAll(() => {
  p.cleanup();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe("Node lines", () => {
  it("the Node running these tests satisfies package.json's engines.node (the lower bound is a line CI runs)", () => {
    const engines = (JSON.parse(fs.readFileSync(path.join(REPO, "package.json"), "utf8")) as { engines: { node: string } }).engines.node;
    const m = /^>=(\d+\.\d+\.\d+)$/.exec(engines);
    expect(m, `engines.node ${engines} is a single lower bound`).not.toBeNull();
    expect(atLeast(process.version, m![1]!), `${process.version} against ${engines}`).toBe(true);
  });

  it("every lane .ci/run pins is a different major line from 22 up, and the README names exactly those lines as tested", () => {
    const lanes = pinnedLanes();
    const majors = lanes.map((v) => versionParts(v)[0]);
    expect(majors.length).toBeGreaterThanOrEqual(3);
    expect(new Set(majors).size).toBe(majors.length);
    expect(majors.every((m) => m >= 22)).toBe(true);
    const readme = fs.readFileSync(path.join(REPO, "README.md"), "utf8").replace(/\s+/g, " ");
    const statement = /Node\.js (\d+(?:, \d+)* or \d+), each tested in CI/.exec(readme);
    expect(statement, "README says `Node.js 22, 24 or 26, each tested in CI`").not.toBeNull();
    expect(statement![1]!.split(/, | or /).map(Number)).toEqual(majors);
  });

  it.runIf(LANE !== undefined)("in a CI lane, vitest's worker and the CLI it spawns both run on the lane's Node", async () => {
    expect(pinnedLanes()).toContain(LANE);
    expect(process.version).toBe(`v${LANE}`);
    const preload = path.join(tmp, "report-version.cjs");
    fs.writeFileSync(preload, `process.stderr.write("NODE " + process.version + "\\n");`);
    const r = await runCli(["--version"], { cwd: p.dir, env: { NODE_OPTIONS: `--require ${preload}` } });
    expect(r.exit, r.stderr).toBe(0);
    expect(r.stderr.split("\n")).toContain(`NODE v${LANE}`);
  });
});

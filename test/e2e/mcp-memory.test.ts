// The served process keeps the young generation start-up gave it (serveProcessStdio stops V8
// from doubling it) and its old generation flat (a full GC every GC_EVERY_CALLS calls), so
// resident memory does not grow over a session (docs/performance.md). A preload reports both
// spaces' committed sizes to stderr at the 10th call's reply and every 100th one.

import fs from "node:fs";
import { afterEach, expect, it } from "vitest";
import { call, connectSpawned, exampleProject } from "../helpers/mcp.js";
import type { Project } from "../helpers/project.js";

let p: Project;
afterEach(() => p?.cleanup());

const PRELOAD = `const v8 = require("node:v8"); let n = 0; const w = process.stdout.write;
process.stdout.write = function (...a) {
  if (++n === 12 || n % 100 === 0) require("node:fs").writeSync(2, "SPACES " + n + " " + ["new_space", "old_space"].map((k) => v8.getHeapSpaceStatistics().find((s) => s.space_name === k).space_size).join(" ") + "\\n");
  return w.apply(this, a);
};
`;

it("the server's young generation is no larger after 1,500 calls than after 10, and its old generation grows by less than a third", async () => {
  p = exampleProject();
  const preload = p.path("new-space.cjs");
  fs.writeFileSync(preload, PRELOAD);
  const s = await connectSpawned(p.dir, { NODE_OPTIONS: `--require ${preload}` });
  try {
    for (let i = 1; i <= 1500; i++) expect((await call(s.client, i % 2 ? "status" : "budget_check")).data.exit).toBe(0);
    // The last report is written before the reply that triggers it: wait until it is read.
    await expect.poll(() => s.stderr().includes("SPACES 1500 ")).toBe(true);
  } finally {
    await s.client.close();
  }
  const reports = [...s.stderr().matchAll(/^SPACES (\d+) (\d+) (\d+)$/gm)].map((m) => ({ young: Number(m[2]), old: Number(m[3]) }));
  expect(reports.length).toBeGreaterThanOrEqual(16);
  expect(Math.max(...reports.map((r) => r.young))).toBe(reports[0]!.young);
  // Without the periodic GC the old generation's committed size doubles (13 → 26 MB) by then.
  expect(Math.max(...reports.slice(-5).map((r) => r.old))).toBeLessThan(reports[0]!.old * 1.33);
});

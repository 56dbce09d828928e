// The served process keeps the young generation start-up gave it: serveProcessStdio stops V8
// from doubling it over the first thousands of calls (resident memory, docs/performance.md).
// A preload reports the new space's size to stderr at the 10th call's reply and every 100th one.

import fs from "node:fs";
import { afterEach, expect, it } from "vitest";
import { call, connectSpawned, exampleProject } from "../helpers/mcp.js";
import type { Project } from "../helpers/project.js";

let p: Project;
afterEach(() => p?.cleanup());

const PRELOAD = `const v8 = require("node:v8"); let n = 0; const w = process.stdout.write;
process.stdout.write = function (...a) {
  if (++n === 12 || n % 100 === 0) require("node:fs").writeSync(2, "NEW_SPACE " + n + " " + v8.getHeapSpaceStatistics().find((s) => s.space_name === "new_space").space_size + "\\n");
  return w.apply(this, a);
};
`;

it("the server's young generation is no larger after 1,500 calls than after 10", async () => {
  p = exampleProject();
  const preload = p.path("new-space.cjs");
  fs.writeFileSync(preload, PRELOAD);
  const s = await connectSpawned(p.dir, { NODE_OPTIONS: `--require ${preload}` });
  try {
    for (let i = 1; i <= 1500; i++) expect((await call(s.client, i % 2 ? "status" : "budget_check")).data.exit).toBe(0);
    // The last report is written before the reply that triggers it: wait until it is read.
    await expect.poll(() => s.stderr().includes("NEW_SPACE 1500 ")).toBe(true);
  } finally {
    await s.client.close();
  }
  const sizes = [...s.stderr().matchAll(/^NEW_SPACE (\d+) (\d+)$/gm)].map((m) => Number(m[2]));
  expect(sizes.length).toBeGreaterThanOrEqual(16);
  expect(Math.max(...sizes)).toBe(sizes[0]);
});

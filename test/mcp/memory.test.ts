// One server session keeps nothing per call: the live heap after a full GC is the same after
// 1,000 calls as after 10 (resident memory may still grow with V8's heap headroom; bench/mcp.mjs
// reports that number).

import v8 from "node:v8";
import vm from "node:vm";
import { afterEach, expect, it } from "vitest";
import { call, connectInProcess, exampleProject } from "../helpers/mcp.js";
import type { Project } from "../helpers/project.js";

v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc") as () => void;

let p: Project;
afterEach(() => p?.cleanup());

function liveHeap(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

it("the live heap after 1,000 calls is within 10 % of the live heap after 10", async () => {
  p = exampleProject();
  const s = await connectInProcess({ cwd: p.dir, root: p.dir });
  let after10 = 0;
  try {
    for (let i = 1; i <= 1000; i++) {
      const r = await call(s.client, ["status", "budget_check", "questions", "resolve"][i % 4]!, i % 4 === 3 ? { qid: "q-2026-09-02-002", answer: "info" } : {});
      expect(r.data.exit).toBe(0);
      if (i === 10) after10 = liveHeap();
    }
    expect(liveHeap() / after10).toBeLessThanOrEqual(1.1);
  } finally {
    await s.close();
  }
});

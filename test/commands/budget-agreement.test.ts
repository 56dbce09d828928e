// status and budget status read the AFK budget through the same rules (domain/budget.ts):
// on generated workspaces — counters below, at and above max_slices, `none`, absent, and any
// number of open validating questions — they report the same slices and the same queue.

import { afterEach, describe, expect, it } from "vitest";
import { runMain } from "../helpers/cli.js";
import { makeProject, type Project } from "../helpers/project.js";

let p: Project | undefined;
afterEach(() => p?.cleanup());

const W = ".devrites/work/feat";

function workspace(counter: string | undefined, maxSlices: number | undefined, validating: number): Project {
  const rows = ["| schema | 4 |", "| phase | build |", "| status | running |", "| next_action | /rite-build SLICE-002 |"];
  if (counter !== undefined) rows.push(`| afk_slices_remaining | ${counter} |`);
  const blocks = Array.from({ length: validating + 1 }, (_, i) =>
    `## q-2026-07-20-${String(i + 1).padStart(3, "0")}\nstatus: ${i < validating ? "open" : "answered"}\ngate: validating\nquestion: Q${i}?\nanswered_at:${i < validating ? "" : " 2026-07-20T09:00:00Z"}\nanswer:${i < validating ? "" : " yes"}\n`,
  );
  return makeProject({
    ".devrites/ACTIVE": "feat\n",
    ".devrites/AFK": [maxSlices === undefined ? "" : `max_slices: ${maxSlices}\n`, "max_review_queue: 8\n"].join(""),
    [`${W}/state.md`]: `# State: feat\n\n## Cursor\n| Key | Value |\n| --- | --- |\n${rows.join("\n")}\n\n## Log\n- 2026-07-20T08:00:00Z build: started\n`,
    [`${W}/questions.md`]: `# Questions: feat\n\n${blocks.join("\n")}`,
  });
}

const cases: [string | undefined, number | undefined, number][] = [];
for (const counter of [undefined, "none", "NONE", "0", "2", "3", "4", "12"]) for (const max of [undefined, 3]) for (const validating of [0, 2]) cases.push([counter, max, validating]);

describe("status and budget status agree on the budget", () => {
  it.each(cases)("counter %s, max_slices %s, %s open validating: same slices and queue, in JSON and in words", async (counter, max, validating) => {
    p = workspace(counter, max, validating);
    const st = await runMain(["status", "--json"], { cwd: p.dir });
    const bs = await runMain(["budget", "status", "--json"], { cwd: p.dir });
    expect(st.exit, st.stderr).toBe(0);
    expect(bs.exit, bs.stderr).toBe(0);
    const s = JSON.parse(st.stdout).mode;
    const b = JSON.parse(bs.stdout);
    expect(s.slices_remaining).toBe(b.slices.remaining);
    expect(s.slices_source).toBe(b.slices.source);
    expect(s.review_queue).toBe(b.review_queue.open_validating);

    const statusText = (await runMain(["status"], { cwd: p.dir })).stdout;
    const budgetText = (await runMain(["budget", "status"], { cwd: p.dir })).stdout;
    const slices = (t: string) => /slices (unlimited|\d+(?: of \d+)? left)/.exec(t)?.[0];
    expect(slices(statusText)).toBeDefined();
    expect(slices(statusText)).toBe(slices(budgetText));
  });

  it("a counter raised above max_slices is never \"4 of 3\" in either command", async () => {
    p = workspace("4", 3, 0);
    expect((await runMain(["status"], { cwd: p.dir })).stdout).toContain("slices 4 left (raised above max_slices 3)");
    expect((await runMain(["budget", "status"], { cwd: p.dir })).stdout).toContain("slices 4 left (state.md counter, raised above max_slices 3)");
  });

  it("a malformed counter: budget status refuses (exit 5), status still answers and says why", async () => {
    p = workspace("-1", 3, 0);
    expect((await runMain(["budget", "status"], { cwd: p.dir })).exit).toBe(5);
    const st = await runMain(["status", "--json"], { cwd: p.dir });
    expect(st.exit).toBe(0);
    expect(JSON.parse(st.stdout).mode).toMatchObject({ slices_remaining: null, slices_source: "malformed" });
    expect((await runMain(["status"], { cwd: p.dir })).stdout).toContain("slice counter malformed");
  });
});

// Exactly-once charges (commands.md, `budget spend`): processes that spend the same slice at
// the same moment charge it once; the counter drops by one per distinct slice, never more.
// Both where the Log records the charge and where state.md has no Log (the event does).
// (The e2e budget suite's concurrent spends were this test again; it is the one kept.)

import { afterAll, describe, expect, it } from "vitest";
import { parseState } from "../../src/documents/state/parse-state.js";
import { runCli } from "../helpers/cli.js";
import { makeProject } from "../helpers/project.js";
import { makeRng, stateFile } from "../helpers/generate.js";

const W = ".devrites/work/feat";
const SENTINEL = "max_slices: 10\nmax_agents: 32\nmax_minutes: 120\nmax_review_queue: 8\n";

describe("concurrent spends of one slice", () => {
  const project = makeProject({
    ".devrites/ACTIVE": "feat\n",
    ".devrites/AFK": SENTINEL,
    [`${W}/state.md`]: stateFile(makeRng(7), { form: "table", phase: "build", afkRemaining: 8 }),
    [`${W}/questions.md`]: "# Questions: feat\n",
  });
  afterAll(() => project.cleanup());

  it(
    "two processes spending the same slice charge it once; 2–4 racers per slice over 4 slices charge 4 in total",
    async () => {
      const racers = [2, 3, 4, 2];
      const outcomes: { slice: string; exit: number; out: string }[] = [];
      for (const [k, n] of racers.entries()) {
        const slice = `SLICE-10${k}`;
        const rs = await Promise.all(Array.from({ length: n }, () => runCli(["budget", "spend", slice, "--json"], { cwd: project.dir })));
        for (const r of rs) outcomes.push({ slice, exit: r.exit, out: r.stdout + r.stderr });
      }
      expect(outcomes.filter((o) => o.exit !== 0)).toEqual([]);

      const text = project.read(`${W}/state.md`);
      // The counter went from 8 down by one per distinct slice.
      expect(parseState(text).cursor.get("afkslicesremaining")?.value).toBe("4");
      for (const k of racers.keys()) {
        const slice = `SLICE-10${k}`;
        expect(text.match(new RegExp(`charged ${slice}\\b`, "g")), slice).toHaveLength(1);
        const charged = outcomes.filter((o) => o.slice === slice && JSON.parse(o.out).charged === true);
        expect(charged, `${slice}: exactly one process reports the charge`).toHaveLength(1);
      }
      const events = project
        .read(`${W}/events.jsonl`)
        .split("\n")
        .filter((l) => l !== "")
        .map((l) => JSON.parse(l) as { event: string });
      expect(events.filter((e) => e.event === "slice_spent")).toHaveLength(racers.length);
      expect(project.listDevrites().filter((f) => /\.journal$|\.tmp|\.engine\.lock/.test(f))).toEqual([]);
    },
    120_000,
  );
});

describe("concurrent spends of one slice where state.md has no ## Log", () => {
  const withLog = stateFile(makeRng(11), { form: "table", phase: "build", afkRemaining: 5 });
  const project = makeProject({
    ".devrites/ACTIVE": "feat\n",
    ".devrites/AFK": SENTINEL,
    [`${W}/state.md`]: withLog.slice(0, withLog.indexOf("\n## Log") + 1),
    [`${W}/questions.md`]: "# Questions: feat\n",
  });
  afterAll(() => project.cleanup());

  it(
    "the slice_spent event is the record: 2–3 racers per slice over 2 slices charge 2 in total and no Log appears",
    async () => {
      const racers = [3, 2];
      const outcomes: { slice: string; exit: number; out: string }[] = [];
      for (const [k, n] of racers.entries()) {
        const slice = `SLICE-20${k}`;
        const rs = await Promise.all(Array.from({ length: n }, () => runCli(["budget", "spend", slice, "--json"], { cwd: project.dir })));
        for (const r of rs) outcomes.push({ slice, exit: r.exit, out: r.stdout + r.stderr });
      }
      expect(outcomes.filter((o) => o.exit !== 0)).toEqual([]);
      const text = project.read(`${W}/state.md`);
      expect(parseState(text).cursor.get("afkslicesremaining")?.value).toBe("3");
      expect(text).not.toContain("## Log");
      for (const k of racers.keys()) {
        const slice = `SLICE-20${k}`;
        expect(outcomes.filter((o) => o.slice === slice && JSON.parse(o.out).charged === true), `${slice}: one process charges`).toHaveLength(1);
      }
      const spent = project
        .read(`${W}/events.jsonl`)
        .split("\n")
        .filter((l) => l !== "")
        .map((l) => JSON.parse(l) as { event: string; detail: { slice: string } })
        .filter((e) => e.event === "slice_spent");
      expect(spent.map((e) => e.detail.slice)).toEqual(["SLICE-200", "SLICE-201"]);
    },
    120_000,
  );
});

// `migrate [<slug>]` in main() (smoke.test.ts spawns the CLI): schema 2 or 3 → 4 in the cursor's own form with a
// Log line and a `migrated` event; already 4 is exit 0 with no change; a newer schema or a
// file that does not parse is exit 3 and nothing is written.

import { afterEach, describe, expect, it } from "vitest";
import { T, runMain } from "../helpers/cli.js";
import { makeProject, type Project } from "../helpers/project.js";

const W = ".devrites/work/old";
const QUESTIONS = "# Questions\n\n## q-1\nstatus: open\ngate: blocking\nquestion: Hard delete?\n";
const BULLET = `# State: old

- Phase: build
- Status: awaiting_human
- Next step: /rite-resolve q-1 "<answer>"
- AFK slices remaining: 1

## Awaiting human
- qid: q-1
- gate: blocking

## Log
- 2026-06-13T12:00:00Z build: slice 2 built
`;
const TABLE = `# State: old

## Cursor
| Key | Value |
| --- | --- |
| phase | plan |
| status | running |

## Log
- 2026-06-13T12:00:00Z plan: 3 slices planned
`;

let project: Project | undefined;
afterEach(() => project?.cleanup());

function old(state: string, questions = QUESTIONS): Project {
  project = makeProject({ ".devrites/ACTIVE": "old\n", [`${W}/state.md`]: state, [`${W}/questions.md`]: questions, [`${W}/decisions.md`]: "# Decisions\n" });
  return project;
}
const cli = (p: Project, args: string[]) => runMain(args, { cwd: p.dir });

describe("migrate", () => {
  it("schema 2 bullet cursor: `- Schema: 4` in its own form, a Log line, one event; then resolve works", async () => {
    const p = old(BULLET);
    const r = await cli(p, ["migrate"]);
    expect(r.exit, r.stderr).toBe(0);
    expect(r.stdout).toBe("Migrated: old (schema 2 → 4)\nWorkspace: state.md updated.\n");
    expect(p.read(`${W}/state.md`)).toBe(BULLET.replace("\n- Phase: build", "\n- Schema: 4\n- Phase: build") + `- ${T} build: migrated to schema 4 (from 2)\n`);
    expect(p.read(`${W}/questions.md`)).toBe(QUESTIONS);
    const events = p.read(`${W}/events.jsonl`).trim().split("\n").map((l) => JSON.parse(l));
    expect(events).toMatchObject([{ v: 1, ts: T, event: "migrated", detail: { from: 2, to: 4 } }]);
    // Before migrating, the schema gate refused resolve; after, it goes through.
    const resolved = await cli(p, ["state", "resolve", "q-1", "Soft delete first"]);
    expect(resolved.exit, resolved.stderr).toBe(0);
  });

  it("the schema gate's refusal names migrate, and migrate is what lifts it", async () => {
    const p = old(BULLET);
    const refused = await cli(p, ["state", "resolve", "q-1", "x"]);
    expect(refused.exit).toBe(3);
    expect(refused.stderr).toContain("run devrites-engine migrate old");
    expect((await cli(p, ["migrate", "old"])).exit).toBe(0);
  });

  it("schema 2 table cursor: `| schema | 4 |` as the first row", async () => {
    const p = old(TABLE);
    const r = await cli(p, ["migrate", "old"]);
    expect(r.exit, r.stderr).toBe(0);
    expect(p.read(`${W}/state.md`)).toBe(TABLE.replace("| --- | --- |\n", "| --- | --- |\n| schema | 4 |\n") + `- ${T} plan: migrated to schema 4 (from 2)\n`);
  });

  it("schema 3 is set in place", async () => {
    const p = old(TABLE.replace("| phase | plan |", "| schema | 3 |\n| phase | plan |"));
    const r = await cli(p, ["migrate", "--json"]);
    expect(JSON.parse(r.stdout)).toEqual({ ok: true, exit: 0, workspace: "old", from: 3, to: 4, changed: true, created: [] });
    expect(p.read(`${W}/state.md`)).toContain("| schema | 4 |\n| phase | plan |\n");
  });

  it("CRLF files stay CRLF", async () => {
    const crlf = BULLET.replace(/\n/g, "\r\n");
    const p = old(crlf);
    expect((await cli(p, ["migrate"])).exit).toBe(0);
    expect(p.read(`${W}/state.md`)).toBe(crlf.replace("\r\n- Phase: build", "\r\n- Schema: 4\r\n- Phase: build") + `- ${T} build: migrated to schema 4 (from 2)\r\n`);
  });

  it("already at schema 4: exit 0, no change, no event", async () => {
    const state = BULLET.replace("- Phase: build", "- Schema: 4\n- Phase: build");
    const p = old(state);
    const r = await cli(p, ["migrate"]);
    expect(r.exit).toBe(0);
    expect(r.stdout).toBe("Already at schema 4: old\nWorkspace: no change.\n");
    expect(p.read(`${W}/state.md`)).toBe(state);
    expect(p.exists(`${W}/events.jsonl`)).toBe(false);
    expect(JSON.parse((await cli(p, ["migrate", "--json"])).stdout)).toEqual({ ok: true, exit: 0, workspace: "old", from: 4, to: 4, changed: false, created: [] });
  });

  it("a second migrate after the first is the no-change re-run", async () => {
    const p = old(TABLE);
    await cli(p, ["migrate"]);
    const after = p.read(`${W}/state.md`);
    expect((await cli(p, ["migrate"])).stdout).toContain("Already at schema 4");
    expect(p.read(`${W}/state.md`)).toBe(after);
  });

  it.each([
    ["schema 5", "| schema | 5 |", /workspace old declares schema 5, newer than this engine's 4; upgrade devrites-engine/],
    ["a non-numeric schema", "| schema | four |", /state\.md schema row is invalid \(value "four"\)/],
  ])("%s is exit 3 and nothing is written", async (_name, row, message) => {
    const state = TABLE.replace("| phase | plan |", `${row}\n| phase | plan |`);
    const p = old(state);
    const before = p.listDevrites();
    const r = await cli(p, ["migrate"]);
    expect(r.exit).toBe(3);
    expect(r.stderr).toMatch(message);
    expect(p.read(`${W}/state.md`)).toBe(state);
    expect(p.listDevrites()).toEqual(before);
  });

  it.each([
    ["a state.md with no cursor", "# State: old\n\nWe were building the export.\n", QUESTIONS, /cannot migrate old: state\.md:1:1 /],
    ["a questions.md block without status", BULLET, "# Questions\n\n## q-1\ngate: blocking\n", /cannot migrate old: questions\.md:3:1 q-1 has no status/],
    ["a questions.md block with an unknown status", BULLET, "# Questions\n\n## q-1\nstatus: maybe\n", /cannot migrate old: questions\.md:4:9 /],
  ])("%s does not parse: exit 3, hint to check, nothing written", async (_name, state, questions, message) => {
    const p = old(state, questions);
    const before = p.listDevrites();
    const r = await cli(p, ["migrate"]);
    expect(r.exit).toBe(3);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).toContain("hint: fix the file by hand (devrites-engine check lists every problem)");
    expect(p.read(`${W}/state.md`)).toBe(state);
    expect(p.read(`${W}/questions.md`)).toBe(questions);
    expect(p.listDevrites()).toEqual(before);
  });

  it("an explicit slug migrates that workspace, not the active one", async () => {
    const p = old(TABLE);
    p.write(".devrites/work/other/state.md", BULLET);
    p.write(".devrites/work/other/questions.md", QUESTIONS);
    expect((await cli(p, ["migrate", "other"])).exit).toBe(0);
    expect(p.read(".devrites/work/other/state.md")).toContain("- Schema: 4\n");
    expect(p.read(`${W}/state.md`)).toBe(TABLE);
  });

  it.each([
    [["migrate", "nope"], 2],
    [["migrate", "a", "b"], 5],
    [["migrate", "--answer", "phase"], 5],
    [["migrate", "--answer", "phase=shipping"], 5],
    [["migrate", "--answer", "owner=me"], 5],
  ])("%j is exit %i", async (args, code) => {
    expect((await cli(old(TABLE), args)).exit).toBe(code);
  });
});

// The DevRites pack's /rite-upgrade calls `migrate <slug> [--dry-run] [--answer key=value]`, and
// migrate is fail closed: a cursor that records no phase is never stamped with a guess.
describe("migrate: --dry-run and --answer", () => {
  const NO_PHASE = "# State: old\n\n- Status: running\n- Next step: /rite-build\n\n## Log\n";

  it("a cursor with no phase is exit 3 asking for --answer phase=<phase>, and nothing is written", async () => {
    const p = old(NO_PHASE);
    const before = p.listDevrites();
    const r = await cli(p, ["migrate", "old"]);
    expect(r.exit).toBe(3);
    expect(r.stderr).toBe(
      "devrites-engine: cannot migrate old: state.md records no phase; re-run with --answer phase=<phase>; nothing was written\n" +
        "hint: devrites-engine migrate old --answer phase=<phase> (one of frame, spec, clarify, temper, define, plan, vet, build, converge, prove, polish, review, seal, ship, done); add --dry-run to see what it would change first\n",
    );
    expect(p.listDevrites()).toEqual(before);
  });

  it("--dry-run prints the plan and writes nothing, with the answer or without a question", async () => {
    const p = old(NO_PHASE);
    const before = p.listDevrites();
    const r = await cli(p, ["migrate", "old", "--dry-run", "--answer", "phase=build"]);
    expect(r.exit, r.stderr).toBe(0);
    expect(r.stdout).toBe(
      "Would migrate: old (schema 2 → 4)\n" +
        "  state.md: schema 4 in the cursor (was no schema row, read as 2)\n" +
        "  state.md: phase build (from --answer phase=build)\n" +
        "  state.md: a Log line for the migration\n" +
        "  events.jsonl: one migrated event\n" +
        "Workspace: no change (dry run).\n",
    );
    expect(p.listDevrites()).toEqual(before);
    expect((await cli(p, ["migrate", "old", "--dry-run"])).exit).toBe(3);
    expect(JSON.parse((await cli(old(TABLE), ["migrate", "--dry-run", "--json"])).stdout)).toMatchObject({ dry_run: true, would_write: ["state.md"], changed: false });
  });

  it("--dry-run lists exactly what the run writes: no Log line where state.md has no `## Log` (the 5.x template)", async () => {
    const p = old("# State: old\n\n## Cursor\n| Key | Value |\n| --- | --- |\n| phase | build |\n| status | running |\n");
    const dry = await cli(p, ["migrate", "old", "--dry-run"]);
    expect(dry.exit, dry.stderr).toBe(0);
    expect(dry.stdout).not.toContain("Log line");
    const planned = dry.stdout.split("\n").filter((l) => l.startsWith("  ")).map((l) => l.trim());
    const before = p.read(`${W}/state.md`);
    const events = (f: string) => (p.exists(f) ? p.read(f).split("\n").filter((l) => l !== "") : []);
    const eventsBefore = events(`${W}/events.jsonl`);
    expect((await cli(p, ["migrate", "old"])).exit).toBe(0);
    const after = p.read(`${W}/state.md`);
    // What the run wrote: the schema row (planned as the first step), no Log, one migrated event.
    expect(after).toBe(before.replace("| phase | build |", "| schema | 4 |\n| phase | build |"));
    expect(planned).toEqual(["state.md: schema 4 in the cursor (was no schema row, read as 2)", ...planned.filter((l) => l.startsWith("create ")), "events.jsonl: one migrated event"]);
    const added = events(`${W}/events.jsonl`).slice(eventsBefore.length);
    expect(added.map((l) => JSON.parse(l).event)).toEqual(["migrated"]);
  });

  it("--answer phase=<phase> records the phase in the cursor's own form, then migrates", async () => {
    const p = old(NO_PHASE);
    const r = await cli(p, ["migrate", "old", "--answer", "phase=build"]);
    expect(r.exit, r.stderr).toBe(0);
    expect(p.read(`${W}/state.md`)).toBe(`# State: old\n\n- Schema: 4\n- Status: running\n- Next step: /rite-build\n- Phase: build\n\n## Log\n- ${T} build: migrated to schema 4 (from 2)\n`);
    expect((await cli(p, ["migrate", "old", "--answer", "phase=build"])).stdout).toBe("Already at schema 4: old\nWorkspace: no change.\n");
  });

  it.each([
    [["phase=build", "phase=spec"], "phase=build, then phase=spec"],
    [["phase=build", "phase=build"], "phase=build, then phase=build"],
  ])("a key answered twice (%j) is exit 5 naming the key and both answers, and nothing is written", async (answers, named) => {
    const p = old(NO_PHASE);
    const before = p.listDevrites();
    const r = await cli(p, ["migrate", "old", ...answers.flatMap((a) => ["--answer", a])]);
    expect(r.exit).toBe(5);
    expect(r.stderr).toBe(`devrites-engine: --answer phase given more than once (${named}): give each key once\nhint: devrites-engine migrate [<slug>] [--dry-run] [--answer phase=<phase>]…\n`);
    expect(p.listDevrites()).toEqual(before);
  });

  it("the schema gate's refusal names the preview and the answer", async () => {
    const p = old(BULLET);
    expect((await cli(p, ["state", "resolve", "q-1", "x"])).stderr).toContain("hint: preview it with devrites-engine migrate old --dry-run; a cursor without a phase needs --answer phase=<phase>");
  });
});

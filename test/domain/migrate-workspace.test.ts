// planMigrate (src/domain/migrate-workspace.ts): an older cursor gets `schema 4` in its own
// form and spelling, plus one Log line; every other byte stays; schema 4 is a no-op; a newer
// or invalid schema is refused (exit 3) before anything is planned.

import { describe, expect, it } from "vitest";
import { planMigrate } from "../../src/domain/migrate-workspace.js";
import { RefusedError } from "../../src/errors.js";
import { cursorValue, parseState } from "../../src/documents/state/parse-state.js";

const NOW = new Date("2026-07-20T10:00:00Z");
const LOG = "- 2026-07-20T10:00:00Z build: migrated to schema 4 (from 2)";
const lines = (...ls: string[]) => ls.join("\n") + "\n";

describe("planMigrate: the schema field in the cursor's own form", () => {
  it.each([
    [
      "bullet cursor (schema 2): `- Schema: 4` before the first bullet field",
      lines("# State: old", "", "- Phase: build", "- Status: running", "", "## Log", "- 2026-06-13T12:00:00Z build: slice 2 built"),
      lines("# State: old", "", "- Schema: 4", "- Phase: build", "- Status: running", "", "## Log", "- 2026-06-13T12:00:00Z build: slice 2 built", LOG),
    ],
    [
      "`*` bullets keep their marker",
      lines("# State: old", "", "* Phase: build", "* Status: running", "", "## Log"),
      lines("# State: old", "", "* Schema: 4", "* Phase: build", "* Status: running", "", "## Log", LOG),
    ],
    [
      "indented bullets keep their indent",
      lines("# State: old", "", "  - Phase: build", "  - Status: running", "", "## Log"),
      lines("# State: old", "", "  - Schema: 4", "  - Phase: build", "  - Status: running", "", "## Log", LOG),
    ],
    [
      "plain `Key: value` lines get a plain `Schema: 4` above the block, not a bullet inside it",
      lines("# State: old", "", "Phase: build", "Status: running", "Next step: go", "", "## Log"),
      lines("# State: old", "", "Schema: 4", "Phase: build", "Status: running", "Next step: go", "", "## Log", LOG),
    ],
    [
      "a prose line above the bullet block is not mistaken for part of it",
      lines("# State: old", "", "Current cursor:", "- Phase: build", "- Status: running", "", "## Log"),
      lines("# State: old", "", "Current cursor:", "- Schema: 4", "- Phase: build", "- Status: running", "", "## Log", LOG),
    ],
    [
      "table cursor (schema 2): `| schema | 4 |` as the first row after the separator",
      lines("# State: old", "", "## Cursor", "| Key | Value |", "| --- | --- |", "| phase | build |", "| status | running |", "", "## Log"),
      lines("# State: old", "", "## Cursor", "| Key | Value |", "| --- | --- |", "| schema | 4 |", "| phase | build |", "| status | running |", "", "## Log", LOG),
    ],
    [
      "schema 3 in a table row is set in place: only the value cell changes (spaced, formats.md)",
      lines("## Cursor", "| Key | Value |", "| --- | --- |", "|schema|3|", "| phase | build |", "| status | running |", "", "## Log"),
      lines("## Cursor", "| Key | Value |", "| --- | --- |", "|schema| 4 |", "| phase | build |", "| status | running |", "", "## Log", LOG.replace("from 2", "from 3")),
    ],
    [
      "schema 3 in a bullet keeps its spelling",
      lines("- SCHEMA: 3", "- Phase: build", "- Status: running", "", "## Log"),
      lines("- SCHEMA: 4", "- Phase: build", "- Status: running", "", "## Log", LOG.replace("from 2", "from 3")),
    ],
    [
      "no Log section: none is created, only the schema field is added",
      lines("- Phase: build", "- Status: running"),
      lines("- Schema: 4", "- Phase: build", "- Status: running"),
    ],
  ])("%s", (_name, input, want) => {
    const plan = planMigrate(input, "old", NOW);
    expect(plan.state).toBe(want);
    expect(cursorValue(parseState(plan.state!), "schema")).toBe("4");
  });

  it("a CRLF file gets CRLF inserted lines and keeps every CRLF", () => {
    const input = "# State: old\r\n\r\n- Phase: build\r\n- Status: running\r\n\r\n## Log\r\n";
    expect(planMigrate(input, "old", NOW).state).toBe(`# State: old\r\n\r\n- Schema: 4\r\n- Phase: build\r\n- Status: running\r\n\r\n## Log\r\n${LOG}\r\n`);
  });

  it("the Log line names the cursor's phase, build when unknown", () => {
    expect(planMigrate(lines("- Phase: plan", "- Status: running", "## Log"), "old", NOW).state).toContain("- 2026-07-20T10:00:00Z plan: migrated");
    expect(planMigrate(lines("- Phase: warp", "- Status: running", "## Log"), "old", NOW).state).toContain("- 2026-07-20T10:00:00Z build: migrated");
  });

  it("fields inside a code fence are neither read nor used as the insertion point", () => {
    const input = lines("```", "- Status: done", "```", "", "- Phase: build", "- Status: running", "", "## Log");
    expect(planMigrate(input, "old", NOW).state).toBe(lines("```", "- Status: done", "```", "", "- Schema: 4", "- Phase: build", "- Status: running", "", "## Log", LOG));
  });
});

describe("planMigrate: what it leaves alone or refuses", () => {
  it.each([
    ["table", lines("| Key | Value |", "| --- | --- |", "| schema | 4 |", "| status | running |")],
    ["bullet", lines("- Schema: 4", "- Status: running")],
  ])("schema 4 already (%s): no new text, from 4", (_form, input) => {
    expect(planMigrate(input, "old", NOW)).toEqual({ from: 4, state: undefined, steps: [] });
  });

  it.each([
    ["no phase field", lines("- Status: running", "", "## Log")],
    ["an empty phase", lines("| phase |  |", "| status | running |")],
  ])("%s is refused (exit 3) asking for --answer phase=<phase>: no guess is ever written", (_name, input) => {
    expect(() => planMigrate(input, "old", NOW)).toThrow(/cannot migrate old: state\.md records (no|an empty) phase; re-run with --answer phase=<phase>/);
  });

  it("an answered phase is recorded in the cursor's form (set in place, or after the last field) and read back", () => {
    expect(planMigrate(lines("- Status: running", "", "## Log"), "old", NOW, { phase: "vet" }).state).toBe(
      lines("- Schema: 4", "- Status: running", "- Phase: vet", "", "## Log", LOG.replace("build:", "vet:")),
    );
    const table = planMigrate(lines("| phase |  |", "| status | running |", "", "## Log"), "old", NOW, { phase: "plan" });
    expect(table.state).toBe(lines("| schema | 4 |", "| phase | plan |", "| status | running |", "", "## Log", LOG.replace("build:", "plan:")));
    expect(table.steps).toEqual(["state.md: schema 4 in the cursor (was no schema row, read as 2)", "state.md: phase plan (from --answer phase=plan)", "state.md: a Log line for the migration"]);
  });

  it("a state.md without `## Log` gets no Log line, and the plan does not list one", () => {
    const plan = planMigrate(lines("# State", "", "## Cursor", "| Key | Value |", "| --- | --- |", "| phase | build |"), "old", NOW);
    expect(plan.state).toBe(lines("# State", "", "## Cursor", "| Key | Value |", "| --- | --- |", "| schema | 4 |", "| phase | build |"));
    expect(plan.steps).toEqual(["state.md: schema 4 in the cursor (was no schema row, read as 2)"]);
  });

  it.each([
    ["a newer schema", lines("- Schema: 5", "- Status: running"), /workspace old declares schema 5, newer than this engine's 4/],
    ["a schema that is not a number", lines("- Schema: four", "- Status: running"), /state\.md schema row is invalid \(value "four"\)/],
    ["no cursor fields at all", lines("# State", "", "Just prose."), /no cursor fields/],
  ])("%s is refused with exit 3", (_name, input, message) => {
    let err: unknown;
    try {
      planMigrate(input, "old", NOW);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(RefusedError);
    expect((err as RefusedError).exitCode).toBe(3);
    expect((err as Error).message).toMatch(message);
  });
});

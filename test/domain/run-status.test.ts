// The one status change that drops the pause fields, and next_action set only in place.

import { describe, expect, it } from "vitest";
import { nextActionEdits, statusEdits } from "../../src/domain/run-status.js";
import { parseState } from "../../src/documents/state/parse-state.js";
import { applyEdits } from "../../src/documents/text-edit.js";

const PAUSED = `| Key | Value |
| --- | --- |
| schema | 4 |
| status | blocked |
| pause_reason | usage_cap |
| pause_detail | limit hit |
| resumes_at | 2026-07-20T14:50:00Z |
| next_action | (paused) |
`;

describe("statusEdits", () => {
  it.each(["running", "awaiting_human", "done"] as const)("setting %s removes every pause field", (status) => {
    const out = applyEdits(PAUSED, statusEdits(parseState(PAUSED), status, false));
    expect(out).toBe(`| Key | Value |\n| --- | --- |\n| schema | 4 |\n| status | ${status} |\n| next_action | (paused) |\n`);
  });

  it("setting blocked keeps the pause fields", () => {
    expect(applyEdits(PAUSED, statusEdits(parseState(PAUSED), "blocked", false))).toBe(PAUSED);
  });

  it("a missing status is not added unless insertMissing", () => {
    const text = "- Schema: 4\n- Phase: build\n";
    expect(applyEdits(text, statusEdits(parseState(text), "running", false))).toBe(text);
    expect(applyEdits(text, statusEdits(parseState(text), "running", true))).toBe("- Schema: 4\n- Phase: build\n- Status: running\n");
  });

  it("the status already set is not rewritten", () => {
    expect(statusEdits(parseState("- Status: running\n"), "running", false)).toEqual([]);
  });
});

describe("nextActionEdits", () => {
  it("sets an existing next_action in place and never adds a missing one", () => {
    const text = "- Status: x\n- Next step: old\n";
    expect(applyEdits(text, nextActionEdits(parseState(text), "new"))).toBe("- Status: x\n- Next step: new\n");
    expect(nextActionEdits(parseState("- Status: x\n"), "new")).toEqual([]);
  });
});

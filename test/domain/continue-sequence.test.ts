// `init --continues` derivation: position = parent's + 1 (a parent without one is the head,
// position 1), the workspace budget from the parent's row or AFK max_workspaces, a refusal
// at 0, and the rows an existing child lacks (a re-run adds only those).

import { describe, expect, it } from "vitest";
import { BadInputError, BudgetStopError, RefusedError } from "../../src/errors.js";
import { parseState } from "../../src/documents/state/parse-state.js";
import { addRows, assertSequenceBudget, deriveSequence, missingRows, type SequenceKey } from "../../src/domain/continue-sequence.js";

const state = (rows: string) => parseState(`## Cursor\n| Key | Value |\n| --- | --- |\n| schema | 4 |\n| phase | ship |\n${rows}`);

interface Row {
  name: string;
  rows: string;
  archived?: boolean;
  maxWorkspaces?: number;
  release?: boolean;
  parentRows: [string, string][];
  childRows: [string, string][];
  remaining: number | undefined;
}

const ROWS: Row[] = [
  {
    name: "a live head without rows in HITL gets position 1; the child is position 2 with no budget",
    rows: "",
    parentRows: [["sequence_position", "1"]],
    childRows: [["sequence_parent", "m1"], ["sequence_position", "2"]],
    remaining: undefined,
  },
  {
    name: "an archived head is never written",
    rows: "",
    archived: true,
    parentRows: [],
    childRows: [["sequence_parent", "m1"], ["sequence_position", "2"]],
    remaining: undefined,
  },
  {
    name: "max_workspaces 3: the head gets 2 and the child 1",
    rows: "",
    maxWorkspaces: 3,
    parentRows: [["sequence_position", "1"], ["sequence_workspaces_remaining", "2"]],
    childRows: [["sequence_parent", "m1"], ["sequence_position", "2"], ["sequence_workspaces_remaining", "1"]],
    remaining: 2,
  },
  {
    name: "the parent's own row wins over max_workspaces",
    rows: "| sequence_position | 2 |\n| sequence_workspaces_remaining | 5 |\n",
    maxWorkspaces: 3,
    parentRows: [],
    childRows: [["sequence_parent", "m1"], ["sequence_position", "3"], ["sequence_workspaces_remaining", "4"]],
    remaining: 5,
  },
  {
    name: "a mid-sequence parent without a budget row counts its position against max_workspaces",
    rows: "| sequence_position | 2 |\n",
    maxWorkspaces: 4,
    parentRows: [],
    childRows: [["sequence_parent", "m1"], ["sequence_position", "3"], ["sequence_workspaces_remaining", "1"]],
    remaining: 2,
  },
  {
    name: "--release adds sequence_role release",
    rows: "| sequence_position | 1 |\n",
    release: true,
    parentRows: [],
    childRows: [["sequence_parent", "m1"], ["sequence_position", "2"], ["sequence_role", "release"]],
    remaining: undefined,
  },
  {
    name: "an archived parent with rows derives from them",
    rows: "| sequence_position | 4 |\n| sequence_workspaces_remaining | 1 |\n",
    archived: true,
    parentRows: [],
    childRows: [["sequence_parent", "m1"], ["sequence_position", "5"], ["sequence_workspaces_remaining", "0"]],
    remaining: 1,
  },
];

describe("deriving the continuation rows", () => {
  it.each(ROWS)("$name", (row) => {
    const d = deriveSequence({ slug: "m1", state: state(row.rows), archived: row.archived ?? false }, row.maxWorkspaces, row.release ?? false);
    expect(d.parentRows).toEqual(row.parentRows);
    expect(d.childRows).toEqual(row.childRows);
    expect(d.parentRemaining).toBe(row.remaining);
    expect(() => assertSequenceBudget(d, "m1", "m2", row.maxWorkspaces)).not.toThrow();
  });

  it.each([
    ["the parent's row is 0", "| sequence_workspaces_remaining | 0 |\n", undefined],
    ["max_workspaces 1 leaves the head nothing", "", 1],
    ["max_workspaces 0", "", 0],
    ["max_workspaces 2 from position 2", "| sequence_position | 2 |\n", 2],
  ])("%s: opening is refused with 'sequence budget exhausted' (exit 7)", (_name, rows, max) => {
    const d = deriveSequence({ slug: "m1", state: state(rows), archived: false }, max, false);
    expect(() => assertSequenceBudget(d, "m1", "m2", max)).toThrow(BudgetStopError);
    expect(() => assertSequenceBudget(d, "m1", "m2", max)).toThrow(/sequence budget exhausted/);
  });

  it.each([
    "| sequence_position | 0 |\n",
    "| sequence_position | two |\n",
    "| sequence_workspaces_remaining | -1 |\n",
    "| sequence_workspaces_remaining | none |\n",
  ])("a malformed parent row %j is exit 5", (rows) => {
    expect(() => deriveSequence({ slug: "m1", state: state(rows), archived: false }, 3, false)).toThrow(BadInputError);
  });
});

describe("an existing child", () => {
  const rows: [SequenceKey, string][] = [["sequence_parent", "m1"], ["sequence_position", "2"], ["sequence_workspaces_remaining", "1"]];

  it("lacking every row gets them all, in order, after the last cursor row", () => {
    const text = "## Cursor\n| Key | Value |\n| --- | --- |\n| schema | 4 |\n| status | running |\n\n## Log\n- t spec: x\n";
    expect(addRows(text, missingRows(parseState(text), "m2", rows))).toBe(
      "## Cursor\n| Key | Value |\n| --- | --- |\n| schema | 4 |\n| status | running |\n| sequence_parent | m1 |\n| sequence_position | 2 |\n| sequence_workspaces_remaining | 1 |\n\n## Log\n- t spec: x\n",
    );
  });

  it("keeps the rows it has, whatever their value, and gains only the missing ones", () => {
    const doc = parseState("- Schema: 4\n- sequence_parent: m1\n- sequence_workspaces_remaining: 0\n");
    expect(missingRows(doc, "m2", rows)).toEqual([["sequence_position", "2"]]);
  });

  it("with every row is complete: nothing is missing", () => {
    const doc = parseState("- Schema: 4\n- sequence_parent: m1\n- sequence_position: 2\n- sequence_workspaces_remaining: 1\n");
    expect(missingRows(doc, "m2", rows)).toEqual([]);
  });

  it("continuing another parent is refused (exit 3)", () => {
    expect(() => missingRows(parseState("- Schema: 4\n- sequence_parent: other\n"), "m2", rows)).toThrow(RefusedError);
  });
});

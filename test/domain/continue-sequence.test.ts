// The `init --continues` use case: position = parent's + 1 (a parent without one is the head,
// position 1), the workspace budget from the parent's row or AFK max_workspaces, a refusal
// at 0, the rows an existing child lacks (a re-run adds only those), the cycle check, and
// both commits planned from the two state.md texts with the refusals in their order.

import { describe, expect, it } from "vitest";
import { BadInputError, BudgetStopError, RefusedError } from "../../src/errors.js";
import { parseState } from "../../src/documents/state/parse-state.js";
import {
  addRows, assertNoCycle, assertSequenceBudget, deriveSequence, missingRows, planContinuation, type ContinueDocs, type ContinueInput, type SequenceKey,
} from "../../src/domain/continue-sequence.js";
import { MAX_CHAIN_LINKS } from "../../src/domain/sequence-chain.js";
import { memorySource, stateMd, type MemoryWorkspace } from "./sequence-fixtures.js";

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

describe("the cycle check of a continuation", () => {
  const ws = (parent?: string, extra: MemoryWorkspace = {}): MemoryWorkspace => ({ state: stateMd(parent === undefined ? {} : { sequence_parent: parent }), ...extra });

  it.each<[string, Record<string, MemoryWorkspace>]>([
    ["the parent names the child", { p: ws("c") }],
    ["an archived ancestor names the child", { p: ws("a"), a: ws("c", { archived: true }) }],
  ])("%s: refused (exit 3) naming the cycle", (_name, workspaces) => {
    expect(() => assertNoCycle("c", "p", memorySource(workspaces))).toThrow(expect.objectContaining({ exitCode: 3, message: "sequence_parent cycle: p already descends from c" }));
  });

  it.each<[string, Record<string, MemoryWorkspace>]>([
    ["a chain to its head", { p: ws("a"), a: ws() }],
    ["a missing ancestor", { p: ws("ghost") }],
    ["an ancestor without state.md", { p: ws("a"), a: {} }],
    ["a loop among the ancestors that does not pass the child", { p: ws("a"), a: ws("p") }],
    [`a chain longer than ${MAX_CHAIN_LINKS} links`, chainOfParents(MAX_CHAIN_LINKS + 5)],
  ])("%s: not this command's to refuse", (_name, workspaces) => {
    expect(() => assertNoCycle("c", "p", memorySource(workspaces))).not.toThrow();
  });

  it("an ancestor the disk refuses (unsafe, unreadable) fails the command instead of ending the walk", () => {
    const unsafe = new RefusedError("unsafe workspace: archive/a is a symbolic link");
    const inner = memorySource({ p: ws("a") });
    expect(() => assertNoCycle("c", "p", { find: (slug) => (slug === "a" ? (() => { throw unsafe; })() : inner.find(slug)) })).toThrow(unsafe);
  });
});

/** `p ← x1 ← … ← x<n>`: a parent `p` with n ancestors. */
function chainOfParents(n: number): Record<string, MemoryWorkspace> {
  const out: Record<string, MemoryWorkspace> = { p: { state: stateMd({ sequence_parent: "x1" }) } };
  for (let i = 1; i <= n; i++) out[`x${i}`] = { state: stateMd(i === n ? {} : { sequence_parent: `x${i + 1}` }) };
  return out;
}

describe("planning both commits", () => {
  const NOW = new Date("2026-07-20T10:00:00Z");
  const input = (over: Partial<ContinueInput> = {}): ContinueInput => ({ slug: "m2", parent: "m1", parentArchived: false, release: false, title: undefined, activate: true, maxWorkspaces: undefined, ...over });
  const parentState = (rows = "") => stateMd(Object.fromEntries(rows.split("\n").filter(Boolean).map((r) => r.split("=") as [string, string])));
  const childState = (rows = "", schema = "4") => stateMd(Object.fromEntries(rows.split("\n").filter(Boolean).map((r) => r.split("=") as [string, string])), schema);

  it("a new child: four files and the initialized event; a live head gains its position first", () => {
    const plan = planContinuation({ parentState: parentState(), childState: undefined }, input(), NOW);
    expect(plan.created).toBe(true);
    expect([...plan.child.files.keys()]).toEqual(["state.md", "questions.md", "decisions.md", "touched-files.md"]);
    expect(plan.child.files.get("state.md")).toContain("| sequence_parent | m1 |\n| sequence_position | 2 |\n");
    expect(plan.child.events.map((e) => e.event)).toEqual(["initialized", "sequence_opened"]);
    expect(plan.parent.files.get("state.md")).toContain("| sequence_position | 1 |\n");
    expect(plan.parentWritten).toEqual([["sequence_position", "1"]]);
    expect(plan.rows).toEqual({ sequence_parent: "m1", sequence_position: "2" });
  });

  it("an archived parent has nothing to commit", () => {
    const plan = planContinuation({ parentState: parentState(), childState: undefined }, input({ parentArchived: true }), NOW);
    expect(plan.parent).toEqual({ files: new Map(), events: [] });
    expect(plan.parentWritten).toEqual([]);
  });

  it("an existing child gains only what it lacks; a complete one changes nothing", () => {
    const first = planContinuation({ parentState: parentState("sequence_position=1"), childState: childState("sequence_parent=m1") }, input(), NOW);
    expect(first).toMatchObject({ created: false, added: [["sequence_position", "2"]], kept: [["sequence_parent", "m1"]] });
    expect(first.child.events.map((e) => e.event)).toEqual(["sequence_opened"]);
    const again = planContinuation({ parentState: parentState("sequence_position=1"), childState: first.child.files.get("state.md") }, input(), NOW);
    expect(again).toMatchObject({ added: [], parent: { files: new Map(), events: [] }, child: { files: new Map(), events: [] } });
  });

  it("a child that already has its budget row is not refused by a parent at 0 (nothing is charged twice)", () => {
    const docs = { parentState: parentState("sequence_position=1\nsequence_workspaces_remaining=0"), childState: childState("sequence_parent=m1\nsequence_workspaces_remaining=0") };
    expect(planContinuation(docs, input(), NOW).added).toEqual([["sequence_position", "2"]]);
  });

  it.each<[string, ContinueDocs, Partial<ContinueInput>, new (...a: never[]) => Error, RegExp]>([
    ["an empty title, before the parent is looked at", { parentState: parentState("sequence_position=x"), childState: undefined }, { title: " " }, BadInputError, /--title is empty/],
    ["a malformed parent row, before the child's schema", { parentState: parentState("sequence_position=x"), childState: childState("", "3") }, {}, BadInputError, /m1\/state\.md:\d+: sequence_position/],
    ["the schema of a parent that must be written", { parentState: stateMd({}, "3"), childState: undefined }, {}, RefusedError, /workspace m1/],
    ["the child's schema", { parentState: parentState(), childState: childState("", "3") }, {}, RefusedError, /workspace m2/],
    ["a child continuing another parent, before the budget", { parentState: parentState("sequence_workspaces_remaining=0"), childState: childState("sequence_parent=other") }, {}, RefusedError, /already continues "other"/],
    ["a parent with nothing left for a new child", { parentState: parentState("sequence_workspaces_remaining=0"), childState: undefined }, {}, BudgetStopError, /sequence budget exhausted/],
  ])("refused in order: %s", (_name, docs, over, type, message) => {
    expect(() => planContinuation(docs, input(over), NOW)).toThrow(type);
    expect(() => planContinuation(docs, input(over), NOW)).toThrow(message);
  });
});

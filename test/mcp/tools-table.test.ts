// The tools are derived from the command table (issue 36): each row with an MCP entry is a tool
// whose fields are its positionals and options, so a tool cannot drift from the command line it
// mirrors, and every row an agent cannot call says why.

import { expect, it } from "vitest";
import { allCommands, findCommand } from "../../src/cli/command-table.js";
import { commandArgs, toolsFrom } from "../../src/mcp/tools.js";

const TOOLS = toolsFrom(allCommands());

it("every tool names a command of the command table and the command line it mirrors starts with its words", () => {
  for (const t of TOOLS) {
    expect(findCommand(t.words), t.name).toBeDefined();
    expect(t.cli.startsWith(t.words.join(" ")), t.name).toBe(true);
  }
});

it("every option a tool maps is one of its command's own options, and every mapped field is an input field", () => {
  for (const t of TOOLS) {
    const def = findCommand(t.words)!;
    for (const [field, option] of Object.entries(t.options)) {
      expect(Object.keys(def.options), `${t.name}.${field}`).toContain(option);
      expect(Object.keys(t.input), `${t.name}.${field}`).toContain(field);
    }
  }
});

it("the tools are the agent-facing commands, the 5.x verbs included, named without the state word", () => {
  expect(TOOLS.map((t) => t.name)).toEqual([
    "status", "questions", "question_show", "question_add", "resolve", "resolve_batch", "resolve_comments", "pause", "resume",
    "merge_manifest", "close",
    "gates_scaffold", "gates_status", "gates_run", "gates_reverify", "gates_lint", "gates_attest", "gates_abandon",
    "claim_add", "claim_release", "claim_list", "claim_check",
    "dispatch",
    "budget_status", "budget_check", "budget_spend", "budget_seed",
    "parallel_status",
    "check", "check_readiness", "check_task_graph", "check_candidate", "check_seal", "check_slice", "check_diff_scope", "check_drift",
    "check_regression", "check_skill_trust", "check_windows", "check_dup", "check_indexes",
    "detect_commands",
    "orient", "observe_slice", "next", "handoff", "note_add", "note_list", "note_check", "note_rm", "metrics_record", "metrics_summary", "migrate", "log", "version",
  ]);
});

it("every offered command is a tool or its row says why not", () => {
  for (const def of allCommands()) {
    expect(def.mcp, def.words.join(" ")).toBeDefined();
    if (def.mcp && "not" in def.mcp) expect(def.mcp.not.length, def.words.join(" ")).toBeGreaterThan(10);
  }
  expect(findCommand(["budget", "grant"])!.mcp).toHaveProperty("not");
});

it("a tool's description is its row's, and no tool describes a field in other words than its row", () => {
  for (const t of TOOLS.filter((x) => !x.name.startsWith("resolve"))) {
    const def = findCommand(t.words)!;
    expect(t.description.toLowerCase(), t.name).toContain(def.describe.toLowerCase());
    for (const [field, option] of Object.entries(t.options)) {
      const o = def.options[option]!;
      if (!o.personOnly) expect(t.input[field]!.describe, `${t.name}.${field}`).toBe(o.describe);
    }
  }
});

it("positionals become fields: required ones required, a repeatable one a list, in the command's order", () => {
  const observe = TOOLS.find((t) => t.name === "observe_slice")!;
  expect(observe.input.slug).toMatchObject({ type: "string", required: true });
  expect(observe.input.slice).toMatchObject({ type: "string", required: true });
  expect(observe.input.workspace).toBeUndefined();
  expect(commandArgs(observe, { slug: "a", slice: "SLICE-001" }).positionals).toEqual(["a", "SLICE-001"]);
  const merge = TOOLS.find((t) => t.name === "merge_manifest")!;
  expect(merge.input.predecessors).toMatchObject({ type: "string[]" });
  expect(commandArgs(merge, { slug: "r", predecessors: ["p1", "p2"] }).positionals).toEqual(["r", "p1", "p2"]);
  const migrate = TOOLS.find((t) => t.name === "migrate")!;
  expect(Object.keys(migrate.input).sort()).toEqual(["answer", "dry_run", "slug"]);
  expect(commandArgs(migrate, { dry_run: true, answer: ["phase=build"] })).toEqual({ positionals: [], options: { "dry-run": true, answer: ["phase=build"] } });
});

it("value kinds become field types: a count an integer from 0, a cost a number, a gate an enum", () => {
  const check = TOOLS.find((t) => t.name === "budget_check")!;
  expect(check.input.findings).toMatchObject({ type: "integer", min: 0 });
  expect(check.input.cost_used).toMatchObject({ type: "number" });
  const add = TOOLS.find((t) => t.name === "question_add")!;
  expect(add.input.gate).toMatchObject({ type: "enum", required: true });
  expect(add.input.options).toMatchObject({ type: "string[]" });
});

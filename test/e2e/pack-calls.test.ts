// The calls the DevRites pack (5.x) makes, in main() as its skills make them: `version`, the
// Build step's `orient` / `observe slice` / `check readiness` / `check task-graph`, and the
// calls this engine does not provide (exit 2 naming what to call instead; the host hooks exit 0).
// The workspace is the 5.x shape of test/compat/pack5-build-resolve-ship.

import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ENGINE_VERSION } from "../../src/version.js";
import { allCommands } from "../../src/cli/command-table.js";
import { NOT_PROVIDED_ANSWERS } from "../../src/commands/not-provided.js";
import { ARTIFACT_READ_CAP } from "../../src/domain/phase-policy.js";
import { runMain } from "../helpers/cli.js";
import { makeProject, REPO_DIR, type Project } from "../helpers/project.js";

const SLUG = "invoice-export";
const W = `.devrites/work/${SLUG}`;
let p: Project | undefined;
afterEach(() => {
  p?.cleanup();
  p = undefined;
});

function pack5(): Project {
  p = makeProject();
  fs.cpSync(path.join(REPO_DIR, "test/compat/pack5-build-resolve-ship/input"), p.dir, { recursive: true });
  return p;
}
const run = (args: string[]) => runMain(args, { cwd: p!.dir });

describe("version", () => {
  it("prints one line, the engine version, exit 0 — the same as --version", async () => {
    p = makeProject();
    const r = await run(["version"]);
    expect(r).toEqual({ exit: 0, stdout: `${ENGINE_VERSION}\n`, stderr: "" });
    expect((await run(["--version"])).stdout).toBe(r.stdout);
    expect(JSON.parse((await run(["version", "--json"])).stdout)).toEqual({ ok: true, exit: 0, version: ENGINE_VERSION });
    expect((await run(["version", "extra"])).exit).toBe(5);
  });
});

describe("orient and observe", () => {
  it("orient prints the JSON summary the Build step reads: cursor, awaiting, open questions, budget, task graph", async () => {
    pack5();
    const r = await run(["orient", SLUG]);
    expect(r.exit, r.stderr).toBe(0);
    const s = JSON.parse(r.stdout);
    expect(s).toMatchObject({
      slug: SLUG,
      phase: "build",
      status: "running",
      active_slice: "SLICE-002",
      awaiting: null,
      open_questions: { count: 0, by_gate: {} },
      budget: { mode: "hitl" },
      principles_present: true,
      task_graph: { slice_count: 3, ok: true },
      sequence: { parent: "invoice-export-m1", position: "2", role: "release" },
    });
    expect(s.task_graph.slices[1]).toEqual({ id: "SLICE-002", depends_on: ["SLICE-001"] });
    expect(s.artifact_budgets.find((b: { file: string }) => b.file === "state.md")).toMatchObject({ line_budget: 120, byte_budget: 48000, over: false });
    expect(s).not.toHaveProperty("missing_files");
    expect((await run(["observe", "summary", SLUG])).stdout).toBe(r.stdout);
    // Without a slug: the selected workspace (ACTIVE).
    expect((await run(["orient"])).stdout).toBe(r.stdout);
  });

  it("orient names what the phase still misses, a bulk file and an unreadable artifact, and still exits 0", async () => {
    pack5();
    fs.rmSync(p!.path(`${W}/test-plan.md`));
    p!.write(`${W}/review-input.json`, "{}".repeat(40_000));
    fs.rmSync(p!.path(`${W}/plan.md`));
    fs.symlinkSync(p!.path(`${W}/spec.md`), p!.path(`${W}/plan.md`));
    const r = await run(["orient", SLUG]);
    expect(r.exit, r.stderr).toBe(0);
    const s = JSON.parse(r.stdout);
    expect(s.missing_files).toEqual(["test-plan.md"]);
    expect(s.bulk_files).toEqual([{ file: "review-input.json", bytes: 80_000 }]);
    expect(s.unreadable).toEqual(["plan.md"]);
    expect(s.artifact_budgets.some((b: { file: string }) => b.file === "plan.md")).toBe(false);
  });

  it("observe slice prints that one section of tasks.md; an absent slice is exit 3 naming the ones there are", async () => {
    pack5();
    const r = await run(["observe", "slice", SLUG, "SLICE-002"]);
    expect(r.exit, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^## SLICE-002 Streaming writer\n/);
    expect(r.stdout).toContain("### Proof\n");
    expect(r.stdout).not.toContain("SLICE-003 Download");
    const missing = await run(["observe", "slice", SLUG, "SLICE-009"]);
    expect(missing.exit).toBe(3);
    expect(missing.stderr).toContain("hint: slices in tasks.md: SLICE-001, SLICE-002, SLICE-003");
    expect((await run(["observe", "slice", SLUG, "slice-2"])).exit).toBe(5);
    expect((await run(["observe", "slice", SLUG])).exit).toBe(5);
  });
});

describe("check readiness", () => {
  it("passes the 5.x workspace (exit 0) and prints the Go engine's gate lines", async () => {
    pack5();
    const r = await run(["check", "readiness", SLUG]);
    expect(r).toEqual({ exit: 0, stdout: "gate: readiness\nfeature: invoice-export\nphase: build\nresult: pass\nreason: DRV-GATE-READINESS-PASSED\n", stderr: "" });
  });

  it("--emit-binding prints the exact line eng-review.md records", async () => {
    pack5();
    const r = await run(["check", "readiness", "--emit-binding", SLUG]);
    expect(r.exit).toBe(0);
    expect(p!.read(`${W}/eng-review.md`)).toContain(r.stdout);
  });

  it("a changed planning input makes the binding stale: exit 3, DRV-GATE-READINESS-STALE, the line to record", async () => {
    pack5();
    fs.appendFileSync(p!.path(`${W}/plan.md`), "4. SLICE-004: a late addition.\n");
    const binding = (await run(["check", "readiness", "--emit-binding", SLUG])).stdout.trim();
    const r = await run(["check", "readiness", SLUG, "--json"]);
    expect(r.exit).toBe(3);
    const j = JSON.parse(r.stdout);
    expect(j).toMatchObject({ ok: false, exit: 3, gate: "readiness", result: "blocked", reason: "DRV-GATE-READINESS-STALE", missing_files: [] });
    expect(j.problems[0]).toContain(binding);
  });

  it("a workspace awaiting a person is blocked (exit 3), and so is one missing an artifact", async () => {
    pack5();
    expect((await run(["question", "add", "--gate", "blocking", "--question", "Page or cursor?", "--option", "Page", "--option", "Cursor"])).exit).toBe(0);
    const r = await run(["check", "readiness", SLUG]);
    expect(r.exit).toBe(3);
    expect(r.stdout).toContain("result: blocked (state invariant)\n");
    expect(r.stdout).toMatch(/invariant: state\.md is awaiting_human on q-2026-07-20-001/);
    fs.writeFileSync(p!.path(`${W}/traceability.md`), "");
    expect((await run(["check", "readiness", SLUG])).stdout).toContain('result: blocked (missing to leave "build": traceability.md)\n');
  });

  it("check task-graph: exit 0 on a sound graph, exit 3 listing each problem", async () => {
    pack5();
    expect((await run(["check", "task-graph", SLUG])).exit).toBe(0);
    fs.appendFileSync(p!.path(`${W}/tasks.md`), "\n## SLICE-004 Loop\nDependencies: SLICE-004\n");
    const r = await run(["check", "task-graph", SLUG]);
    expect(r.exit).toBe(3);
    expect(r.stdout).toContain("  dependency cycle: SLICE-004 -> SLICE-004\n");
  });

  it("a tasks.md over the read cap orient keeps to is refused by check task-graph (exit 3, the limit named) and blocks readiness", async () => {
    pack5();
    fs.appendFileSync(p!.path(`${W}/tasks.md`), "\nBudget override: generated\n" + "filler line\n".repeat(ARTIFACT_READ_CAP / 12 + 1));
    const r = await run(["check", "task-graph", SLUG]);
    expect(r.exit).toBe(3);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^devrites-engine: tasks\.md is too large to read its slice graph \(\d+ bytes, the limit is 1048576, as orient reads it\): .+tasks\.md\nhint: trim tasks\.md below the limit/);
    const gate = await run(["check", "readiness", SLUG]);
    expect(gate.exit).toBe(3);
    expect(gate.stdout).toMatch(/^invariant: tasks\.md: too large to read its slice graph/m);
    expect(JSON.parse((await run(["orient", SLUG])).stdout).task_graph).toBeUndefined();
  });

  it("check task-graph without tasks.md says what comes next by the phase: the plan writes it, or (after the plan) restore it", async () => {
    pack5();
    fs.rmSync(p!.path(`${W}/tasks.md`));
    const after = await run(["check", "task-graph", SLUG]);
    expect(after.exit).toBe(2);
    expect(after.stderr).toMatch(/^devrites-engine: tasks\.md missing at .+\nhint: the workspace is in phase build, after the plan that wrote tasks\.md: restore it from version control or a backup, or write it again with \/rite-define\n$/);
    const state = p!.path(`${W}/state.md`);
    fs.writeFileSync(state, fs.readFileSync(state, "utf8").replace("| phase | build |", "| phase | spec |"));
    const before = await run(["check", "task-graph", SLUG]);
    expect(before.exit).toBe(2);
    expect(before.stderr).toMatch(/^devrites-engine: no tasks\.md yet at .+\nhint: the plan phase writes tasks\.md \(\/rite-define\); the workspace is in phase spec, so there is no slice graph to check yet\n$/);
    expect(before.stderr).not.toContain("restore");
  });
});

describe("calls this engine does not provide", () => {
  const notProvided = allCommands().filter((c) => c.notProvided && c.words[0] !== "hook").map((c) => c.words);

  it.each(notProvided)("%s … is exit 2 naming what to call instead, whatever its arguments", async (...words) => {
    p = makeProject();
    const r = await run([...words, "some-slug", "--staged", "--harness=claude"]);
    expect(r.exit).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(new RegExp(`^devrites-engine: ${words.join(" ")} is not provided by this engine: in the DevRites Go engine it .+\\nhint: instead: .+\\n$`));
    expect(NOT_PROVIDED_ANSWERS[words.join(" ")]).toBeDefined();
    const j = JSON.parse((await run([...words, "--json"])).stdout);
    expect(j).toMatchObject({ ok: false, exit: 2, provided: false, command: words.join(" ") });
  });

  it("hook … (the pack's host hooks) is exit 0 with nothing on stdout, as when the engine is absent", async () => {
    p = makeProject();
    const r = await run(["hook", "allow", "--harness=claude"]);
    expect(r.exit).toBe(0);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("hook allow is not provided by this engine");
  });

  it("are left out of help and completion, and are listed once at the end of the overview", async () => {
    p = makeProject();
    const help = (await run(["--help"])).stdout;
    expect(help).not.toMatch(/^ {2}overhaul /m);
    expect(help).toContain("Pack calls this engine does not provide");
    expect((await run(["--get-completions", "devrites-engine", ""])).stdout).not.toContain("overhaul");
  });
});

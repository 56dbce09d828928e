// `check` in main() (smoke.test.ts spawns the CLI): `<file>:<line>:<col> <error|warning> <rule> <message>` lines
// on stdout (paths relative to where it runs), the --json shape, exit 0 without errors and 3
// with, never a write, the AFK sentinel's own errors at their YAML line and column, and a
// 10,000-question questions.md that finishes with a "too large to cross-check" note.

import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { generateQuestions, generateState } from "../../fixtures/generate-long-questions.mjs";
import { runMain } from "../helpers/cli.js";
import { makeProject, REPO_DIR, type Project } from "../helpers/project.js";

const W = ".devrites/work/session-token-rotation";
const LINE = /^(\S+):(\d+):(\d+) (error|warning) ([a-z][a-z0-9-]*) (.+)$/;

let project: Project | undefined;
afterEach(() => project?.cleanup());

/** A copy of the bundled example workspace (.devrites.example) as `.devrites`. */
function example(): Project {
  project = makeProject();
  fs.cpSync(path.join(REPO_DIR, ".devrites.example"), project.path(".devrites"), { recursive: true });
  return project;
}

function snapshot(p: Project): Record<string, { text: string; mtime: number }> {
  return Object.fromEntries(p.listDevrites().map((f) => [f, { text: p.read(f), mtime: fs.statSync(p.path(f)).mtimeMs }]));
}

/** Diagnostic lines of a text run (everything but the `note:` lines and the summary). */
function diagnostics(stdout: string): string[] {
  const lines = stdout.trimEnd().split("\n");
  return lines.filter((l) => !l.startsWith("note: ") && l !== lines[lines.length - 1]);
}

describe("check on a clean workspace", () => {
  it("the bundled example is clean: exit 0, only the summary line", async () => {
    const p = example();
    const r = await runMain(["check"], { cwd: p.dir });
    expect(r.exit, r.stderr).toBe(0);
    expect(r.stdout).toBe("session-token-rotation: 0 error(s), 0 warning(s)\n");
    expect(r.stderr).toBe("");
  });

  it("--json: ok, exit, workspace, counts, diagnostics and notes", async () => {
    const p = example();
    const r = await runMain(["check", "--json"], { cwd: p.dir });
    expect(r.exit).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ ok: true, exit: 0, workspace: "session-token-rotation", errors: 0, warnings: 0, diagnostics: [], notes: [] });
  });

  it("warnings alone keep exit 0", async () => {
    const p = example();
    p.write(`${W}/decisions.md`, p.read(`${W}/decisions.md`).replace("DEC-001", "DEC-1"));
    const r = await runMain(["check"], { cwd: p.dir });
    expect(r.exit, r.stdout).toBe(0);
    expect(r.stdout).toContain(`${W}/decisions.md:3:5 warning decision-id-format DEC-1 is not DEC-###`);
    expect(r.stdout).toContain("session-token-rotation: 0 error(s), 1 warning(s)\n");
  });
});

describe("check on a hand-broken workspace", () => {
  /** The example with a person's typical mistakes in questions.md and state.md. */
  function broken(): Project {
    const p = example();
    const q = p.read(`${W}/questions.md`)
      .replace("## q-2026-09-02-002\nstatus: open", "## q-2026-09-02-002\nstatus: pending") // line 18
      .replace("gate: advisory", "gate: urgent")
      .replace("## q-2026-09-02-003\nstatus: open", "## q-2026-09-02-003\nstatus: answered"); // the awaited one, without an answer
    p.write(`${W}/questions.md`, q);
    p.write(`${W}/state.md`, p.read(`${W}/state.md`).replace("| risk | medium |", "| risk | medium |\n| resumes_at | tomorrow |"));
    return p;
  }

  it("reports each problem as <file>:<line>:<col> <severity> <rule> <message>, sorted, with a summary; exit 3", async () => {
    const p = broken();
    const r = await runMain(["check"], { cwd: p.dir });
    expect(r.exit, r.stderr).toBe(3);
    const lines = diagnostics(r.stdout);
    for (const l of lines) expect(l).toMatch(LINE);
    const brief = lines.map((l) => l.split(" ").slice(0, 3).join(" "));
    expect(brief).toEqual([
      `${W}/questions.md:18:9 error question-unknown-status`,
      `${W}/questions.md:20:7 error question-unknown-gate`,
      `${W}/questions.md:31:9 error question-answered-without-answer`,
      `${W}/questions.md:31:9 warning question-no-answered-at`,
      `${W}/state.md:12:1 error pause-fields-not-blocked`,
      `${W}/state.md:12:16 error state-bad-timestamp`,
      `${W}/state.md:18:17 error awaiting-not-open`,
    ]);
    expect(r.stdout.trimEnd().split("\n").at(-1)).toBe("session-token-rotation: 6 error(s), 1 warning(s)");
  });

  it("never writes: every file keeps its bytes and mtime, no lock, journal or events file appears", async () => {
    const p = broken();
    const before = snapshot(p);
    await runMain(["check"], { cwd: p.dir });
    await runMain(["check", "--json"], { cwd: p.dir });
    expect(snapshot(p)).toEqual(before);
  });

  it("--json lists the same diagnostics with file, line, col, severity, rule, message", async () => {
    const p = broken();
    const text = await runMain(["check"], { cwd: p.dir });
    const r = await runMain(["check", "--json"], { cwd: p.dir });
    expect(r.exit).toBe(3);
    const j = JSON.parse(r.stdout);
    expect(j).toMatchObject({ ok: false, exit: 3, workspace: "session-token-rotation", errors: 6, warnings: 1, notes: [] });
    for (const d of j.diagnostics) expect(Object.keys(d)).toEqual(["file", "line", "col", "severity", "rule", "message"]);
    // The same findings; --json is an agent's, so its advice carries no --human (issue 25).
    expect(j.diagnostics.map((d: Record<string, unknown>) => `${d.file}:${d.line}:${d.col} ${d.severity} ${d.rule} ${d.message}`)).toEqual(diagnostics(text.stdout).map((l) => l.replaceAll(" --human", "")));
    expect(text.stdout).toContain(" --human");
  });

  it("paths are relative to the working directory", async () => {
    const p = broken();
    const r = await runMain(["check"], { cwd: p.path(W) });
    expect(r.stdout).toMatch(/^questions\.md:18:9 error question-unknown-status /m);
    expect(r.stdout).toMatch(/^state\.md:18:17 error awaiting-not-open /m);
  });

  it("the open-gate invariants: an open blocking question while running, awaiting_human without its section", async () => {
    const p = example();
    const s = p.read(`${W}/state.md`);
    p.write(`${W}/state.md`, s.replace(/\n## Awaiting human\n[\s\S]*?\n\n/, "\n"));
    const r = await runMain(["check"], { cwd: p.dir });
    expect(r.exit).toBe(3);
    expect(r.stdout).toMatch(new RegExp(`^${W}/state\\.md:8:1 error awaiting-without-section `, "m"));
    p.write(`${W}/state.md`, s.replace(/\n## Awaiting human\n[\s\S]*?\n\n/, "\n").replace("| status | awaiting_human |", "| status | running |"));
    const r2 = await runMain(["check"], { cwd: p.dir });
    expect(r2.exit).toBe(3);
    expect(r2.stdout).toMatch(new RegExp(`^${W}/questions\\.md:31:1 error open-gate-not-paused q-2026-09-02-003 `, "m"));
    expect(r2.stdout).not.toContain("q-2026-09-02-002 is an open"); // advisory questions may stay open
  });

  it("an engine/CommonMark disagreement is a warning: a question commented out with <!-- --> is still live to the engine", async () => {
    const p = example();
    p.write(`${W}/questions.md`, p.read(`${W}/questions.md`).replace("## q-2026-09-02-002", "<!--\n## q-2026-09-02-002") + "-->\n");
    const r = await runMain(["check"], { cwd: p.dir });
    expect(r.stdout).toMatch(new RegExp(`^${W}/questions\\.md:18:1 warning markdown-crosscheck the engine reads a level-2 heading here but CommonMark \\(remark\\) does not`, "m"));
  });
});

describe("check and the AFK sentinel", () => {
  it("reports the sentinel's own errors and warnings at their YAML line and column; exit 3", async () => {
    const p = example();
    p.write(".devrites/AFK", "# overnight\nmax_slices: 10\nmax_agents: 2.5\nmax_review_queue: \"8\"\nallow_gates: [advisory, blocking]\ncontinue_sequence: yes\ncolour: blue\nmax_slices: 3\n");
    const r = await runMain(["check"], { cwd: p.dir });
    expect(r.exit).toBe(3);
    const afk = diagnostics(r.stdout).filter((l) => l.startsWith(".devrites/AFK:")).map((l) => l.split(" ").slice(0, 3).join(" "));
    expect(afk).toEqual([
      ".devrites/AFK:3:13 error afk-count",
      ".devrites/AFK:4:19 error afk-count",
      ".devrites/AFK:5:25 warning afk-gate-ignored",
      ".devrites/AFK:6:20 error afk-boolean",
      ".devrites/AFK:7:1 warning afk-unknown-key",
      ".devrites/AFK:8:1 error afk-duplicate-key",
    ]);
    expect(r.stdout).toContain('.devrites/AFK:3:13 error afk-count max_agents must be a plain nonnegative integer like 10 (got "2.5")\n');
  });

  it("YAML that does not parse is one afk-yaml error with a position", async () => {
    const p = example();
    p.write(".devrites/AFK", "max_slices: 10\nallow_gates: [advisory\nmax_agents: 3\n");
    const r = await runMain(["check", "--json"], { cwd: p.dir });
    expect(r.exit).toBe(3);
    const d = JSON.parse(r.stdout).diagnostics.filter((x: { rule: string }) => x.rule === "afk-yaml");
    expect(d.length).toBeGreaterThan(0);
    for (const x of d) {
      expect(x.file).toBe(".devrites/AFK");
      expect(x.line).toBeGreaterThanOrEqual(2);
      expect(x.col).toBeGreaterThanOrEqual(1);
    }
  });

  it("a directory where the sentinel should be is one afk-unreadable error", async () => {
    const p = example();
    fs.mkdirSync(p.path(".devrites/AFK"));
    const r = await runMain(["check"], { cwd: p.dir });
    expect(r.exit).toBe(3);
    expect(r.stdout).toMatch(/^\.devrites\/AFK:1:1 error afk-unreadable .*is a directory/m);
  });

  it("a valid sentinel is silent, and open validating questions are fine when AFK allows them", async () => {
    const p = example();
    p.write(".devrites/AFK", p.read(".devrites/AFK.example"));
    p.write(`${W}/questions.md`, p.read(`${W}/questions.md`).replace("gate: advisory", "gate: validating"));
    const s = p.read(`${W}/state.md`);
    // Drop the awaited blocking question's pause and resolve it so only the validating one is open.
    p.write(`${W}/state.md`, s.replace(/\n## Awaiting human\n[\s\S]*?\n\n/, "\n").replace("| status | awaiting_human |", "| status | running |"));
    p.write(`${W}/questions.md`, p.read(`${W}/questions.md`).replace(/(## q-2026-09-02-003\n)status: open/, "$1status: dropped").replace(/answered_at:\nanswer:\n$/, "answered_at: 2026-09-02T15:00:00Z\nanswer: superseded\n"));
    const r = await runMain(["check"], { cwd: p.dir });
    expect(r.stdout).toBe("session-token-rotation: 0 error(s), 0 warning(s)\n");
    expect(r.exit).toBe(0);
  });
});

describe("check on a 10,000-question questions.md", () => {
  it("finishes with a too-large-to-cross-check note and the lint of every block", async () => {
    const { text, awaited } = generateQuestions({ count: 10_000 });
    project = makeProject({
      ".devrites/ACTIVE": "billing-export\n",
      ".devrites/work/billing-export/state.md": generateState({ awaited }),
      ".devrites/work/billing-export/questions.md": text + "\n## q-2026-06-01-001\nstatus: open\ngate: advisory\n",
    });
    const started = performance.now();
    const r = await runMain(["check"], { cwd: project.dir });
    const seconds = (performance.now() - started) / 1000;
    console.log(`check on ${(text.length / 1024 / 1024).toFixed(1)} MiB / 10,001 questions: ${seconds.toFixed(2)} s wall (machine shared; not asserted)`);
    expect(r.exit, r.stderr).toBe(3);
    expect(r.stdout).toMatch(/^note: \.devrites\/work\/[^/]+\/questions\.md: too large to cross-check in full: \d+ of 10002 sections compared with CommonMark/m);
    // The duplicate id appended at the very end is still found: lint covers the whole file.
    expect(r.stdout).toMatch(/questions\.md:\d{5,}:4 error question-duplicate-id duplicate question id q-2026-06-01-001 \(first at line 3\)/);
    const j = JSON.parse((await runMain(["check", "--json"], { cwd: project.dir })).stdout);
    expect(j.notes).toHaveLength(1);
    expect(j.notes[0]).toMatch(/too large to cross-check/);
  }, 120_000);
});

describe("check arguments", () => {
  it("an extra argument is exit 5; no workspace is exit 2", async () => {
    const p = example();
    expect((await runMain(["check", "state.md"], { cwd: p.dir })).exit).toBe(5);
    project!.cleanup();
    project = makeProject({});
    expect((await runMain(["check"], { cwd: project.dir })).exit).toBe(2);
  });
});

// `status` in main() (smoke.test.ts spawns the CLI), pinned by golden files: test/golden-status/<case>/input is
// copied to a fresh project, `status` runs there with TZ=UTC (resume times are shown in the
// reader's zone) and its stdout must equal expected.txt byte for byte. UPDATE_GOLDEN=1
// rewrites expected.txt instead (review the diff before committing it).

import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runMain } from "../helpers/cli.js";
import { makeProject, REPO_DIR, type Project } from "../helpers/project.js";
import { ptyRunner, runInPty } from "../helpers/pty.js";

const GOLDEN = path.join(REPO_DIR, "test", "golden-status");
const CASES = fs.readdirSync(GOLDEN).filter((d) => fs.existsSync(path.join(GOLDEN, d, "input"))).sort();
const UTC = { TZ: "UTC" };

let project: Project | undefined;
afterEach(() => project?.cleanup());

function copyCase(name: string): Project {
  project = makeProject();
  fs.cpSync(path.join(GOLDEN, name, "input"), project.dir, { recursive: true });
  return project;
}

/** Every file under .devrites with its bytes, to prove a read-only command wrote nothing. */
function snapshot(p: Project): Record<string, string> {
  return Object.fromEntries(p.listDevrites().map((f) => [f, p.read(f)]));
}

describe("status golden files", () => {
  it("the golden set holds the four required cases", () => {
    expect(CASES).toEqual(expect.arrayContaining(["paused-question", "paused-reason", "afk", "hitl"]));
  });

  it.each(CASES)("%s: stdout equals expected.txt, exit 0, nothing written", async (name) => {
    const p = copyCase(name);
    const before = snapshot(p);
    const r = await runMain(["status"], { cwd: p.dir, env: UTC });
    expect(r.exit, r.stderr).toBe(0);
    expect(r.stderr).toBe("");
    const expectedFile = path.join(GOLDEN, name, "expected.txt");
    if (process.env.UPDATE_GOLDEN === "1") fs.writeFileSync(expectedFile, r.stdout);
    expect(r.stdout).toBe(fs.readFileSync(expectedFile, "utf8"));
    expect(snapshot(p)).toEqual(before);
  });

  it.each(CASES)("%s: readable at 80 columns, no colour without a terminal", async (name) => {
    const p = copyCase(name);
    const r = await runMain(["status"], { cwd: p.dir, env: { ...UTC, NO_COLOR: undefined } });
    expect(r.stdout).not.toContain("\u001b[");
    for (const line of r.stdout.split("\n")) expect([...line].length, line).toBeLessThanOrEqual(80);
  });
});

describe("status details", () => {
  it("the resume time is UTC HH:MM in every reader's zone, named, the summary a pause writes into next_action", async () => {
    const p = copyCase("paused-reason");
    for (const env of [UTC, { TZ: "America/New_York" }, { TZ: "Asia/Tokyo" }]) {
      expect((await runMain(["status"], { cwd: p.dir, env })).stdout).toContain("Paused: subscription usage cap reached, resumes 14:50 UTC\n");
    }
  });

  it("a resume time on another day than now shows its date", async () => {
    const p = copyCase("paused-reason");
    const r = await runMain(["status"], { cwd: p.dir, env: { ...UTC, DEVRITES_NOW: "2026-07-19T22:00:00Z" } });
    expect(r.stdout).toContain("resumes 2026-07-20 14:50 UTC\n");
  });

  it("every other pause reason shows its label and plain resume", async () => {
    const p = copyCase("paused-reason");
    const file = ".devrites/work/billing-export/state.md";
    p.write(file, p.read(file).replace("| pause_reason | usage_cap |", "| pause_reason | credentials |").replace(/\| resumes_at .*\n/, ""));
    const r = await runMain(["status"], { cwd: p.dir, env: UTC });
    expect(r.stdout).toContain("Paused: credentials missing or rejected\n");
    expect(r.stdout).toContain("  Resume with: devrites-engine state resume\n");
  });

  it("a pipe gets no colour even without NO_COLOR", async () => {
    const p = copyCase("paused-question");
    const plain = await runMain(["status"], { cwd: p.dir, env: { NO_COLOR: undefined, FORCE_COLOR: "1" } });
    expect(plain.stdout).not.toContain("\u001b[");
  });

  it("no workspace is exit 2", async () => {
    project = makeProject({});
    const r = await runMain(["status"], { cwd: project.dir });
    expect(r.exit).toBe(2);
    expect(r.stdout).toBe("");
  });

  it("an extra argument is exit 5", async () => {
    const p = copyCase("hitl");
    expect((await runMain(["status", "now"], { cwd: p.dir })).exit).toBe(5);
  });

  it("a schema-2 workspace still shows its status (read-only commands skip the schema gate) with the check warning", async () => {
    const p = copyCase("hitl");
    const file = ".devrites/work/csv-export/state.md";
    p.write(file, p.read(file).replace("| schema | 4 |\n", ""));
    const r = await runMain(["status"], { cwd: p.dir, env: UTC });
    expect(r.exit, r.stderr).toBe(0);
    expect(r.stdout).toContain("state.md:1:1 error state-schema");
  });
});

describe("status --json", () => {
  const KEYS = ["ok", "exit", "workspace", "phase", "status", "next_action", "awaiting", "pause", "open_questions", "mode", "warnings", "written_answers", "unread_answers"].sort();

  it.each(CASES)("%s: one object with every documented key, whatever the state", async (name) => {
    const p = copyCase(name);
    const r = await runMain(["status", "--json"], { cwd: p.dir, env: UTC });
    expect(r.exit, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(Object.keys(j).sort()).toEqual(KEYS);
    expect(j).toMatchObject({ ok: true, exit: 0 });
    expect(Array.isArray(j.awaiting)).toBe(true);
    expect(Array.isArray(j.warnings)).toBe(true);
    expect(typeof j.open_questions).toBe("object");
    expect(["hitl", "afk", "invalid"]).toContain(j.mode.mode);
  });

  it("paused on a question: the awaited question with gate, options and proposed answer", async () => {
    const j = JSON.parse((await runMain(["status", "--json"], { cwd: copyCase("paused-question").dir })).stdout);
    expect(j).toMatchObject({
      workspace: "session-token-rotation", phase: "build", status: "awaiting_human", next_action: '/rite-resolve q-2026-09-02-003 "<answer>"',
      pause: null,
      open_questions: { blocking: ["q-2026-09-02-003"], advisory: ["q-2026-09-02-002"] },
      mode: { mode: "hitl" },
      warnings: [],
    });
    expect(j.awaiting).toEqual([
      {
        qid: "q-2026-09-02-003", gate: "blocking", question: "Drop the legacy `sessions.token` column now, or keep it for one release?",
        options: [
          "Keep one release, drop in follow-up (Recommended) — risk: reversible · infra: expand→contract",
          "Drop now — irreversible if a rollback is needed",
          "Something else — describe it",
        ],
        proposed: "Keep one release, drop in follow-up",
      },
    ]);
  });

  it("paused for a reason: code, summary, detail and the stored UTC resumes_at", async () => {
    const j = JSON.parse((await runMain(["status", "--json"], { cwd: copyCase("paused-reason").dir, env: UTC })).stdout);
    expect(j.awaiting).toEqual([]);
    expect(j.pause).toEqual({
      reason: "usage_cap", summary: "subscription usage cap reached, resumes 14:50 UTC",
      detail: "Claude weekly usage cap reached while building SLICE-004; the provider resets the cap at 14:50 UTC", resumes_at: "2026-07-20T14:50:00Z",
    });
  });

  it("AFK: slices left of the cap, review queue against its cap, allowed gates", async () => {
    const j = JSON.parse((await runMain(["status", "--json"], { cwd: copyCase("afk").dir })).stdout);
    expect(j.mode).toEqual({ mode: "afk", slices_remaining: 2, slices_source: "counter", max_slices: 10, review_queue: 3, max_review_queue: 8, allow_gates: ["advisory", "validating"] });
    expect(j.open_questions).toEqual({ validating: ["q-2026-07-20-001", "q-2026-07-20-002", "q-2026-07-20-004"] });
  });

  it("inconsistencies check would report appear as warning strings", async () => {
    const j = JSON.parse((await runMain(["status", "--json"], { cwd: copyCase("inconsistent").dir })).stdout);
    expect(j.warnings).toEqual(expect.arrayContaining([expect.stringMatching(/^state\.md:\d+:\d+ error awaiting-not-open /), expect.stringMatching(/^questions\.md:\d+:\d+ error open-gate-not-paused /)]));
  });
});

describe("status shows every problem check reports in touched-files.md", () => {
  /** check's findings in touched-files.md, as status --json words them (file:line:col severity rule …). */
  async function touchedFindings(dir: string) {
    const c = JSON.parse((await runMain(["check", "--json"], { cwd: dir })).stdout) as { diagnostics: { file: string; line: number; col: number; severity: string; rule: string }[] };
    const fromCheck = c.diagnostics.filter((d) => d.file.endsWith("touched-files.md")).map((d) => `touched-files.md:${d.line}:${d.col} ${d.severity} ${d.rule}`);
    const j = JSON.parse((await runMain(["status", "--json"], { cwd: dir })).stdout) as { warnings: string[] };
    const fromStatus = j.warnings.filter((w) => w.startsWith("touched-files.md:")).map((w) => w.split(" ").slice(0, 3).join(" "));
    return { fromCheck, fromStatus };
  }

  it("the manifest grammar: an absolute path and an empty Slice cell", async () => {
    project = makeProject();
    fs.cpSync(path.join(REPO_DIR, ".devrites.example"), project.path(".devrites"), { recursive: true });
    project.write(
      ".devrites/work/session-token-rotation/touched-files.md",
      "# Touched files\n\n## Candidate manifest\n| State | File | Slice | Reason |\n| --- | --- | --- | --- |\n| present | `/tmp/scratch.ts` |  | Scratch. |\n",
    );
    const { fromCheck, fromStatus } = await touchedFindings(project.dir);
    expect(fromCheck).toEqual(expect.arrayContaining([expect.stringMatching(/ error path-absolute$/), expect.stringMatching(/ error manifest-slice$/)]));
    expect(fromStatus).toEqual(fromCheck);
    expect((await runMain(["status"], { cwd: project.dir })).stdout).toMatch(/^ {2}touched-files\.md:6:13 error path-absolute /m);
  });

  it("the release union: a predecessor's path missing from the release manifest", async () => {
    project = makeProject();
    const init = async (...args: string[]) => expect((await runMain(["init", ...args], { cwd: project!.dir })).exit).toBe(0);
    await init("api");
    await init("rel", "--continues", "api", "--release");
    project.write(".devrites/work/api/touched-files.md", "# Touched files: api\n\n## Touched files\nThe API.\n\n## Candidate manifest\n| State | File | Slice | Reason |\n| --- | --- | --- | --- |\n| present | `src/api.ts` | SLICE-001 | The API. |\n");
    const { fromCheck, fromStatus } = await touchedFindings(project.dir);
    expect(fromCheck).toEqual([expect.stringMatching(/ error release-union$/)]);
    expect(fromStatus).toEqual(fromCheck);
  });
});

describe.runIf(ptyRunner() !== undefined)("status on a terminal", () => {
  it("uses colour on a real terminal, and none there when NO_COLOR is set", async () => {
    const p = copyCase("paused-question");
    const tty = await runInPty(["status"], { cwd: p.dir, env: { TZ: "UTC", NO_COLOR: undefined } });
    expect(tty.exit, tty.output).toBe(0);
    expect(tty.output).toContain("\u001b[1mWaiting on q-2026-09-02-003\u001b[22m");
    const noColor = await runInPty(["status"], { cwd: p.dir, env: { TZ: "UTC", NO_COLOR: "1" } });
    expect(noColor.exit, noColor.output).toBe(0);
    expect(noColor.output).not.toContain("\u001b[");
    // Same words either way: colour is decoration only.
    expect(tty.output.replace(/\u001b\[[0-9;]*m/g, "")).toBe(noColor.output);
  });
});

describe("status's repair command", () => {
  it("for an awaited question that is already answered, the printed command (no answer retyped) repairs state.md (exit 0)", async () => {
    const p = copyCase("inconsistent");
    const file = ".devrites/work/session-token-rotation/state.md";
    p.write(file, p.read(file).replace("| status | running |", "| status | awaiting_human |").replace(/\| resumes_at .*\n/, ""));
    const shown = await runMain(["status"], { cwd: p.dir, env: UTC });
    const m = /devrites-engine (state resolve q-2026-09-02-003 --human)\n/.exec(shown.stdout);
    expect(m, shown.stdout).not.toBeNull();
    const repair = await runMain(m![1]!.split(" "), { cwd: p.dir });
    expect(repair.exit, repair.stderr).toBe(0);
    expect(repair.stdout).toBe("Resolved: q-2026-09-02-003\nStatus:   answered\nWorkspace: state.md updated.\n");
    const after = await runMain(["status", "--json"], { cwd: p.dir });
    const j = JSON.parse(after.stdout);
    expect(j.status).toBe("running");
    expect(j.awaiting).toEqual([]);
    expect(j.warnings.filter((w: string) => /awaiting/.test(w))).toEqual([]);
  });
});

describe("status --markdown (a comment body for a ticket or pull request)", () => {
  it("spawned: paused on a question, the marker first, the question with --human commands, other blocking questions listed", async () => {
    const p = copyCase("paused-question");
    const qf = ".devrites/work/session-token-rotation/questions.md";
    p.write(qf, `${p.read(qf)}\n## q-2026-09-02-004\nstatus: open\ngate: blocking\nquestion: Rotate the *signing* key too?\nanswered_at:\nanswer:\n`);
    const before = snapshot(p);
    const r = await runMain(["status", "--markdown"], { cwd: p.dir, env: UTC });
    expect(r.exit, r.stderr).toBe(0);
    expect(r.stdout.split("\n")[0]).toBe("<!-- devrites:session-token-rotation:q-2026-09-02-003 -->");
    expect(r.stdout).toContain("**Question q-2026-09-02-003** (blocking · slice SLICE-003 · workspace session-token-rotation)\n");
    expect(r.stdout).toContain("Drop the legacy \\`sessions.token\\` column now, or keep it for one release?\n");
    expect(r.stdout).toContain("devrites-engine state resolve q-2026-09-02-003 --proposed --human --workspace session-token-rotation\n");
    expect(r.stdout).toContain("**Open blocking questions:**\n\n<untrusted-input>\n\n- `q-2026-09-02-004` Rotate the \\*signing\\* key too?\n\n</untrusted-input>\n");
    // The question text a person or agent wrote is quoted between the tags; the commands are not.
    expect(r.stdout).toMatch(/<untrusted-input>\n\nDrop the legacy [^]*?<\/untrusted-input>\n\nAnswer it from the project directory/);
    expect(r.stdout.endsWith("\n") && !r.stdout.endsWith("\n\n")).toBe(true);
    expect(snapshot(p)).toEqual(before);
  });

  it("paused for a reason: the summary with the resume time in UTC and both resume commands; --json carries the same text", async () => {
    const p = copyCase("paused-reason");
    const r = await runMain(["status", "--markdown"], { cwd: p.dir, env: { TZ: "Asia/Tokyo" } });
    expect(r.exit, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^<!-- devrites:billing-export:pause -->\n\n\*\*Paused:\*\* subscription usage cap reached, resumes 2026-07-20 14:50 UTC \(workspace billing-export\)\n/);
    expect(r.stdout).toContain("```sh\ndevrites-engine state resume --auto --workspace billing-export\ndevrites-engine state resume --workspace billing-export\n```\n");
    const j = await runMain(["status", "--markdown", "--json"], { cwd: p.dir });
    expect(JSON.parse(j.stdout)).toEqual({ ok: true, exit: 0, workspace: "billing-export", markdown: r.stdout });
  });

  it("nothing awaited: says so, and still lists the open blocking questions", async () => {
    const p = copyCase("hitl");
    const r = await runMain(["status", "--markdown"], { cwd: p.dir });
    expect(r.exit, r.stderr).toBe(0);
    expect(r.stdout.split("\n")[0]).toBe("<!-- devrites:csv-export:status -->");
    expect(r.stdout).toContain("Nothing waits on a person: workspace csv-export is ");
  });
});

describe("status: a file it reads only to lint it", () => {
  it.each(["decisions.md", "touched-files.md"])("%s too large to read is one of its problems, not a refusal: exit 0, as status --markdown", async (name) => {
    const p = (project = makeProject());
    fs.cpSync(path.join(REPO_DIR, ".devrites.example"), p.path(".devrites"), { recursive: true });
    fs.truncateSync(p.path(`.devrites/work/session-token-rotation/${name}`), 0);
    fs.truncateSync(p.path(`.devrites/work/session-token-rotation/${name}`), 100 * 1024 ** 3);
    const r = await runMain(["status"], { cwd: p.dir, env: UTC });
    expect(r.exit, r.stderr).toBe(0);
    const file = name.replace(".", "\\.");
    expect(r.stdout).toMatch(new RegExp(`Problems \\(1 error; devrites-engine check for details\\):\\n  ${file}:1:1 error file-unreadable\\s+${file}\\s+is\\s+too\\s+large`));
    expect((await runMain(["status", "--markdown"], { cwd: p.dir, env: UTC })).exit).toBe(0);
    // check still refuses it: a lint of a file it cannot read is not a pass.
    expect((await runMain(["check"], { cwd: p.dir, env: UTC })).exit).toBe(3);
  });
});

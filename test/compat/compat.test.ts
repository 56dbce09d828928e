// The compatibility corpus: workspaces in the shapes the DevRites skill pack and the Go engine
// produce (test/compat/README.md names the source of each), each taken through a whole session
// in process — status, questions, check, log, migrate, then resolve / drop / batch and, for a
// release sequence, merge-manifest. After every step: its exit code, its stdout (and stderr)
// byte for byte, the files it changed byte for byte, every other file unchanged, no litter,
// and every state.md keeps exactly its own sections (none added: no `## Log` is created).
//
//   <shape>/input/      the project tree before the session
//   <shape>/session.json {"source": [...], "steps": [{"args": [...], "exit": N, "why": "..."}]}
//   <shape>/expected/NN/stdout.txt, stderr.txt (when not empty), files/<path> (changed files),
//   deleted.txt (the paths a step removed, one a line: only `state close` moves files away);
//   absolute paths in messages read as <project>, event ids as ev-…-XXXXXX
//
// COMPAT_APPROVE=1 npx vitest run test/compat writes expected/ from what the engine does now:
// read every diff before committing it — an approved file is a claim that those bytes are right.

import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { viewOf } from "../../src/documents/markdown-view.js";
import { runMain } from "../helpers/cli.js";
import { makeProject, type Project } from "../helpers/project.js";
import { listFiles, normalizeEvents } from "../helpers/snapshot.js";

const COMPAT_DIR = path.dirname(new URL(import.meta.url).pathname);
const APPROVE = process.env.COMPAT_APPROVE === "1";

interface Step {
  args: string[];
  exit: number;
  why: string;
  cwd?: string;
  /**
   * Not an engine call: what a skill does by hand between calls. `write` copies
   * `<shape>/writes/<name>/` over the project (a phase's artifacts); `git` runs git in it
   * (staging the candidate for /rite-ship). Such a step has no expected/ directory.
   */
  write?: string;
  git?: string[];
  /** A `git` step's expected stdout (the project directory read as <project>), when it is a check. */
  stdout?: string;
}
interface Session {
  source: string[];
  steps: Step[];
}

const shapes = fs
  .readdirSync(COMPAT_DIR, { withFileTypes: true })
  .filter((e) => e.isDirectory() && fs.existsSync(path.join(COMPAT_DIR, e.name, "session.json")))
  .map((e) => e.name)
  .sort();

/** Every file but git's own: `.git/`, and a worktree's `.git` file (a pointer git itself never lets a repository hold). */
const readTree = (dir: string) => new Map(listFiles(dir).filter((rel) => !/(^|\/)\.git(\/|$)/.test(rel)).map((rel) => [rel, fs.readFileSync(path.join(dir, rel), "utf8")]));
/**
 * Fixed for git and for the engine's own git (a parallel integrate's squash commit): the same
 * commits, so the same shas, on every run.
 */
const GIT_FIXED = {
  GIT_AUTHOR_NAME: "Compat Corpus",
  GIT_AUTHOR_EMAIL: "corpus@devrites.invalid",
  GIT_COMMITTER_NAME: "Compat Corpus",
  GIT_COMMITTER_EMAIL: "corpus@devrites.invalid",
  GIT_AUTHOR_DATE: "2026-07-20T10:00:00Z",
  GIT_COMMITTER_DATE: "2026-07-20T10:00:00Z",
};
/**
 * A file as compared: events with their ids and times normalized; the temp project directory
 * (a parallel lease's worktree paths, a worktree's `.git` file) as <project>; the process id
 * a parallel lease records for its control session as <pid>.
 */
const norm = (rel: string, text: string, project: string) => {
  const t = text.split(project).join("<project>").replace(/(control_pid_or_session"?: "?)pid:\d+/g, "$1pid:<pid>");
  return rel.endsWith("events.jsonl") ? normalizeEvents(t) : t;
};

/**
 * A state.md's level-1/2 headings outside code fences, `## Awaiting human` left out: the engine
 * writes that section only while a question is awaited, and never adds any other (no `## Log`).
 */
const stateSections = (text: string) =>
  viewOf(text).headings.filter((h) => h.level <= 2 && !/^Awaiting human\b/.test(h.text)).map((h) => `${"#".repeat(h.level)} ${h.text}`);

let p: Project | undefined;
afterEach(() => {
  p?.cleanup();
  p = undefined;
});

describe("compatibility corpus", () => {
  it("holds the workspace shapes the brief names", () => {
    expect(shapes.length).toBeGreaterThanOrEqual(9);
    expect(shapes).toEqual(expect.arrayContaining(["pack5-template-hitl", "pack5-afk"]));
  });

  it.each(shapes)("%s: the whole session gives the documented exit codes, output and files", async (shape) => {
    const dir = path.join(COMPAT_DIR, shape);
    const session = JSON.parse(fs.readFileSync(path.join(dir, "session.json"), "utf8")) as Session;
    p = makeProject();
    fs.cpSync(path.join(dir, "input"), p.dir, { recursive: true });
    if (APPROVE) fs.rmSync(path.join(dir, "expected"), { recursive: true, force: true });
    let before = readTree(p.dir);
    const initialSections = new Map([...before].filter(([rel]) => rel.endsWith("/state.md")).map(([rel, text]) => [rel, stateSections(text)]));
    for (const [i, step] of session.steps.entries()) {
      const id = String(i + 1).padStart(2, "0");
      const want = path.join(dir, "expected", id);
      if (step.write !== undefined || step.git !== undefined) {
        if (step.write !== undefined) fs.cpSync(path.join(dir, "writes", step.write), p.dir, { recursive: true });
        if (step.git !== undefined) {
          const out = execFileSync("git", step.git, { cwd: p.dir, stdio: "pipe", encoding: "utf8", env: { ...process.env, ...GIT_FIXED, GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null", GIT_DIR: undefined, GIT_INDEX_FILE: undefined } });
          if (step.stdout !== undefined) expect(out.split(p.dir).join("<project>"), `${shape} step ${id} (git ${step.git.join(" ")}): ${step.why}`).toBe(step.stdout);
        }
        before = readTree(p.dir);
        continue;
      }
      const raw = await runMain(step.args, { cwd: path.join(p.dir, step.cwd ?? "."), env: GIT_FIXED });
      // Messages name absolute paths: the temp project directory reads as <project>.
      const scrub = (text: string) => text.split(p!.dir).join("<project>");
      const r = { exit: raw.exit, stdout: scrub(raw.stdout), stderr: scrub(raw.stderr) };
      const after = readTree(p.dir);
      const changed = [...after.keys()].filter((rel) => before.get(rel) !== after.get(rel));
      const label = `${shape} step ${id} (${step.args.join(" ")}): ${step.why}`;
      const deleted = [...before.keys()].filter((rel) => !after.has(rel)).sort();
      if (APPROVE) {
        fs.mkdirSync(want, { recursive: true });
        fs.writeFileSync(path.join(want, "stdout.txt"), r.stdout);
        if (r.stderr !== "") fs.writeFileSync(path.join(want, "stderr.txt"), r.stderr);
        if (deleted.length > 0) fs.writeFileSync(path.join(want, "deleted.txt"), deleted.map((d) => `${d}\n`).join(""));
        for (const rel of changed) {
          fs.mkdirSync(path.dirname(path.join(want, "files", rel)), { recursive: true });
          fs.writeFileSync(path.join(want, "files", rel), norm(rel, after.get(rel)!, p.dir));
        }
      }
      expect({ exit: r.exit, stderr: r.exit === step.exit ? "" : r.stderr }, label).toEqual({ exit: step.exit, stderr: "" });
      expect(r.stdout, `${label}: stdout`).toBe(fs.readFileSync(path.join(want, "stdout.txt"), "utf8"));
      const errFile = path.join(want, "stderr.txt");
      expect(r.stderr, `${label}: stderr`).toBe(fs.existsSync(errFile) ? fs.readFileSync(errFile, "utf8") : "");
      const expectedFiles = listFiles(path.join(want, "files"));
      expect(changed.sort(), `${label}: the files it changed`).toEqual(expectedFiles);
      for (const rel of expectedFiles) {
        expect(norm(rel, after.get(rel)!, p.dir), `${label}: ${rel}`).toBe(fs.readFileSync(path.join(want, "files", rel), "utf8"));
      }
      const deletedFile = path.join(want, "deleted.txt");
      const approvedDeleted = fs.existsSync(deletedFile) ? fs.readFileSync(deletedFile, "utf8").split("\n").filter((l) => l !== "") : [];
      expect(deleted, `${label}: the files it removed (none but a close's move)`).toEqual(approvedDeleted);
      for (const [rel, sections] of initialSections) {
        // A closed workspace's state.md moved to archive/ (the deletions above hold it to that).
        if (after.has(rel)) expect(stateSections(after.get(rel)!), `${label}: ${rel} gains no section the input lacks`).toEqual(sections);
      }
      before = after;
    }
  });
});

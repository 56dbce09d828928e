// The GitHub Actions workflows docs/ticket-replies.md tells a team to copy are whole workflow
// files that GitHub accepts and that work when two runs meet: each parses as YAML with the
// keys GitHub requires (on, jobs, runs-on, steps that use or run something), a job's `if:`
// reads only events its workflow is triggered by, every workflow that pushes is in one shared
// concurrency group and pushes with a rebase-and-retry, and no comment text reaches a script.

import fs from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { REPO_DIR } from "../helpers/project.js";

const DOC = "docs/ticket-replies.md";
const text = fs.readFileSync(path.join(REPO_DIR, DOC), "utf8");

interface Step {
  uses?: string;
  run?: string;
  [k: string]: unknown;
}
interface Job {
  if?: string;
  "runs-on"?: unknown;
  steps?: Step[];
}
interface Workflow {
  name?: string;
  on?: Record<string, unknown>;
  concurrency?: { group?: string; "cancel-in-progress"?: boolean };
  permissions?: Record<string, string>;
  jobs?: Record<string, Job>;
}

/** Every ```yaml block of the doc, with its line. */
const blocks = [...text.matchAll(/^```yaml\n([\s\S]*?)^```$/gm)].map((m) => ({ line: text.slice(0, m.index).split("\n").length, body: m[1]! }));
const workflows = blocks.map((b) => ({ ...b, wf: parse(b.body) as Workflow, file: /^# (\.github\/workflows\/\S+\.yml)$/m.exec(b.body)?.[1] }));

/** Event names a job condition reads (`github.event.comment…` reads the comment event). */
const EVENT_OF_PAYLOAD: Record<string, string> = { comment: "issue_comment", issue: "issue_comment", pull_request: "pull_request" };

describe(`the workflows of ${DOC}`, () => {
  it("there are two, each a whole workflow file named by its path (a partial one leaves the reader to guess the rest)", () => {
    expect(workflows.map((w) => `${DOC}:${w.line} ${w.file ?? "(no # .github/workflows/… path line)"}`)).toEqual([
      `${DOC}:${workflows[0]?.line} .github/workflows/devrites-answers.yml`,
      `${DOC}:${workflows[1]?.line} .github/workflows/devrites-answers-schedule.yml`,
    ]);
  });

  it.each(workflows.map((w) => [`${DOC}:${w.line}`, w] as const))("%s has the keys GitHub requires: on, jobs; each job runs-on and steps that use or run something", (_where, { wf }) => {
    expect(typeof wf.name).toBe("string");
    expect(Object.keys(wf.on ?? {}).length).toBeGreaterThan(0);
    const jobs = Object.entries(wf.jobs ?? {});
    expect(jobs.length).toBeGreaterThan(0);
    for (const [id, job] of jobs) {
      expect(job["runs-on"], id).toBeTruthy();
      expect(Array.isArray(job.steps) && job.steps.length > 0, id).toBe(true);
      for (const step of job.steps!) expect(typeof step.uses === "string" || typeof step.run === "string", JSON.stringify(step)).toBe(true);
    }
  });

  it.each(workflows.map((w) => [`${DOC}:${w.line}`, w] as const))("%s: a job's if: reads only the payload of an event that triggers the workflow (else every run skips)", (_where, { wf }) => {
    const triggers = Object.keys(wf.on ?? {});
    for (const job of Object.values(wf.jobs ?? {})) {
      for (const m of (job.if ?? "").matchAll(/github\.event\.(\w+)/g)) expect(triggers, job.if).toContain(EVENT_OF_PAYLOAD[m[1]!] ?? m[1]);
    }
  });

  it("every workflow that pushes is in the same concurrency group, never cancelling a run in progress, and pushes with a rebase-and-retry", () => {
    const pushing = workflows.filter((w) => Object.values(w.wf.jobs ?? {}).some((j) => (j.steps ?? []).some((s) => /\bgit push\b/.test(s.run ?? ""))));
    expect(pushing.length).toBe(workflows.length);
    expect(new Set(pushing.map((w) => w.wf.concurrency?.group)).size).toBe(1);
    for (const w of pushing) {
      expect(w.wf.concurrency?.group, `${DOC}:${w.line}`).toBeTruthy();
      expect(w.wf.concurrency?.["cancel-in-progress"], `${DOC}:${w.line}`).toBe(false);
      const push = Object.values(w.wf.jobs!).flatMap((j) => j.steps ?? []).find((s) => /\bgit push\b/.test(s.run ?? ""))!;
      expect(push.run, `${DOC}:${w.line}`).toMatch(/for \w+ in [^;]+; do\n\s*git pull --rebase && git push && exit 0/);
    }
  });

  it("no comment text is interpolated into a script, and the engine is run only as the project installed it (npx --no-install)", () => {
    for (const { line, wf } of workflows) {
      for (const step of Object.values(wf.jobs ?? {}).flatMap((j) => j.steps ?? [])) {
        const run = step.run ?? "";
        expect(run, `${DOC}:${line}`).not.toMatch(/\$\{\{[^}]*github\.event\.comment/);
        expect(run, `${DOC}:${line}`).not.toMatch(/\$\{\{/);
        for (const m of run.matchAll(/\bnpx( [^\n]*)?devrites-engine/g)) expect(m[0], `${DOC}:${line}`).toMatch(/^npx --no-install devrites-engine/);
      }
    }
  });
});

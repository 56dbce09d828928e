// `state resolve --from-comments`: answers people wrote on a ticket, from GitHub's comment JSON.
// Only trusted people count (never a bot, an app or a drive-by); quotes, code, HTML comments and
// <details> answer nothing; a bad line is reported and skipped, never blocks the thread; an
// answer counts only for a question raised before it, in the thread's workspace; the first
// answer wins; a re-run changes nothing.

import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runCli, runMain } from "../helpers/cli.js";
import { projectFromFixture, type Project } from "../helpers/project.js";
import { litter, readEventsOf, snapshot } from "../helpers/snapshot.js";

const WS = ".devrites/work/session-token-rotation";
const AWAITED = "q-2026-09-02-003";
const COMMENTS = path.resolve("fixtures/github-comments");

let p: Project;
afterEach(() => p?.cleanup());

const run = (args: string[], env: Record<string, string> = {}) => runMain(args, { cwd: p.dir, env });
const withThread = (name: string) => {
  p = projectFromFixture("table-awaiting");
  p.write("comments.json", fs.readFileSync(path.join(COMMENTS, name), "utf8"));
};
/** A member's comment as GitHub returns it (the fields the engine reads, and one it ignores). */
const comment = (id: number, at: string, body: string, over: Record<string, unknown> = {}) => ({
  id, node_id: `IC_${id}`, user: { login: "ana-lead", id: 5120001, type: "User" }, author_association: "MEMBER", body, created_at: at, updated_at: at, performed_via_github_app: null, ...over,
});
const block = (qid: string) => {
  const text = p.read(`${WS}/questions.md`);
  const start = text.indexOf(`## ${qid}\n`);
  const next = text.indexOf("\n## ", start + 1);
  return text.slice(start, next < 0 ? undefined : next);
};

describe("state resolve --from-comments: a thread with members, a bot and a drive-by", () => {
  it("a member's option and text answers commit as a person's; bot, drive-by, quoted and fenced lines answer nothing; a later different answer is reported, not applied", async () => {
    withThread("thread-answers.json");
    const r = await run(["state", "resolve", "--from-comments", "comments.json"]);
    expect(r.exit, r.stderr).toBe(0);
    expect(r.stdout.split("\n")).toEqual([
      `Resolved: ${AWAITED} (by ana-lead, comment 2301000002)`,
      "Resolved: q-2026-09-02-001 (by ana-lead, comment 2301000002)",
      "Resolved: q-2026-09-02-002 (by bea-ops, comment 2301000004)",
      `Not applied: ${AWAITED} from comment 2301000004 by bea-ops: answered differently first (comment 2301000002 by ana-lead)`,
      "Ignored:  2 comment(s): 2301000001 by github-actions[bot] (a bot); 2301000003 by drive-by (not an owner, member or collaborator)",
      "Workspace: questions.md + state.md updated.",
      "",
    ]);
    // Option 1's text, not the fenced "--option 2", not the quoted "Drop now", not the drive-by's.
    expect(block(AWAITED)).toMatch(/^status: answered\n/m);
    expect(block(AWAITED)).toMatch(/\nanswered_at: 2026-07-20T10:00:00Z\nanswer: Keep one release, drop in follow-up\nanswered_by: human\n/);
    expect(block("q-2026-09-02-002")).toMatch(/answer: Fixed 30 days\nanswered_by: human/);
    expect(block("q-2026-09-02-001")).toMatch(/answer: debug\nanswered_by: human/);
    expect(p.read(`${WS}/state.md`)).toMatch(/\| status \| running \|/);
    // Each answer's event names the login and the comment.
    const events = readEventsOf(p, WS).filter((e) => e.event === "resolved");
    expect(events.map((e) => [e.qid, e.by, (e.detail as Record<string, unknown>).login, (e.detail as Record<string, unknown>).comment_id, (e.detail as Record<string, unknown>).via])).toEqual([
      [AWAITED, "human", "ana-lead", "2301000002", "comment"],
      ["q-2026-09-02-001", "human", "ana-lead", "2301000002", "comment"],
      ["q-2026-09-02-002", "human", "bea-ops", "2301000004", "comment"],
    ]);
    expect(litter(p)).toEqual([]);
  });

  it("re-running over the same comments changes nothing (events included) and exits 0", async () => {
    withThread("thread-answers.json");
    expect((await run(["state", "resolve", "--from-comments", "comments.json"])).exit).toBe(0);
    const after = snapshot(p);
    const again = await run(["state", "resolve", "--from-comments", "comments.json", "--json"]);
    expect(again.exit).toBe(0);
    const j = JSON.parse(again.stdout);
    expect(j.results.map((x: { outcome: string }) => x.outcome)).toEqual(["already_resolved", "already_resolved", "already_resolved"]);
    expect(j.files).toEqual([]);
    expect(snapshot(p)).toEqual(after);
  });

  it("--json lists what was ignored and why, and what was not applied", async () => {
    withThread("thread-answers.json");
    const r = await run(["state", "resolve", "--from-comments", "comments.json", "--json", "--dry-run"]);
    expect(r.exit).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j).toMatchObject({
      ok: true, dry_run: true, counted: 3,
      ignored: [{ comment_id: "2301000001", login: "github-actions[bot]", reason: "bot" }, { comment_id: "2301000003", login: "drive-by", reason: "association" }],
      not_applied: [{ qid: AWAITED, comment_id: "2301000004", login: "bea-ops" }],
    });
    expect(j.results[0]).toMatchObject({ qid: AWAITED, outcome: "answered", login: "ana-lead", comment_id: "2301000002" });
  });

  it("--dry-run says what would be answered and by whom, and writes nothing", async () => {
    withThread("thread-answers.json");
    const before = snapshot(p);
    const r = await run(["state", "resolve", "--from-comments", "comments.json", "--dry-run"]);
    expect(r.exit).toBe(0);
    expect(r.stdout).toContain(`Resolved: ${AWAITED} (by ana-lead, comment 2301000002)\n`);
    expect(r.stdout).toMatch(/Workspace: would update questions.md \+ state.md.\nDry run: nothing written.\n$/);
    expect(snapshot(p)).toEqual(before);
  });

  it("the sentinel's answerers override associations: a listed drive-by counts, an unlisted member does not", async () => {
    withThread("thread-answers.json");
    p.write(".devrites/AFK", "answerers: [drive-by]\n");
    const r = await run(["state", "resolve", "--from-comments", "comments.json", "--json"]);
    expect(r.exit, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.results.map((x: { qid: string; login: string }) => [x.qid, x.login])).toEqual([["q-2026-09-02-002", "drive-by"], ["q-2026-09-02-001", "drive-by"]]);
    expect(j.ignored.map((i: { login: string; reason: string }) => [i.login, i.reason])).toEqual([
      ["github-actions[bot]", "bot"], ["ana-lead", "not-an-answerer"], ["bea-ops", "not-an-answerer"], ["ana-lead", "not-an-answerer"],
    ]);
    expect(block("q-2026-09-02-002")).toMatch(/\nanswer: Per-tenant setting\nanswered_by: human\n/);
  });

  it("a question answered another way before is reported, not a conflict: exit 0", async () => {
    withThread("thread-answers.json");
    expect((await run(["state", "resolve", AWAITED, "--option", "2", "--human"])).exit).toBe(0);
    const r = await run(["state", "resolve", "--from-comments", "comments.json"]);
    expect(r.exit, r.stderr).toBe(0);
    expect(r.stdout).toContain(`Not applied: ${AWAITED} from comment 2301000002 by ana-lead: already answered: "Drop now"\n`);
    expect(block(AWAITED)).toMatch(/answer: Drop now\n/);
  });
});

describe("state resolve --from-comments: a bad line is skipped, never blocks the thread", () => {
  it("an invalid line is reported with its comment and line and skipped (exit 0); the comment's good line and a later fix apply; a capital Q- and a zero-width character in an id still answer; a mistyped id is skipped", async () => {
    withThread("thread-fixed-line.json");
    const r = await run(["state", "resolve", "--from-comments", "comments.json"]);
    expect(r.exit, r.stderr).toBe(0);
    expect(r.stdout.split("\n")).toEqual([
      "Resolved: q-2026-09-02-002 (by ana-lead, comment 2301000011)",
      `Resolved: ${AWAITED} (by ana-lead, comment 2301000012)`,
      "Resolved: q-2026-09-02-001 (by bea-ops, comment 2301000013)",
      "Workspace: questions.md + state.md updated.",
      "",
    ]);
    expect(r.stderr).toContain('devrites-engine: warning: skipped comment 2301000011:2: --option takes an option number (1, 2, …), not "first"\n');
    expect(r.stderr).toContain("devrites-engine: warning: skipped comment 2301000013:2: qid not found: q-2026-09-20-001\n");
    expect(block(AWAITED)).toMatch(/\nanswer: Keep one release, drop in follow-up\nanswered_by: human\n/);
    expect(block("q-2026-09-02-001")).toMatch(/\nanswer: debug\nanswered_by: human\n/);
    expect(p.read(`${WS}/state.md`)).toMatch(/\| status \| running \|/);
  });

  it("--json lists each skipped line with its comment, line, exit and error, and counts them", async () => {
    withThread("thread-fixed-line.json");
    const r = await run(["state", "resolve", "--from-comments", "comments.json", "--json", "--dry-run"]);
    expect(r.exit, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.skipped_count).toBe(2);
    expect(j.skipped).toEqual([
      { comment_id: "2301000011", login: "ana-lead", line: 2, exit: 5, error: 'comment 2301000011:2: --option takes an option number (1, 2, …), not "first"', hint: expect.stringContaining("--option 1") },
      { comment_id: "2301000013", login: "bea-ops", line: 2, exit: 3, error: "comment 2301000013:2: qid not found: q-2026-09-20-001", hint: expect.stringContaining("open questions") },
    ]);
    expect(j.not_applied).toEqual([]);
  });

  it("an answer the question refuses (an option it does not have) answered nothing: the question's next answer counts, not 'not applied'", async () => {
    p = projectFromFixture("table-awaiting");
    p.write("comments.json", JSON.stringify([
      comment(1, "2026-09-02T15:00:00Z", `${AWAITED}: --option 9`),
      comment(2, "2026-09-02T15:05:00Z", `${AWAITED}: --option 9`),
      comment(3, "2026-09-02T15:10:00Z", `${AWAITED}: --option 2`),
      comment(4, "2026-09-02T15:15:00Z", `${AWAITED}: --option 1`),
    ]));
    const r = await run(["state", "resolve", "--from-comments", "comments.json", "--json"]);
    expect(r.exit, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.results).toMatchObject([{ qid: AWAITED, outcome: "answered", text: "Drop now", comment_id: "3" }]);
    expect(j.skipped.map((x: { comment_id: string; exit: number }) => [x.comment_id, x.exit])).toEqual([["1", 5], ["2", 5]]);
    expect(j.not_applied).toMatchObject([{ qid: AWAITED, comment_id: "4" }]);
  });

});

describe("state resolve --from-comments: refusals write nothing", () => {
  it.each([
    ["an object instead of an array", '{"id": 1}'],
    ["not JSON", "q-2026-09-02-003: yes\n"],
    ["an array of strings", '["q-2026-09-02-003: yes"]'],
  ])("%s is exit 5 and writes nothing", async (_n, text) => {
    p = projectFromFixture("table-awaiting");
    p.write("comments.json", text);
    const before = snapshot(p);
    const r = await run(["state", "resolve", "--from-comments", "comments.json"]);
    expect(r.exit).toBe(5);
    expect(r.stderr).toMatch(/^devrites-engine: comments\.json: /);
    expect(snapshot(p)).toEqual(before);
  });

  it("with a question id or --batch it is a usage error (exit 5)", async () => {
    withThread("thread-answers.json");
    expect((await run(["state", "resolve", AWAITED, "--from-comments", "comments.json"])).exit).toBe(5);
    expect((await run(["state", "resolve", "--batch", "comments.json", "--from-comments", "comments.json"])).exit).toBe(5);
  });
});

describe("state resolve --from-comments: resume", () => {
  it("an owner's 'Resume' resumes a run paused for a reason, once; the event names the comment", async () => {
    p = projectFromFixture("table-awaiting");
    expect((await run(["state", "resolve", AWAITED, "--option", "1"])).exit).toBe(0);
    expect((await run(["state", "pause", "--reason", "approval", "--detail", "deploy window"], { DEVRITES_NOW: "2026-09-02T15:00:00Z" })).exit).toBe(0);
    p.write("comments.json", fs.readFileSync(path.join(COMMENTS, "thread-resume.json"), "utf8"));
    const r = await run(["state", "resolve", "--from-comments", "comments.json"]);
    expect(r.exit, r.stderr).toBe(0);
    expect(r.stdout).toBe("Resumed:  run (by ana-lead, comment 2301000021)\nWorkspace: state.md updated.\n");
    expect(p.read(`${WS}/state.md`)).toMatch(/\| status \| running \|/);
    expect(readEventsOf(p, WS).at(-1)).toMatchObject({ event: "resumed", by: "human", detail: { via: "comment", comment_id: "2301000021", login: "ana-lead" } });
    // Paused again later: the old comment does not resume the new pause.
    expect((await run(["state", "pause", "--reason", "approval"], { DEVRITES_NOW: "2026-09-02T17:00:00Z" })).exit).toBe(0);
    const after = snapshot(p);
    const again = await run(["state", "resolve", "--from-comments", "comments.json"]);
    expect(again).toMatchObject({ exit: 0, stdout: "nothing to resolve\n" });
    expect(snapshot(p)).toEqual(after);
  });
});

describe("state resolve --from-comments - (spawned: standard input)", () => {
  it("reads the comments from a pipe", async () => {
    p = projectFromFixture("table-awaiting");
    const r = await runCli(["state", "resolve", "--from-comments", "-"], { cwd: p.dir, input: fs.readFileSync(path.join(COMMENTS, "thread-answers.json"), "utf8") });
    expect(r.exit, r.stderr).toBe(0);
    expect(r.stdout).toContain(`Resolved: ${AWAITED} (by ana-lead, comment 2301000002)\n`);
  });
});

describe("state resolve --from-comments: an answer counts only for a question raised before it, in the thread's workspace", () => {
  const marker = (id: number, at: string, slug: string) =>
    comment(id, at, `<!-- devrites:${slug}:q-2026-09-02-001 -->\n\n**Question q-2026-09-02-001**`, { user: { login: "github-actions[bot]", id: 41898282, type: "Bot" }, author_association: "NONE" });

  it("a comment written before a question was raised does not answer it (ids restart per workspace and day); a later one does", async () => {
    p = projectFromFixture("table-awaiting");
    const added = await run(["question", "add", "--json", "--gate", "advisory", "--question", "Rotate the signing key too?"], { DEVRITES_NOW: "2026-09-02T16:00:00Z" });
    expect(added.exit, added.stderr).toBe(0);
    const qid = JSON.parse(added.stdout).qid as string;
    expect(qid).toBe("q-2026-09-02-004");
    p.write("comments.json", JSON.stringify([comment(1, "2026-09-02T15:10:00Z", `${qid}: yes, the old thread's answer`)]));
    const early = await run(["state", "resolve", "--from-comments", "comments.json", "--json"]);
    expect(early.exit, early.stderr).toBe(0);
    expect(JSON.parse(early.stdout)).toMatchObject({ results: [], skipped_count: 1, skipped: [{ comment_id: "1", exit: 3, error: expect.stringContaining(`${qid} was raised at 2026-09-02T16:00:00Z, after this answer was written (2026-09-02T15:10:00Z)`) }] });
    expect(block(qid)).toMatch(/^status: open$/m);
    p.write("comments.json", JSON.stringify([comment(1, "2026-09-02T15:10:00Z", `${qid}: yes, the old thread's answer`), comment(2, "2026-09-02T16:05:00Z", `${qid}: no`)]));
    const late = await run(["state", "resolve", "--from-comments", "comments.json"]);
    expect(late.exit, late.stderr).toBe(0);
    expect(late.stdout).toContain(`Resolved: ${qid} (by ana-lead, comment 2)\n`);
    expect(block(qid)).toMatch(/\nanswer: no\nanswered_by: human\n/);
  });

  it("a thread whose engine comments name another workspace answers nothing here, even with --workspace", async () => {
    p = projectFromFixture("table-awaiting");
    p.write("comments.json", JSON.stringify([marker(1, "2026-09-02T14:00:00Z", "billing-export"), comment(2, "2026-09-02T15:00:00Z", "q-2026-09-02-001: debug")]));
    const before = snapshot(p);
    const r = await run(["state", "resolve", "--from-comments", "comments.json", "--workspace", "session-token-rotation", "--json"]);
    expect(r.exit, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ results: [], ignored: [{ comment_id: "1", reason: "bot" }, { comment_id: "2", reason: "other-workspace", workspace: "billing-export" }] });
    expect(snapshot(p)).toEqual(before);
  });

  it("with ACTIVE empty (after state close), the thread's engine comment names the workspace to answer in", async () => {
    p = projectFromFixture("table-awaiting");
    p.write(".devrites/ACTIVE", "");
    p.write("comments.json", JSON.stringify([marker(1, "2026-09-02T14:00:00Z", "session-token-rotation"), comment(2, "2026-09-02T15:00:00Z", "q-2026-09-02-001: debug")]));
    const r = await run(["state", "resolve", "--from-comments", "comments.json"]);
    expect(r.exit, r.stderr).toBe(0);
    expect(r.stdout).toContain("Resolved: q-2026-09-02-001 (by ana-lead, comment 2)\n");
    expect(block("q-2026-09-02-001")).toMatch(/\nanswer: debug\nanswered_by: human\n/);
  });

  it("a thread whose workspace is closed (archived) is skipped with a line, exit 0, and writes nothing, whatever ACTIVE names", async () => {
    p = projectFromFixture("table-awaiting");
    p.write(".devrites/archive/billing-export/state.md", "# State\n");
    p.write("comments.json", JSON.stringify([marker(1, "2026-09-02T14:00:00Z", "billing-export"), comment(2, "2026-09-02T15:00:00Z", "q-2026-09-02-001: debug")]));
    const before = snapshot(p);
    const r = await run(["state", "resolve", "--from-comments", "comments.json"]);
    expect(r).toMatchObject({ exit: 0, stdout: "Skipped: this thread belongs to workspace billing-export, which is closed (archive/billing-export)\nnothing to resolve\n" });
    expect(snapshot(p)).toEqual(before);
    const j = await run(["state", "resolve", "--from-comments", "comments.json", "--json"]);
    expect(JSON.parse(j.stdout)).toMatchObject({ ok: true, exit: 0, workspace: "billing-export", closed: true, results: [] });
  });

  it("a thread naming a workspace that is neither live nor archived is exit 2 (unknown workspace) and writes nothing", async () => {
    p = projectFromFixture("table-awaiting");
    p.write("comments.json", JSON.stringify([marker(1, "2026-09-02T14:00:00Z", "other-branch-work"), comment(2, "2026-09-02T15:00:00Z", "q-2026-09-02-001: debug")]));
    const before = snapshot(p);
    const r = await run(["state", "resolve", "--from-comments", "comments.json"]);
    expect(r.exit).toBe(2);
    expect(r.stderr).toContain('unknown workspace "other-branch-work"');
    expect(snapshot(p)).toEqual(before);
  });

  it("a thread without engine comments and without ACTIVE is still exit 2 (no workspace)", async () => {
    p = projectFromFixture("table-awaiting");
    p.write(".devrites/ACTIVE", "");
    p.write("comments.json", JSON.stringify([comment(2, "2026-09-02T15:00:00Z", "q-2026-09-02-001: debug")]));
    expect((await run(["state", "resolve", "--from-comments", "comments.json"])).exit).toBe(2);
  });
});

describe("state resolve --from-comments: what a reader of the thread cannot see, and apps, answer nothing", () => {
  it("lines in <details> or an HTML comment, a comment made through an app, and a [bot] User answer nothing", async () => {
    p = projectFromFixture("table-awaiting");
    p.write("comments.json", JSON.stringify([
      comment(1, "2026-09-02T15:00:00Z", "<details><summary>log</summary>\n\nq-2026-09-02-001: trace\n</details>\n<!--\nq-2026-09-02-002: --option 2\n-->"),
      comment(2, "2026-09-02T15:01:00Z", `${AWAITED}: --option 2`, { performed_via_github_app: { id: 1, slug: "issue-helper", name: "Issue Helper" } }),
      comment(3, "2026-09-02T15:02:00Z", `${AWAITED}: --option 2`, { user: { login: "renovate[bot]", id: 2, type: "User" }, author_association: "OWNER" }),
    ]));
    const before = snapshot(p);
    const r = await run(["state", "resolve", "--from-comments", "comments.json", "--json"]);
    expect(r.exit, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ results: [], counted: 1, ignored: [{ comment_id: "2", reason: "app" }, { comment_id: "3", reason: "bot" }] });
    expect(snapshot(p)).toEqual(before);
  });
});

describe("state resolve --from-comments: a pasted command line", () => {
  it("a pasted `devrites-engine state resolve … --option 1` answers as `qid: --option 1`; one naming another workspace is skipped", async () => {
    p = projectFromFixture("table-awaiting");
    p.write("comments.json", JSON.stringify([
      comment(1, "2026-09-02T15:00:00Z", "devrites-engine state resolve q-2026-09-02-002 --option 1 --human --workspace billing-export"),
      comment(2, "2026-09-02T15:05:00Z", `Ran this:\n$ devrites-engine state resolve ${AWAITED} --option 1 --human --workspace session-token-rotation`),
    ]));
    const r = await run(["state", "resolve", "--from-comments", "comments.json"]);
    expect(r.exit, r.stderr).toBe(0);
    expect(r.stdout).toContain(`Resolved: ${AWAITED} (by ana-lead, comment 2)\n`);
    expect(r.stderr).toContain('skipped comment 1:1: the pasted command names workspace "billing-export"; this thread answers in session-token-rotation');
    expect(block(AWAITED)).toMatch(/\nanswer: Keep one release, drop in follow-up\nanswered_by: human\n/);
    expect(block("q-2026-09-02-002")).toMatch(/^status: open$/m);
  });
});

describe("state resolve --from-comments: failures are counted, the first ones kept", () => {
  it("a comment of many invalid lines: every one counted, the first 100 listed, exit 0", async () => {
    p = projectFromFixture("table-awaiting");
    p.write("comments.json", JSON.stringify([comment(1, "2026-09-02T15:00:00Z", "q-1:\n".repeat(2000))]));
    const r = await run(["state", "resolve", "--from-comments", "comments.json", "--json"]);
    expect(r.exit, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.skipped_count).toBe(2000);
    expect(j.skipped).toHaveLength(100);
    expect(j.skipped.at(-1)).toMatchObject({ line: 100, error: "comment 1:100: empty answer for q-1" });
    const text = await run(["state", "resolve", "--from-comments", "comments.json"]);
    expect(text.stderr.split("\n").filter((l) => l.startsWith("devrites-engine: warning: skipped "))).toHaveLength(100);
    expect(text.stderr).toContain("devrites-engine: warning: …and 1900 more skipped line(s), not listed\n");
  });
});

describe("state resolve --from-comments: the engine's own comment shows the reply lines", () => {
  it("a reply line copied from status --markdown answers; its placeholder line copied unchanged is skipped", async () => {
    p = projectFromFixture("table-awaiting");
    const md = await run(["status", "--markdown"]);
    expect(md.exit, md.stderr).toBe(0);
    const m = /Or reply on the ticket with one of these lines:\n\n```text\n([^]*?)\n```\n/.exec(md.stdout);
    expect(m, md.stdout).not.toBeNull();
    const lines = m![1]!.split("\n");
    expect(lines).toEqual([`${AWAITED}: --option 1`, `${AWAITED}: --option 2`, `${AWAITED}: --proposed`, `${AWAITED}: <your answer>`, `--drop ${AWAITED}: <reason>`]);
    p.write("comments.json", JSON.stringify([comment(1, "2026-09-02T15:00:00Z", lines[3]!), comment(2, "2026-09-02T15:05:00Z", lines[0]!)]));
    const r = await run(["state", "resolve", "--from-comments", "comments.json"]);
    expect(r.exit, r.stderr).toBe(0);
    expect(r.stdout).toContain(`Resolved: ${AWAITED} (by ana-lead, comment 2)\n`);
    expect(r.stderr).toContain("skipped comment 1:1: replace <your answer> with your words");
    expect(block(AWAITED)).toMatch(/\nanswer: Keep one release, drop in follow-up\nanswered_by: human\n/);
  });
});

// The MCP server in process, driven by the SDK's own Client over its InMemoryTransport:
// the tool list, results equal to the CLI's --json, refusals in the CLI's shape, and the
// trust boundary for tool input (types, unknown keys and tools, sizes, batch line grammar).

import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { call, connectInProcess, exampleProject, serverTempDirs, type InProcess } from "../helpers/mcp.js";
import { litter, snapshot } from "../helpers/snapshot.js";
import type { Project } from "../helpers/project.js";
import { GATES } from "../../src/documents/gates.js";
import { REASON_CODES } from "../../src/domain/pause-reasons.js";
import { allCommands } from "../../src/cli/command-table.js";
import { toolsFrom } from "../../src/mcp/tools.js";

const WS = ".devrites/work/session-token-rotation";
const AWAITED = "q-2026-09-02-003";
const ADVISORY = "q-2026-09-02-002";

let p: Project;
let s: InProcess;
let tmp: string;

async function open(): Promise<void> {
  p = exampleProject();
  tmp = p.path("server-tmp");
  fs.mkdirSync(tmp);
  s = await connectInProcess({ cwd: p.dir, root: p.dir, tmpdir: tmp });
}

afterEach(async () => {
  await s?.close();
  p?.cleanup();
});

describe("mcp server: tools", () => {
  it("lists one tool per agent-facing command, each with a strict input schema and an output schema", async () => {
    await open();
    const { tools } = await s.client.listTools();
    // The list itself is pinned once, in tools-table.test.ts: the server lists exactly the table's tools.
    expect(tools.map((t) => t.name)).toEqual(toolsFrom(allCommands()).map((t) => t.name));
    for (const t of tools) {
      expect(t.inputSchema.additionalProperties, t.name).toBe(false);
      expect(t.outputSchema?.required, t.name).toEqual(["ok", "exit"]);
    }
    const resolve = tools.find((t) => t.name === "resolve")!;
    expect(Object.keys(resolve.inputSchema.properties ?? {})).toEqual(["workspace", "qid", "answer", "human", "record_decision", "option", "proposed", "drop", "dry_run", "reason"]);
    expect(resolve.inputSchema.required).toEqual(["qid"]);
  });

  it("status, resolve and budget_check on the bundled example return the CLI's JSON as structuredContent", async () => {
    await open();
    const st = await call(s.client, "status");
    expect(st).toMatchObject({ isError: false, data: { ok: true, exit: 0, status: "awaiting_human", workspace: "session-token-rotation" } });
    expect(JSON.parse(st.text)).toEqual(st.data);
    const r = await call(s.client, "resolve", { qid: AWAITED, answer: "Keep one release" });
    expect(r).toMatchObject({ isError: false, data: { ok: true, exit: 0, results: [{ qid: AWAITED, outcome: "answered", text: "Keep one release" }] } });
    expect(p.read(`${WS}/questions.md`)).toContain("answer: Keep one release\n");
    expect(p.read(`${WS}/state.md`)).not.toContain("## Awaiting human");
    const b = await call(s.client, "budget_check");
    expect(b.data).toMatchObject({ ok: true, exit: 0, mode: "hitl", admit: true });
    expect(litter(p)).toEqual([]);
  });

  it("an identical re-run of resolve is exit 0 and changes nothing", async () => {
    await open();
    await call(s.client, "resolve", { qid: AWAITED, answer: "Keep one release" });
    const before = snapshot(p);
    const again = await call(s.client, "resolve", { qid: AWAITED, answer: "Keep one release" });
    expect(again.data).toMatchObject({ ok: true, exit: 0, results: [{ outcome: "already_resolved" }] });
    expect(snapshot(p)).toEqual(before);
  });

  it("a hand edit between two calls is seen by the next call (nothing is cached across calls)", async () => {
    await open();
    const q = p.read(`${WS}/questions.md`);
    p.write(`${WS}/questions.md`, q.replace(`## ${ADVISORY}\nstatus: open`, `## ${ADVISORY}\nstatus: dropped`));
    const listed = await call(s.client, "questions");
    expect((listed.data.questions as { qid: string }[]).map((x) => x.qid)).toEqual([AWAITED]);
    p.write(`${WS}/questions.md`, q);
    const again = await call(s.client, "questions");
    expect((again.data.questions as { qid: string }[]).map((x) => x.qid)).toEqual([ADVISORY, AWAITED]);
  });
});

describe("mcp server: the read-only checks", () => {
  it("check_slice lints a slice and check_regression with update writes the baseline, as the CLI's JSON", async () => {
    await open();
    p.write(`${WS}/tasks.md`, "# Tasks\n\n## SLICE-001 One\nGoal: one.\nSatisfies: AC-001\nWriter allowlist: src/a.ts\nTests/proof: unit test\nStatus: built\n");
    p.write(`${WS}/spec.md`, "# Spec\n\n- [x] AC-001: works\n");
    const slice = await call(s.client, "check_slice", { slug: "session-token-rotation", slice: "SLICE-001" });
    expect(slice).toMatchObject({ isError: false, data: { ok: true, exit: 0, result: "ok", allowlist: ["src/a.ts"], acs: ["AC-001"] } });
    const blocked = await call(s.client, "check_slice", { slug: "session-token-rotation", slice: "SLICE-002" });
    expect(blocked).toMatchObject({ isError: true, data: { ok: false, exit: 3 } });
    const up = await call(s.client, "check_regression", { slug: "session-token-rotation", update: true });
    expect(up).toMatchObject({ isError: false, data: { ok: true, exit: 0, result: "updated" } });
    expect(JSON.parse(p.read(`${WS}/regression-baseline.json`))).toMatchObject({ version: 1, checked_ac: ["AC-001"], done_slices: ["SLICE-001"] });
    const again = await call(s.client, "check_regression", { slug: "session-token-rotation" });
    expect(again).toMatchObject({ isError: false, data: { ok: true, exit: 0, result: "pass", regressions: [] } });
  });
});

describe("mcp server: the schemas say what the commands accept", () => {
  it("codes are enums, an option number is an integer from 1, budget counts are integers from 0", async () => {
    await open();
    const { tools } = await s.client.listTools();
    const prop = (tool: string, field: string) => (tools.find((t) => t.name === tool)!.inputSchema.properties as Record<string, Record<string, unknown>>)[field]!;
    expect(prop("pause", "reason")).toMatchObject({ type: "string", enum: REASON_CODES });
    expect(prop("question_add", "gate")).toMatchObject({ type: "string", enum: [...GATES] });
    expect(prop("questions", "gate")).toMatchObject({ type: "string", enum: [...GATES] });
    expect(prop("resolve", "option")).toMatchObject({ type: "integer", minimum: 1 });
    for (const [tool, field] of [["budget_check", "findings"], ["budget_check", "agents_used"], ["budget_check", "minutes_used"], ["budget_check", "tokens_used"], ["budget_seed", "pending"], ["budget_seed", "max_slices"]]) {
      expect(prop(tool!, field!), `${tool}.${field}`).toMatchObject({ type: "integer", minimum: 0 });
    }
  });

  it("each tool's output schema declares its own result fields besides ok/exit/error/hint", async () => {
    await open();
    const { tools } = await s.client.listTools();
    const fields = (name: string) => Object.keys(tools.find((t) => t.name === name)!.outputSchema!.properties ?? {});
    expect(fields("status")).toEqual(expect.arrayContaining(["ok", "exit", "error", "hint", "workspace", "status", "next_action", "awaiting"]));
    expect(fields("resolve")).toEqual(expect.arrayContaining(["results", "dry_run", "files"]));
    expect(fields("budget_check")).toEqual(expect.arrayContaining(["admit", "verdict", "reasons"]));
    // Every field a real call returns is declared.
    for (const [tool, args] of [["status", {}], ["questions", {}], ["budget_check", {}], ["check", {}], ["log", {}], ["resolve", { qid: AWAITED, option: 1, dry_run: true }]] as const) {
      const r = await call(s.client, tool, args);
      for (const key of Object.keys(r.data)) expect(fields(tool), `${tool}.${key}`).toContain(key);
    }
  });

  it("the server gives instructions: when to call what, and the exit codes", async () => {
    await open();
    const text = s.client.getInstructions() ?? "";
    expect(text).toContain("status");
    expect(text).toContain("budget_check");
    expect(text).toMatch(/5 bad input/);
    expect(text).toMatch(/9 busy/);
  });

  it.each([
    ["an unknown pause reason", "pause", { reason: "nonsense" }, "reason"],
    ["an unknown gate", "question_add", { gate: "urgent", question: "Why?" }, "gate"],
    ["option 0", "resolve", { qid: AWAITED, option: 0 }, "option"],
    ["a fractional budget count", "budget_check", { findings: 2.5 }, "findings"],
    ["a fractional pending count", "budget_seed", { pending: 2.5 }, "pending"],
  ])("%s is refused by the schema, naming the field", async (_name, tool, args, field) => {
    await open();
    const r = await call(s.client, tool, args);
    expect(r.data).toMatchObject({ ok: false, exit: 5, hint: `see the input schema of ${tool} in tools/list` });
    expect(r.data.error).toContain(`${tool}: ${field}:`);
  });
});

describe("mcp server: the root and workspace of a call", () => {
  it("without --root each call finds the root from the working directory, batches included", async () => {
    p = exampleProject();
    tmp = p.path("server-tmp");
    fs.mkdirSync(tmp);
    fs.mkdirSync(p.path("src/api"), { recursive: true });
    s = await connectInProcess({ cwd: p.path("src/api"), tmpdir: tmp });
    expect((await call(s.client, "status")).data).toMatchObject({ ok: true, workspace: "session-token-rotation" });
    const r = await call(s.client, "resolve_batch", { entries: [{ qid: ADVISORY, answer: "info" }] });
    expect(r.data).toMatchObject({ ok: true, exit: 0, results: [{ qid: ADVISORY, outcome: "answered" }] });
    expect(serverTempDirs(tmp)).toEqual([]);
  });

  it("the server's --workspace is every call's default and a tool's workspace overrides it", async () => {
    p = exampleProject();
    s = await connectInProcess({ cwd: p.dir, root: p.dir, workspace: "ghost" });
    expect((await call(s.client, "status")).data).toMatchObject({ ok: false, exit: 2 });
    expect((await call(s.client, "status", { workspace: "session-token-rotation" })).data).toMatchObject({ ok: true, workspace: "session-token-rotation" });
  });
});

describe("mcp server: refusals carry {ok:false, exit, error, hint} with isError", () => {
  it.each([
    ["an unknown qid is exit 3", "resolve", { qid: "q-404", answer: "x" }, 3],
    ["an empty answer is exit 5", "resolve", { qid: AWAITED, answer: "   " }, 5],
    ["no answer, option, proposed or drop is exit 5", "resolve", { qid: AWAITED }, 5],
    ["an option that is not 1..N is exit 5", "resolve", { qid: AWAITED, option: 0 }, 5],
    ["an answer of 10,001 characters is exit 5", "resolve", { qid: AWAITED, answer: "x".repeat(10_001) }, 5],
    ["an answer with a control character is exit 5", "resolve", { qid: AWAITED, answer: "bell\u0007" }, 5],
    ["a reason without drop is exit 5", "resolve", { qid: AWAITED, answer: "x", reason: "why" }, 5],
    ["a wrong type is exit 5", "resolve", { qid: 7, answer: "x" }, 5],
    ["an unknown key is exit 5 (like an unknown option)", "resolve", { qid: AWAITED, answer: "x", force: true }, 5],
    ["an unknown tool is exit 2 (like an unknown command)", "frobnicate", {}, 2],
    ["a workspace slug outside the grammar is exit 2", "status", { workspace: "../../etc" }, 2],
    ["a workspace that does not exist is exit 2", "status", { workspace: "ghost" }, 2],
    ["a malformed pause reason is exit 5", "pause", { reason: "nonsense" }, 5],
    ["a negative budget count is exit 5", "budget_seed", { pending: -1 }, 5],
  ])("%s and writes nothing", async (_name, tool, args, exit) => {
    await open();
    const before = snapshot(p);
    const r = await call(s.client, tool, args);
    expect(r.isError).toBe(true);
    expect(r.data).toMatchObject({ ok: false, exit });
    expect(typeof r.data.error).toBe("string");
    expect(r.text).toContain(`exit ${exit}`);
    expect(snapshot(p)).toEqual(before);
  });

  it("a 4 MB answer is refused as exit 5 and the server keeps answering", async () => {
    await open();
    const r = await call(s.client, "resolve", { qid: AWAITED, answer: "y".repeat(4 * 1024 * 1024) });
    expect(r.data).toMatchObject({ ok: false, exit: 5 });
    expect((await call(s.client, "status")).data.ok).toBe(true);
  });
});

describe("mcp server: refusals name the tool's fields, not the CLI's flags", () => {
  it.each([
    ["answer and option", { qid: AWAITED, answer: "x", option: 1 }, "give either answer text or option/proposed, not both"],
    ["option and proposed", { qid: AWAITED, option: 1, proposed: true }, "give either option N or proposed"],
    ["drop and option", { qid: AWAITED, drop: true, option: 1 }, "drop takes a reason, not option or proposed"],
    ["drop and record_decision", { qid: AWAITED, drop: true, record_decision: true }, "record_decision records answers, not drops"],
  ])("resolve with %s is exit 5 naming the fields", async (_name, args, error) => {
    await open();
    const r = await call(s.client, "resolve", args);
    expect(r.data).toMatchObject({ ok: false, exit: 5, error });
    expect(String(r.data.error) + String(r.data.hint)).not.toContain("--");
  });
});

describe("mcp server: resolve_comments", () => {
  const comment = (id: number, login: string, type: string, association: string, body: string, at: string) =>
    ({ id, user: { login, type, site_admin: false }, author_association: association, body, created_at: at, reactions: { total_count: 0 } });

  it("takes the comment array: a member's answer commits as a person's, a bot's is ignored, the result is the CLI's JSON", async () => {
    await open();
    const comments = [
      comment(11, "ana", "User", "MEMBER", `Looks good.\n${AWAITED}: --option 1\n`, "2026-09-02T15:20:00Z"),
      comment(12, "ci[bot]", "Bot", "NONE", `${ADVISORY}: debug`, "2026-09-02T15:21:00Z"),
    ];
    const r = await call(s.client, "resolve_comments", { comments });
    expect(r).toMatchObject({
      isError: false,
      data: { ok: true, exit: 0, results: [{ qid: AWAITED, outcome: "answered", login: "ana", comment_id: "11" }], ignored: [{ comment_id: "12", login: "ci[bot]", reason: "bot" }] },
    });
    expect(p.read(`${WS}/questions.md`)).toMatch(/answer: Keep one release, drop in follow-up\nanswered_by: human\n/);
    expect(serverTempDirs(tmp)).toEqual([]);
  });

  it("a comment that is not a comment object is exit 5 with nothing written", async () => {
    await open();
    const before = snapshot(p);
    const r = await call(s.client, "resolve_comments", { comments: [{ body: "x" }] });
    expect(r).toMatchObject({ isError: true, data: { ok: false, exit: 5 } });
    expect(snapshot(p)).toEqual(before);
  });
});

describe("mcp server: resolve_batch", () => {
  it("resolves every entry in one commit and leaves no temp dir", async () => {
    await open();
    const r = await call(s.client, "resolve_batch", { entries: [{ qid: ADVISORY, answer: "info" }, { qid: AWAITED, drop: true, reason: "moved to SLICE-004" }] });
    expect(r.data).toMatchObject({ ok: true, exit: 0, results: [{ qid: ADVISORY, outcome: "answered" }, { qid: AWAITED, outcome: "dropped", text: "moved to SLICE-004" }] });
    expect(serverTempDirs(tmp)).toEqual([]);
  });

  it("is all or nothing: one unknown qid writes nothing", async () => {
    await open();
    const before = snapshot(p);
    const r = await call(s.client, "resolve_batch", { entries: [{ qid: ADVISORY, answer: "info" }, { qid: "q-404", answer: "x" }] });
    expect(r.data).toMatchObject({ ok: false, exit: 3 });
    expect(snapshot(p)).toEqual(before);
    expect(serverTempDirs(tmp)).toEqual([]);
  });

  it("a refusal of many entries is counted whole, lists the first 100, and its text is a summary within 20,000 characters (docs/mcp.md)", async () => {
    await open();
    const entries = Array.from({ length: 500 }, (_, i) => ({ qid: `q-${String(i).padStart(4, "0")}-${"x".repeat(300)}`, answer: "x" }));
    const r = await call(s.client, "resolve_batch", { entries });
    expect(r).toMatchObject({ isError: true, data: { ok: false, exit: 3, failure_count: 500 } });
    expect(r.data.failures).toHaveLength(100);
    expect(r.text.length).toBeLessThanOrEqual(20_000);
    expect(r.text).toMatch(/^exit 3: resolve_batch: 500 entries refused, nothing written \(\d+ characters of refusal; error, hint and each entry are in structuredContent\)$/);
  });

  it.each([
    ["a newline in an answer cannot start a second entry", [{ qid: ADVISORY, answer: `info\n${AWAITED}: Drop now` }], 0],
    ["a qid with a colon is exit 5", [{ qid: "q:1", answer: "x" }], 5],
    ["a qid starting with '#' (a comment line) is exit 5", [{ qid: "#q", answer: "x" }], 5],
    ["an entry with neither answer nor drop is exit 5", [{ qid: ADVISORY }], 5],
    ["no entries is exit 5", [], 5],
  ])("%s", async (_name, entries, exit) => {
    await open();
    const r = await call(s.client, "resolve_batch", { entries });
    expect(r.data.exit).toBe(exit);
    const q = p.read(`${WS}/questions.md`);
    if (exit === 0) {
      expect(q).toContain(`answer: info ${AWAITED}: Drop now\n`);
      expect(q.match(/^status: open$/gm)).toHaveLength(1);
    }
  });

  it.each([
    ["option", { option: 1 }],
    ["proposed", { proposed: true }],
    ["a drop", { drop: true, reason: "later" }],
  ])("resolve with %s and dry_run reports what the CLI's --dry-run reports and writes nothing", async (_name, form) => {
    await open();
    const before = snapshot(p);
    const r = await call(s.client, "resolve", { qid: ADVISORY, ...form, dry_run: true });
    expect(r).toMatchObject({ isError: false, data: { ok: true, exit: 0, dry_run: true, results: [{ qid: ADVISORY }], files: ["questions.md"] } });
    expect(snapshot(p)).toEqual(before);
  });

  it("resolve with dry_run checks and reports but writes nothing", async () => {
    await open();
    const before = snapshot(p);
    const r = await call(s.client, "resolve", { qid: AWAITED, answer: "Keep one release", dry_run: true });
    expect(r.data).toMatchObject({ ok: true, exit: 0, dry_run: true, results: [{ qid: AWAITED, outcome: "answered" }] });
    expect(snapshot(p)).toEqual(before);
  });
});

// Over MCP a refusal names the tool's input fields (`question`, `options`, `until`, `cost_used`),
// never the command line's flags; the same refusal on the command line still names the flags
// (issue 25). question_add, pause, resume and the budget tools; resolve has its own cases in
// server.test.ts.

import { afterEach, describe, expect, it } from "vitest";
import { call, connectInProcess, exampleProject, type InProcess } from "../helpers/mcp.js";
import { runMain } from "../helpers/cli.js";
import { snapshot } from "../helpers/snapshot.js";
import type { Project } from "../helpers/project.js";

/** An AFK sentinel that declares a token cap but no --writer envelope. */
const AFK_TOKENS = "max_tokens: 1000\n";

let p: Project;
let s: InProcess | undefined;

afterEach(async () => {
  await s?.close();
  s = undefined;
  p?.cleanup();
});

async function open(afk?: string): Promise<void> {
  p = exampleProject();
  if (afk !== undefined) p.write(".devrites/AFK", afk);
  s = await connectInProcess({ cwd: p.dir, root: p.dir });
}

/** A CLI flag or `--human` anywhere in a text: what an MCP caller must never be told. */
const FLAG = /--[a-z]/;

describe("mcp: refusals of question_add, pause, resume and the budget tools name the fields", () => {
  it.each([
    // [case, tool, input, exit, field named, AFK sentinel]
    ["an empty question", "question_add", { gate: "blocking", question: "   " }, 5, "question"],
    ["a question with a control character", "question_add", { gate: "blocking", question: "Keep\u0007it?" }, 5, "question"],
    ["an escalating question without route", "question_add", { gate: "escalating", question: "Rotate the key?" }, 5, "route"],
    ["one option", "question_add", { gate: "blocking", question: "Keep it?", options: ["Keep it"] }, 5, "options"],
    ["an empty option", "question_add", { gate: "blocking", question: "Keep it?", options: ["Keep it", " "] }, 5, "options 2"],
    ["an option marked (Recommended)", "question_add", { gate: "blocking", question: "Keep it?", options: ["Keep it (Recommended)", "Drop it"] }, 5, "options 1"],
    ["an empty slice", "question_add", { gate: "blocking", question: "Keep it?", slice: "" }, 5, "slice"],
    ["supersedes naming no question", "question_add", { gate: "blocking", question: "Keep it?", supersedes: "q-2000-01-01-001" }, 3, "supersedes"],
    ["no gate (the schema)", "question_add", { question: "Keep it?" }, 5, "gate"],
    ["an until that is not a timestamp", "pause", { reason: "usage_cap", until: "after lunch" }, 5, "until"],
    ["an external_blocker without detail", "pause", { reason: "external_blocker" }, 5, "detail"],
    ["a detail with a control character", "pause", { reason: "approval", detail: "bell\u0007" }, 5, "detail"],
    ["no reason (the schema)", "pause", {}, 5, "reason"],
    ["a note with a control character", "resume", { note: "bell\u0007" }, 5, "note"],
    ["a negative cost_used", "budget_check", { cost_used: -1 }, 5, "cost_used"],
    ["a cost_used in exponent notation", "budget_check", { cost_used: 1e21 }, 5, "cost_used"],
    ["writer without the envelope in the sentinel", "budget_check", { writer: true }, 5, "writer", AFK_TOKENS],
    ["an empty slice id", "budget_spend", { slice: "" }, 5, "slice"],
    ["a negative pending (the schema)", "budget_seed", { pending: -1 }, 5, "pending"],
  ] as [string, string, Record<string, unknown>, number, string, string?][])("%s: %s is refused naming its field, with no CLI flag", async (_name, tool, input, exit, field, afk) => {
    await open(afk);
    const before = snapshot(p);
    const r = await call(s!.client, tool, input);
    expect(r.isError).toBe(true);
    expect(r.data).toMatchObject({ ok: false, exit });
    const told = `${String(r.data.error)}\n${r.data.hint === undefined ? "" : String(r.data.hint)}`;
    expect(told).toContain(field);
    expect(told).not.toMatch(FLAG);
    expect(r.text).not.toMatch(FLAG);
    expect(snapshot(p)).toEqual(before);
  });

  it("the hints name the fields to give", async () => {
    await open();
    const hint = async (tool: string, input: Record<string, unknown>) => String((await call(s!.client, tool, input)).data.hint);
    expect(await hint("question_add", { gate: "blocking", question: "" })).toBe('e.g. question "Drop the legacy column now, or keep it for one release?"');
    expect(await hint("question_add", { gate: "escalating", question: "Rotate the key?" })).toBe("e.g. route security-review");
    expect(await hint("question_add", { gate: "blocking", question: "Keep it?", options: ["a", "b", "c", "d", "e"] })).toBe("repeat options, the recommended one first; or give none");
    expect(await hint("pause", { reason: "external_blocker" })).toBe('e.g. detail "npm registry timed out fetching tarballs"');
    expect(await hint("budget_spend", { slice: "" })).toBe("give slice: the built slice's id, e.g. SLICE-003");
  });

  it("budget_check's stop for an unobserved max_tokens asks for tokens_used (exit 7)", async () => {
    await open(AFK_TOKENS);
    const r = await call(s!.client, "budget_check", {});
    expect(r).toMatchObject({ isError: true, data: { ok: false, exit: 7 } });
    const reason = (r.data.reasons as { code: string; message: string }[]).find((x) => x.code === "not_observed")!;
    expect(reason.message).toContain("pass tokens_used,");
    expect(reason.message).not.toMatch(FLAG);
  });
});

describe("the command line still names its flags in the same refusals", () => {
  it.each([
    ["question add", ["question", "add", "--gate", "blocking", "--question", " "], 5, ["question add needs --question TEXT (one line)", 'e.g. --question "']],
    ["question add's options", ["question", "add", "--gate", "blocking", "--question", "Keep?", "--option", "a", "--option", ""], 5, ["--option 2 is empty"]],
    ["question add's option count", ["question", "add", "--gate", "blocking", "--question", "Keep?", "--option", "a"], 5, ["repeat --option TEXT, the recommended one first"]],
    ["question add's route", ["question", "add", "--gate", "escalating", "--question", "Keep?"], 5, ["needs --route ROLE", "e.g. --route security-review"]],
    ["question add's supersedes", ["question", "add", "--gate", "blocking", "--question", "Keep?", "--supersedes", "q-2000-01-01-001"], 3, ["--supersedes names no question"]],
    ["state pause", ["state", "pause", "--reason", "usage_cap", "--until", "after lunch"], 5, ["--until is not a timestamp"]],
    ["state pause's external blocker", ["state", "pause", "--reason", "external_blocker"], 5, ["needs a --detail that names", 'e.g. --detail "']],
    ["state resume", ["state", "resume", "--note", "bell\u0007"], 5, ["--note contains control characters"]],
    ["budget check", ["budget", "check", "--cost-used=-1"], 5, ["--cost-used must be a plain nonnegative decimal"]],
    ["budget check's counts", ["budget", "check", "--tokens-used", "x"], 5, ["--tokens-used must be a plain nonnegative integer"]],
    ["budget seed", ["budget", "seed", "--pending", "x"], 5, ["--pending must be a plain nonnegative integer"]],
    ["budget spend", ["budget", "spend", ""], 5, ["devrites-engine budget spend <slice>"]],
  ] as [string, string[], number, string[]][])("%s", async (_name, argv, exit, says) => {
    p = exampleProject();
    const r = await runMain(argv, { cwd: p.dir });
    expect(r.exit).toBe(exit);
    for (const text of says) expect(r.stderr).toContain(text);
  });

  it("budget check's stop for an unobserved max_tokens asks for --tokens-used N", async () => {
    p = exampleProject();
    p.write(".devrites/AFK", AFK_TOKENS);
    const r = await runMain(["budget", "check", "--json"], { cwd: p.dir });
    expect(r.exit).toBe(7);
    expect(r.stdout).toContain("pass --tokens-used N,");
  });
});

// Who may answer from a ticket, and which lines of a comment answer: a person the operator
// trusts, never a bot or an app acting for one; only batch-grammar lines naming a question that
// a reader of the thread can see, never quotes, code, HTML comments or <details>.

import { describe, expect, it } from "vitest";
import type { TicketComment } from "../../src/documents/comments/parse-comments.js";
import { answerLines as lines, currentWorkspace, oldestFirst, readComments, threadWorkspaces, whyIgnored } from "../../src/domain/comment-answers.js";

const answerLines = (body: string) => [...lines(body)];

let n = 0;
const c = (over: Partial<TicketComment> & { login?: string; type?: string } = {}): TicketComment => {
  const { login = "ana", type = "User", ...rest } = over;
  return { id: String(++n), user: { login, type }, association: "MEMBER", body: "", createdAt: "2026-09-02T15:00:00Z", viaApp: null, index: n, ...rest };
};

describe("whyIgnored: who counts", () => {
  it.each([
    ["an OWNER", c({ association: "OWNER" }), undefined, undefined],
    ["a MEMBER", c({ association: "MEMBER" }), undefined, undefined],
    ["a COLLABORATOR (any case)", c({ association: "collaborator" }), undefined, undefined],
    ["a drive-by (NONE)", c({ association: "NONE" }), undefined, "association"],
    ["a CONTRIBUTOR", c({ association: "CONTRIBUTOR" }), undefined, "association"],
    ["a bot, even an OWNER", c({ type: "Bot", association: "OWNER" }), undefined, "bot"],
    ["an Organization account", c({ type: "Organization" }), undefined, "not-a-person"],
    ["a deleted account", { ...c(), user: null }, undefined, "no-user"],
    ["a listed answerer with no association", c({ login: "Bea", association: "NONE" }), ["bea"], undefined],
    ["a MEMBER not on the answerers list", c({ login: "ana", association: "MEMBER" }), ["bea"], "not-an-answerer"],
    ["a listed answerer that is a bot", c({ login: "bea", type: "Bot" }), ["bea"], "bot"],
    ["the engine's own comment posted with a person's token", c({ body: "<!-- devrites:feat:q-1 -->\n**Question q-1**" }), undefined, "engine-comment"],
    ["a User account whose login ends in [bot]", c({ login: "renovate[bot]", association: "OWNER" }), undefined, "bot"],
    ["a listed answerer whose login ends in [BOT]", c({ login: "helper[BOT]" }), ["helper[bot]"], "bot"],
    ["a MEMBER's comment made through an app (performed_via_github_app)", c({ viaApp: "issue-helper" }), undefined, "app"],
    ["an app acting for a listed answerer", c({ login: "bea", viaApp: "slack" }), ["bea"], "app"],
    ["an owner in lowercase", c({ association: "owner" }), undefined, undefined],
    ["a member in mixed case", c({ association: "Member" }), undefined, undefined],
  ] as const)("%s", (_n, comment, answerers, want) => {
    expect(whyIgnored(comment, answerers as readonly string[] | undefined)).toBe(want);
  });
  it("a reply quoting the engine's comment still counts", () => {
    expect(whyIgnored(c({ body: "> <!-- devrites:feat:q-1 -->\n> **Question q-1**\nq-1: yes" }), undefined)).toBeUndefined();
  });
});

describe("answerLines: which lines answer", () => {
  it.each([
    ["a plain answer", "q-1: Keep one release", [[1, "q-1: Keep one release", false]]],
    ["an uppercase id, trimmed and read as q-", "   Q-7 : soft delete  ", [[1, "q-7 : soft delete", false]]],
    ["a drop", "--drop q-2: superseded", [[1, "--drop q-2: superseded", false]]],
    ["prose with a colon is not an answer", "Note: I think so\nThanks!", []],
    ["quoted lines answer nothing", "> q-1: Drop now\n>q-1: Drop now", []],
    ["lines inside a backtick fence answer nothing", "```sh\nq-1: Drop now\n```\nq-1: Keep", [[4, "q-1: Keep", false]]],
    ["a tilde fence closes only with tildes", "~~~\nq-1: a\n```\nq-1: b\n~~~\nq-2: c", [[6, "q-2: c", false]]],
    ["an unclosed fence runs to the end", "```\nq-1: a", []],
    ["resume alone, any case", "Resume\n RESUME \nresume now", [[1, "Resume", true], [2, "RESUME", true]]],
    ["CRLF bodies", "q-1: a\r\nq-2: b\r\n", [[1, "q-1: a", false], [2, "q-2: b", false]]],
    ["a phone's capital Q- reads as q-", "Q-2026-09-02-003: --option 1", [[1, "q-2026-09-02-003: --option 1", false]]],
    ["a capital Q- after --drop", "--drop Q-7: superseded", [[1, "--drop q-7: superseded", false]]],
    ["zero-width characters in an id are taken out", "\u200Bq-2026-09-02\u200D-003\uFEFF: yes", [[1, "q-2026-09-02-003: yes", false]]],
    ["a line inside an HTML comment answers nothing", "<!--\nq-1: hidden\n-->\nq-2: seen", [[4, "q-2: seen", false]]],
    ["an inline HTML comment is taken out of the line", "q-1: yes <!-- q-2: no -->\n<!-- q-3: no --> q-4: yes", [[1, "q-1: yes", false], [2, "q-4: yes", false]]],
    ["a comment opened mid-line hides until it closes", "q-1: a <!-- start\nq-2: hidden\nend --> \nq-3: b", [[1, "q-1: a", false], [4, "q-3: b", false]]],
    ["lines inside <details> answer nothing, summary included", "<details><summary>q-1: s</summary>\n\nq-2: hidden\n</details>\nq-3: seen", [[5, "q-3: seen", false]]],
    ["<details open> and nested details are skipped whole", "<DETAILS open>\n<details>\nq-1: a\n</details>\nq-2: b\n</Details >\nq-3: c", [[7, "q-3: c", false]]],
    ["a pasted resolve command is kept for reading", "$ devrites-engine state resolve q-1 --option 1", [[1, "$ devrites-engine state resolve q-1 --option 1", false]]],
    ["a pasted command inside a fence answers nothing", "```sh\ndevrites-engine state resolve q-1 --option 1\n```", []],
  ] as const)("%s", (_n, body, want) => {
    expect(answerLines(body).map((l) => [l.line, l.text, l.resume])).toEqual(want);
  });
  it("a pasted command is marked pasted; an answer line is not", () => {
    expect(answerLines("q-1: a\nnpx devrites-engine state resolve q-2 yes").map((l) => l.pasted)).toEqual([false, true]);
  });
});

describe("readComments", () => {
  it("takes comments oldest first (time, then input order) and lists what it ignored and why", () => {
    const late = c({ body: "q-1: later", createdAt: "2026-09-02T16:00:00Z" });
    const bot = c({ type: "Bot", body: "q-1: bot says", createdAt: "2026-09-02T14:00:00Z" });
    const early = c({ body: "q-1: first\nresume", createdAt: "2026-09-02T15:00:00+00:00" });
    const r = readComments([late, bot, early], undefined);
    expect(r.counted.map((x) => x.id)).toEqual([early.id, late.id]);
    expect(r.ignored).toEqual([{ id: bot.id, login: "ana", reason: "bot" }]);
  });
});

describe("threadWorkspaces: the workspace each comment belongs to", () => {
  const marker = (slug: string, at: string, over: Partial<TicketComment> & { login?: string; type?: string } = {}) =>
    c({ type: "Bot", login: "github-actions[bot]", body: `<!-- devrites:${slug}:q-2026-09-02-001 -->\n**Question**`, createdAt: at, ...over });
  it("each comment belongs to the workspace of the latest engine comment before it; one before every engine comment to the first's", () => {
    const before = c({ body: "q-1: a", createdAt: "2026-09-02T09:00:00Z" });
    const a = marker("alpha", "2026-09-02T10:00:00Z");
    const inA = c({ body: "q-1: b", createdAt: "2026-09-02T11:00:00Z" });
    const b = marker("beta", "2026-09-02T12:00:00Z");
    const inB = c({ body: "q-1: c", createdAt: "2026-09-02T13:00:00Z" });
    const bound = threadWorkspaces(oldestFirst([inB, b, inA, a, before]), undefined);
    expect([before, a, inA, b, inB].map((x) => bound.get(x))).toEqual(["alpha", "alpha", "alpha", "beta", "beta"]);
    expect(currentWorkspace(bound)).toBe("beta");
    const r = readComments([before, a, inA, b, inB], undefined, { slug: "beta", bound });
    expect(r.counted.map((x) => x.id)).toEqual([inB.id]);
    expect(r.ignored.filter((i) => i.reason === "other-workspace").map((i) => [i.id, i.workspace])).toEqual([[before.id, "alpha"], [inA.id, "alpha"]]);
  });
  it.each([
    ["a drive-by's marker binds nothing", { type: "User", login: "drive-by", association: "NONE" }, undefined],
    ["a trusted person's marker binds", { type: "User", login: "ana", association: "MEMBER" }, "evil"],
    ["an unlisted member's marker binds nothing when the sentinel lists answerers", { type: "User", login: "cy", association: "MEMBER" }, undefined, ["ana"]],
  ] as const)("%s", (_n, who, want, answerers?: readonly string[]) => {
    const ok = marker("good", "2026-09-02T10:00:00Z");
    const other = marker("evil", "2026-09-02T11:00:00Z", who);
    expect(currentWorkspace(threadWorkspaces(oldestFirst([ok, other]), answerers)) === "evil" ? "evil" : undefined).toBe(want);
  });
  it("a quoted marker binds nothing, and a thread without engine comments binds nothing", () => {
    const quoted = c({ body: "> <!-- devrites:evil:q-1 -->\nq-1: yes" });
    expect(threadWorkspaces([quoted], undefined).size).toBe(0);
  });
});

// Who may answer from a ticket, and which lines of a comment answer: a person the operator
// trusts, never a bot; only batch-grammar lines naming a question, never quotes or code.

import { describe, expect, it } from "vitest";
import type { TicketComment } from "../../src/documents/comments/parse-comments.js";
import { answerLines, readComments, whyIgnored } from "../../src/domain/comment-answers.js";

let n = 0;
const c = (over: Partial<TicketComment> & { login?: string; type?: string } = {}): TicketComment => {
  const { login = "ana", type = "User", ...rest } = over;
  return { id: String(++n), user: { login, type }, association: "MEMBER", body: "", createdAt: "2026-09-02T15:00:00Z", index: n, ...rest };
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
    ["an uppercase id, trimmed", "   Q-7 : soft delete  ", [[1, "Q-7 : soft delete", false]]],
    ["a drop", "--drop q-2: superseded", [[1, "--drop q-2: superseded", false]]],
    ["prose with a colon is not an answer", "Note: I think so\nThanks!", []],
    ["quoted lines answer nothing", "> q-1: Drop now\n>q-1: Drop now", []],
    ["lines inside a backtick fence answer nothing", "```sh\nq-1: Drop now\n```\nq-1: Keep", [[4, "q-1: Keep", false]]],
    ["a tilde fence closes only with tildes", "~~~\nq-1: a\n```\nq-1: b\n~~~\nq-2: c", [[6, "q-2: c", false]]],
    ["an unclosed fence runs to the end", "```\nq-1: a", []],
    ["resume alone, any case", "Resume\n RESUME \nresume now", [[1, "Resume", true], [2, "RESUME", true]]],
    ["CRLF bodies", "q-1: a\r\nq-2: b\r\n", [[1, "q-1: a", false], [2, "q-2: b", false]]],
  ] as const)("%s", (_n, body, want) => {
    expect(answerLines(body).map((l) => [l.line, l.text, l.resume])).toEqual(want);
  });
});

describe("readComments", () => {
  it("takes comments oldest first (time, then input order) and lists what it ignored and why", () => {
    const late = c({ body: "q-1: later", createdAt: "2026-09-02T16:00:00Z" });
    const bot = c({ type: "Bot", body: "q-1: bot says", createdAt: "2026-09-02T14:00:00Z" });
    const early = c({ body: "q-1: first\nresume", createdAt: "2026-09-02T15:00:00+00:00" });
    const r = readComments([late, bot, early], undefined);
    expect(r.answers.map((a) => [a.commentId, a.text])).toEqual([[early.id, "q-1: first"], [late.id, "q-1: later"]]);
    expect(r.resumes.map((a) => a.commentId)).toEqual([early.id]);
    expect(r.ignored).toEqual([{ id: bot.id, login: "ana", reason: "bot" }]);
    expect(r.counted).toBe(2);
  });
});

// Ticket comment JSON (the shape `gh api …/issues/N/comments` prints): what is read, what is
// ignored, and every malformed input refused as bad input (exit 5) before anything is written.

import { describe, expect, it } from "vitest";
import { parseComments } from "../../../src/documents/comments/parse-comments.js";
import { isKind } from "../../../src/errors.js";

const comment = (over: Record<string, unknown> = {}) => ({
  id: 1001,
  node_id: "IC_kwDOA",
  user: { login: "ana", id: 7, type: "User", site_admin: false },
  author_association: "MEMBER",
  body: "q-1: yes",
  created_at: "2026-09-02T15:00:00Z",
  updated_at: "2026-09-02T15:00:00Z",
  reactions: { total_count: 0 },
  ...over,
});

describe("parseComments: accepted inputs", () => {
  it("reads id, user, association, body and time, ignoring unknown fields", () => {
    expect(parseComments(JSON.stringify([comment()]), "c.json")).toEqual([
      { id: "1001", user: { login: "ana", type: "User" }, association: "MEMBER", body: "q-1: yes", createdAt: "2026-09-02T15:00:00Z", viaApp: null, index: 0 },
    ]);
  });
  it.each([
    ["an app's slug", { slug: "issue-helper", name: "Issue Helper" }, "issue-helper"],
    ["an app with a name only", { name: "Issue Helper" }, "Issue Helper"],
    ["an app object with neither", {}, "app"],
    ["null: a person on the page", null, null],
  ])("performed_via_github_app: %s", (_n, app, want) => {
    expect(parseComments(JSON.stringify([comment({ performed_via_github_app: app })]), "c.json")[0]!.viaApp).toBe(want);
  });
  it.each([
    ["an empty array", "[]", 0],
    ["--paginate output: arrays one after another", `${JSON.stringify([comment({ id: 1 })])}\n${JSON.stringify([comment({ id: 2 }), comment({ id: 3 })])}\n`, 3],
    ["--slurp output: an array of pages", JSON.stringify([[comment({ id: 1 })], [comment({ id: 2 })]]), 2],
    ["a body holding brackets and quotes across pages", `[${JSON.stringify(comment({ body: "] [ } { \" \\\\" }))}][]`, 1],
    ["a byte-order mark", `\uFEFF${JSON.stringify([comment()])}`, 1],
  ])("%s", (_n, text, count) => {
    const got = parseComments(text, "c.json");
    expect(got).toHaveLength(count);
    expect(got.map((c) => c.index)).toEqual([...Array(count).keys()]);
  });
  it("a deleted account (user: null) is read as a comment without an author", () => {
    expect(parseComments(JSON.stringify([comment({ user: null })]), "c.json")[0]!.user).toBeNull();
  });
  it("a missing author_association reads as NONE and a null body as empty", () => {
    const [c] = parseComments(JSON.stringify([comment({ author_association: undefined, body: null })]), "c.json");
    expect([c!.association, c!.body]).toEqual(["NONE", ""]);
  });
});

describe("parseComments: refused inputs (bad input, naming the file)", () => {
  it.each([
    ["not JSON", "q-1: yes"],
    ["an object, not an array", JSON.stringify(comment())],
    ["a string", '"[]"'],
    ["an array of numbers", "[1, 2]"],
    ["an item without id", JSON.stringify([comment({ id: undefined })])],
    ["an id that is an object", JSON.stringify([comment({ id: { $ne: 1 } })])],
    ["a body that is a number", JSON.stringify([comment({ body: 5 })])],
    ["no created_at", JSON.stringify([comment({ created_at: undefined })])],
    ["a created_at that is not a time", JSON.stringify([comment({ created_at: "yesterday" })])],
    ["a user without type", JSON.stringify([comment({ user: { login: "ana" } })])],
    ["trailing text after the array", `${JSON.stringify([comment()])} x`],
    ["nesting 100,000 deep", `${"[".repeat(100_000)}${"]".repeat(100_000)}`],
  ])("%s", (_n, text) => {
    let err: unknown;
    try {
      parseComments(text, "c.json");
    } catch (e) {
      err = e;
    }
    expect(isKind(err, "bad-input")).toBe(true);
    expect((err as Error).message).toMatch(/^c\.json: /);
  });
});

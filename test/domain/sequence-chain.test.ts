// The one `sequence_parent` walker: it stops at the head or at the chain's first fault (a
// name seen before, one link past the limit, a missing workspace, one without state.md),
// visits each link once as it is reached, and lets what the source throws through.

import { describe, expect, it } from "vitest";
import { MAX_CHAIN_LINKS, walkChain, type ChainEnd } from "../../src/domain/sequence-chain.js";
import { RefusedError } from "../../src/errors.js";
import { chainOf, memorySource, stateMd, type MemoryWorkspace } from "./sequence-fixtures.js";

const ws = (parent?: string, extra: MemoryWorkspace = {}): MemoryWorkspace => ({ state: stateMd(parent === undefined ? {} : { sequence_parent: parent }), ...extra });

function walk(start: string, parent: string | undefined, workspaces: Record<string, MemoryWorkspace>): { visited: string[]; end: ChainEnd } {
  const visited: string[] = [];
  const end = walkChain(start, parent, memorySource(workspaces), ({ member }) => visited.push(member.slug));
  return { visited, end };
}

describe("walking sequence_parent", () => {
  it.each<[string, string | undefined, Record<string, MemoryWorkspace>, string[], ChainEnd]>([
    ["no parent is the head at once", undefined, {}, [], { end: "head" }],
    ["a chain ends at the workspace without a parent, newest first", "b", { b: ws("a"), a: ws() }, ["b", "a"], { end: "head" }],
    ["an empty sequence_parent counts as none", "b", { b: ws("") }, ["b"], { end: "head" }],
    ["archived links are followed like live ones", "b", { b: ws("a", { archived: true }), a: ws(undefined, { archived: true }) }, ["b", "a"], { end: "head" }],
    ["the start as its own parent is a cycle before any read", "c", {}, [], { end: "cycle", at: "c" }],
    ["a link back to the start is a cycle at the start", "b", { b: ws("a"), a: ws("c") }, ["b", "a"], { end: "cycle", at: "c" }],
    ["a loop among the ancestors is a cycle at the first repeated one", "b", { b: ws("a"), a: ws("b") }, ["b", "a"], { end: "cycle", at: "b" }],
    ["a missing link names itself and the workspace that named it", "b", { b: ws("ghost") }, ["b"], { end: "missing", at: "ghost", child: "b" }],
    ["a link without state.md ends the walk there, unvisited", "b", { b: ws("a"), a: { archived: true } }, ["b"], { end: "no_state", at: "a", member: expect.objectContaining({ slug: "a", label: "archive/a" }) as never }],
  ])("%s", (_name, parent, workspaces, visited, end) => {
    expect(walk("c", parent, workspaces)).toEqual({ visited, end });
  });

  it.each(["../a", "a/b", "..", "."])("an unsafe name %j that no workspace answers to is a missing link", (name) => {
    // The disk source answers no such name (test/workspace/sequence.test.ts, "is no workspace").
    const r = walk("c", "b", { b: ws(name) });
    expect(r).toEqual({ visited: ["b"], end: { end: "missing", at: name, child: "b" } });
  });

  it(`exactly ${MAX_CHAIN_LINKS} links reach the head; one more is too long, at the link past the limit`, () => {
    const fits = chainOf(MAX_CHAIN_LINKS);
    const visited: string[] = [];
    expect(walkChain("release", `m${MAX_CHAIN_LINKS}`, fits.source, ({ member }) => visited.push(member.slug))).toEqual({ end: "head" });
    expect(visited).toHaveLength(MAX_CHAIN_LINKS);
    const over = chainOf(MAX_CHAIN_LINKS + 1);
    expect(walkChain("release", `m${MAX_CHAIN_LINKS + 1}`, over.source, () => undefined)).toEqual({ end: "too_long", at: "m1" });
    // The link past the limit is not even read.
    expect(over.source.reads).not.toContain("archive/m1/state.md");
    expect(over.source.reads).not.toContain("work/m1/state.md");
  });

  it("each link is visited before the next one is read, so a visitor's refusal stops the walk there", () => {
    const source = memorySource({ b: ws("a"), a: ws() });
    const refuse = new RefusedError("bad manifest");
    expect(() => walkChain("c", "b", source, () => { throw refuse; })).toThrow(refuse);
    expect(source.reads).toEqual(["work/b/state.md"]);
  });

  it("what the source throws (an unsafe workspace) is not turned into an end of the chain", () => {
    const unsafe = new RefusedError("unsafe workspace: archive/a is a symbolic link");
    const source = { find: (slug: string) => { if (slug === "a") throw unsafe; return memorySource({ b: ws("a") }).find(slug); } };
    expect(() => walkChain("c", "b", source, () => undefined)).toThrow(unsafe);
  });
});

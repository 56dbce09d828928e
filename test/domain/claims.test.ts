// The claim ledger's rules, as engine/internal/lib/claims.go has them (ViktorsBaikers/DevRites).
import { describe, expect, it } from "vitest";
import { claimConflicts, claimState, clampTtl, liveClaims, normalizeClaimPaths, parseClaims, renderClaim, validSession, type ClaimRecord } from "../../src/domain/claims.js";

const NOW = new Date("2026-12-06T12:00:00Z");
const rec = (over: Partial<ClaimRecord>): ClaimRecord => ({ id: "cl-1", session: "s1", paths: ["a.ts"], claimed_at: "2026-12-06T11:50:00Z", expires_at: "2026-12-06T12:20:00Z", ...over });

describe("parseClaims", () => {
  it("the last line of an id is its state, in the order ids first appeared; bad lines are counted, blank ones skipped", () => {
    const text = [renderClaim(rec({ id: "cl-1" })), renderClaim(rec({ id: "cl-2", session: "s2" })), "\n", "not json\n", '{"id":"x"}\n', renderClaim(rec({ id: "cl-1", released: true }))].join("");
    const ledger = parseClaims(text);
    expect(ledger.claims.map((c) => [c.id, c.released === true])).toEqual([["cl-1", true], ["cl-2", false]]);
    expect(ledger.unparsed).toBe(2);
  });
  it("a rendered record parses back to itself (the Go engine's keys)", () => {
    const r = rec({ reason: "slice 3" });
    expect(parseClaims(renderClaim(r)).claims).toEqual([r]);
    expect(Object.keys(JSON.parse(renderClaim(r)))).toEqual(["id", "session", "paths", "reason", "claimed_at", "expires_at"]);
  });
});

describe("claimState and liveClaims", () => {
  it.each([
    [rec({}), "live"],
    [rec({ released: true }), "released"],
    [rec({ expires_at: "2026-12-06T12:00:00Z" }), "expired"],
    [rec({ expires_at: "garbage" }), "expired"],
  ] as const)("%o is %s", (r, want) => {
    expect(claimState(r, NOW)).toBe(want);
    expect(liveClaims({ claims: [r], unparsed: 0 }, NOW).length).toBe(want === "live" ? 1 : 0);
  });
});

describe("claimConflicts", () => {
  const live = [rec({ id: "a", session: "s1", paths: ["x.ts", "y.ts"] }), rec({ id: "b", session: "s2", paths: ["z.ts"] })];
  it.each([
    ["s1", ["x.ts"], []],
    ["s2", ["x.ts"], ["a"]],
    ["s3", ["q.ts"], []],
    ["", ["z.ts", "y.ts"], ["a", "b"]],
  ] as const)("session %j on %j conflicts with %j", (session, paths, ids) => {
    expect(claimConflicts(live, session, paths).map((c) => c.id)).toEqual(ids);
  });
});

describe("normalizeClaimPaths", () => {
  it.each([
    [["b/./c.ts", "a.ts"], { paths: ["a.ts", "b/c.ts"] }],
    [[], { problem: "at least one path is required" }],
    [[".devrites/x"], { problem: 'path must not claim control-tree or git internals: ".devrites/x"' }],
    [[".git"], { problem: 'path must not claim control-tree or git internals: ".git"' }],
    [["a.ts", "./a.ts"], { problem: 'duplicate path "a.ts"' }],
  ] as const)("%j → %j", (raw, want) => {
    expect(normalizeClaimPaths(raw)).toEqual(want);
  });
  it("refuses '..' and absolute paths", () => {
    expect(normalizeClaimPaths(["../x"])).toHaveProperty("problem");
    expect(normalizeClaimPaths(["/etc/x"])).toHaveProperty("problem");
  });
});

describe("validSession and clampTtl", () => {
  it.each([["s-1_a.b:c/d", true], ["", false], ["has space", false], ["x".repeat(128), true], ["x".repeat(129), false]] as const)("%j valid: %s", (s, ok) => {
    expect(validSession(s)).toBe(ok);
  });
  it.each([[0, 1], [30, 30], [999, 240], [-5, 1]] as const)("ttl %i → %i", (n, want) => expect(clampTtl(n)).toBe(want));
});

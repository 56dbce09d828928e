// The external-blocker signature and similarity (commands.md, "External-blocker threshold"):
// tokenising, stopwords, the floor of the Jaccard percentage and the attempt counter.

import { describe, expect, it } from "vitest";
import {
  BLOCKER_STOPWORDS, blockerSignature, formatSignature, nextBlockerAttempt, parseSignature, signatureSimilarity,
} from "../../src/domain/blocker-signature.js";

const sim = (a: string, b: string) => signatureSimilarity(blockerSignature(a), blockerSignature(b));

describe("signatureSimilarity", () => {
  it.each([
    ["api down", "api unreachable", 33],
    ["rate limit", "rate limit hit again", 50],
    ["staging api down", "openai api rate limit", 16],
    ["npm registry timed out", "npm registry timing out", 50],
    ["GitHub API returned 502 Bad Gateway", "github api returned 502 bad gateway", 100],
    ["npm registry timed out fetching tarballs", "npm registry timed out again while fetching tarballs", 83],
    ["GitHub API returned 502 Bad Gateway on PR creation", "npm registry timed out fetching tarballs", 0],
    ["", "api down", 0],
    ["api down", "", 0],
    ["it is on", "it is on", 0],
  ])("%j vs %j is %i percent (rounded down; 0 when a side has no tokens)", (a, b, want) => {
    expect(sim(a, b)).toBe(want);
    expect(sim(b, a)).toBe(want);
  });
});

describe("blockerSignature", () => {
  it.each([
    ["API down", ["api", "down"]],
    ["Rate-limit: 429 (too many requests)", ["rate", "limit", "429", "many", "requests"]],
    ["the API was down, down, DOWN", ["api", "down"]],
    ["npm_registry/timed-out", ["npm", "registry", "timed"]],
    ["5xx on s3 at 03:00", ["5xx"]],
    ["naïve café upstream", ["caf", "upstream"]],
    ["", []],
  ])("%j tokenises to %j (lowercase, a-z0-9 runs of 3+, no stopwords, de-duplicated)", (text, want) => {
    expect(blockerSignature(text)).toEqual(want);
  });

  it("the stopword constant is exactly commands.md's list, and every stopword is dropped", () => {
    const spec =
      "the and but for you are not all any can has had may was who why how its out too now let use did got own see saw say him her with from that this have been will when cannot because while since than then just like over onto into after before even ever also much still until where which whose what whom here there same each other most both either neither need needs needed trying tried";
    expect([...BLOCKER_STOPWORDS].sort()).toEqual(spec.split(" ").sort());
    for (const w of BLOCKER_STOPWORDS) expect(blockerSignature(`${w} gateway ${w.toUpperCase()}`)).toEqual(["gateway"]);
  });

  it("a stored signature reads back as the same tokens", () => {
    const sig = blockerSignature("npm registry timed out fetching tarballs");
    expect(parseSignature(formatSignature(sig))).toEqual(sig);
  });
});

describe("nextBlockerAttempt", () => {
  const sig = blockerSignature("npm registry timed out");
  it.each([
    [{ signature: undefined, attempts: undefined }, 1],
    [{ signature: "npm registry timing", attempts: "1" }, 2],
    [{ signature: "npm registry timing", attempts: "2" }, 3],
    [{ signature: "stripe api 503", attempts: "2" }, 1],
    [{ signature: "npm registry timing", attempts: "two" }, 1],
    [{ signature: "npm registry timing", attempts: "0" }, 1],
    [{ signature: "npm registry timing", attempts: undefined }, 1],
    [{ signature: "", attempts: "2" }, 1],
  ])("stored %j → attempt %i (similar counts up, dissimilar or malformed restarts at 1)", (stored, want) => {
    expect(nextBlockerAttempt(stored, sig).attempt).toBe(want);
  });

  it("the boundary is 30 percent: 30 counts up, 29 restarts", () => {
    // 3 shared of 10 distinct tokens = 30; 2 of 7 = 28.
    const a = ["aaa", "bbb", "ccc", "d01", "d02", "d03", "d04"];
    const b = ["aaa", "bbb", "ccc", "e01", "e02", "e03"];
    expect(signatureSimilarity(a, b)).toBe(30);
    expect(nextBlockerAttempt({ signature: a.join(" "), attempts: "1" }, b).attempt).toBe(2);
    const c = ["aaa", "bbb", "f01", "f02", "f03"];
    const d = ["aaa", "bbb", "g01", "g02"];
    expect(signatureSimilarity(c, d)).toBe(28);
    expect(nextBlockerAttempt({ signature: c.join(" "), attempts: "1" }, d).attempt).toBe(1);
  });
});

// Redaction before anything free-text is persisted (events.jsonl, pause details): secrets
// become [REDACTED], ordinary text passes unchanged.

import { describe, expect, it } from "vitest";
import { REDACTED, redact, redactDeep, redactUnfiltered } from "../../src/domain/redact.js";
import { makeRng } from "../helpers/generate.js";

describe("redact: secrets are hidden", () => {
  it.each([
    ["a GitHub token", "push failed with ghp_abcdefghijklmnopqrstuvwxyz0123456789", "ghp_abcdefghijklmnopqrstuvwxyz0123456789"],
    ["a fine-grained GitHub token", "github_pat_11ABCDEFG0123456789_abcdefghijklmnop", "github_pat_11ABCDEFG0123456789_abcdefghijklmnop"],
    ["an OpenAI-style key", "key sk-proj-abcdefghijklmnop1234 rejected", "sk-proj-abcdefghijklmnop1234"],
    ["a Stripe key", "sk_live_abcdefghijklmnop1234", "sk_live_abcdefghijklmnop1234"],
    ["a Slack token", "xoxb-1234567890-abcdefghij", "xoxb-1234567890-abcdefghij"],
    ["an AWS access key id", "AKIAIOSFODNN7EXAMPLE in the log", "AKIAIOSFODNN7EXAMPLE"],
    ["a Google API key", "AIzaSyA-abcdefghijklmnopqrstuvwxyz12345", "AIzaSyA-abcdefghijklmnopqrstuvwxyz12345"],
    ["a GitLab token", "glpat-abcdefghijklmnopqrstu", "glpat-abcdefghijklmnopqrstu"],
    ["an npm token", "npm_abcdefghijklmnopqrstuvwxyz0123456789", "npm_abcdefghijklmnopqrstuvwxyz0123456789"],
    ["a JWT", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U", "eyJhbGciOiJIUzI1NiJ9"],
    ["password=", "login failed: password=hunter22 for admin", "hunter22"],
    ["api_key:", "api_key: 8f14e45fceea167a5a36dedd4bea2543", "8f14e45fceea167a5a36dedd4bea2543"],
    ["API-KEY=", "API-KEY=abc123def", "abc123def"],
    ["token= quoted", 'token="a b c secret"', "a b c secret"],
    ["client_secret=", "client_secret=s3cr3t,other=1", "s3cr3t"],
    ["secret:", "secret: swordfish", "swordfish"],
    ["a Bearer header", "Authorization: Bearer abcdefghijklmnop.qrs", "abcdefghijklmnop"],
    ["a password in a URL", "clone https://deploy:Pa55w0rd@git.example.com/repo.git", "Pa55w0rd"],
    ["a password in a postgres URL", "postgres://app:hunter2@db:5432/prod", "hunter2"],
  ])("%s", (_name, text, secret) => {
    const out = redact(text);
    expect(out).not.toContain(secret);
    expect(out).toContain(REDACTED);
  });

  it("keeps the key name and the surrounding text", () => {
    expect(redact("login failed: password=hunter22 for admin")).toBe(`login failed: password=${REDACTED} for admin`);
    expect(redact("postgres://app:hunter2@db:5432/prod")).toBe(`postgres://app:${REDACTED}@db:5432/prod`);
  });
});

describe("redact: ordinary text is untouched", () => {
  it.each([
    "Keep one release, drop in follow-up",
    "rate limit exceeded (HTTP 429) on api.github.com",
    "https://example.com/docs/page?x=1",
    "the token bucket refills every 5 seconds",
    "Bearer tokens are validated by the gateway",
    "ratio 3:1 — keep",
    "q-2026-07-20-002: Keep one release",
    "sk-short",
    "ssh://git@github.com/org/repo.git",
    "",
    "Zürich — naïve café ✓",
  ])("%j", (text) => {
    expect(redact(text)).toBe(text);
  });
});

describe("redactDeep", () => {
  it("redacts strings at any depth and leaves other values alone", () => {
    const value = { a: "password=x1y2z3", n: 3, ok: true, nil: null, list: ["ghp_abcdefghijklmnopqrstuvwxyz0123", "fine"], nested: { b: "Bearer abcdefghijkl" } };
    expect(redactDeep(value)).toEqual({
      a: `password=${REDACTED}`,
      n: 3,
      ok: true,
      nil: null,
      list: [REDACTED, "fine"],
      nested: { b: `Bearer ${REDACTED}` },
    });
  });

  it.each<[string, unknown]>([
    ["a plain object", { event: "resolved", qid: "q-1", detail: { answer: "keep one release", batch: true } }],
    ["an array", ["fine", 3, null, { a: "b" }]],
    ["a null-prototype object", Object.assign(Object.create(null) as object, { a: "fine" })],
  ])("%s with nothing to redact is returned itself and serializes the same", (_name, value) => {
    const json = JSON.stringify(value);
    expect(redactDeep(value)).toBe(value);
    expect(JSON.stringify(redactDeep(value))).toBe(json);
  });

  it("copies only what holds a secret, keeping key order, and never changes its input", () => {
    const nested = { keep: "fine" };
    const value = { a: "first", b: "password=x1y2z3", c: nested, list: ["ok", "Bearer abcdefghijkl"] };
    const before = JSON.stringify(value);
    const out = redactDeep(value);
    expect(JSON.stringify(value)).toBe(before);
    expect(Object.keys(out)).toEqual(["a", "b", "c", "list"]);
    expect(out).toEqual({ a: "first", b: `password=${REDACTED}`, c: nested, list: ["ok", `Bearer ${REDACTED}`] });
    expect(out.c).toBe(nested);
  });

  it.each<[string, unknown]>([
    ["a Date", new Date("2026-07-20T10:00:00Z")],
    ["a class instance", new (class { x = "fine"; })()],
  ])("%s is copied into a plain object, as before", (_name, value) => {
    const out = redactDeep(value);
    expect(out).not.toBe(value);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
  });
});

describe("redact: auth headers", () => {
  it.each([
    ["Authorization: Bearer abcdefghijklmnop.qrs", `Authorization: Bearer ${REDACTED}`],
    ["authorization=Basic dXNlcjpwYXNzd29yZA==", `authorization=Basic ${REDACTED}`],
  ])("%j keeps the scheme and hides the credential", (text, want) => {
    expect(redact(text)).toBe(want);
  });
});

describe("redact: the pre-check never lets a secret through", () => {
  // Fragments of every secret shape (in changed case too) and of ordinary text, glued at random:
  // whatever the patterns would hide, redact() must hide too.
  const FRAGMENTS = [
    "password", "PassWord", "api_key", "token", "secret", "client-secret", "Authorization", "bearer", "Bearer ", "Basic ",
    "=", ":", " = ", ": ", "\"quoted value\"", "'single'", "abcdefghijklmnopqrstuvwxyz0123", "ghp_", "GHP_", "gho_", "github_pat_",
    "sk-", "SK-", "sk_live_", "xoxb-", "XOXB-", "AKIA", "akia", "AIza", "glpat-", "npm_", "eyJ", "EYJ", ".", "https://", "user", "@",
    "host", "/", " ", "-", "_", ",", ";", "q-2026-07-01-001", "answered", "keep one release", "é", "—",
    "DB_PASSWORD", "aws_secret_access_key", "Cookie", "Set-Cookie", "basic ", "dXNlcjpwYXNz", "-----BEGIN RSA PRIVATE KEY-----",
    "-----END RSA PRIVATE KEY-----", "hf_", "ASIA", "rk_live_", "xoxe-", "\"token\"", "apiKey", "tokenizer", "author", "&", "?",
    "--password ", "--", "-", "\t", "\u200b", "\u2060", "\u00ad", "ｔｏｋｅｎ", "：", "＝", "ｇｈｐ＿",
  ];
  it("3,000 generated strings: redact() equals the unfiltered patterns", () => {
    const rng = makeRng(0x5ec7e7);
    let hidden = 0;
    for (let n = 0; n < 3000; n++) {
      const text = Array.from({ length: rng.int(1, 12) }, () => rng.pick(FRAGMENTS)).join("");
      const want = redactUnfiltered(text);
      expect(redact(text), JSON.stringify(text)).toBe(want);
      if (want !== text) hidden++;
    }
    expect(hidden).toBeGreaterThan(300); // the generator does produce secrets
  });
});

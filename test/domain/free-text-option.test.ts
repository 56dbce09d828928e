// asksForFreeText: the one rule for options that ask for the reader's own text. Positive rows
// are requests for text; near misses are real answers that merely start with or contain a keyword.

import { describe, expect, it } from "vitest";
import { asksForFreeText } from "../../src/domain/free-text-option.js";
import { makeRng } from "../../fixtures/seeded.mjs";

describe("asksForFreeText", () => {
  it.each([
    "Something else — describe it",
    "Something else",
    "something else…",
    "Other",
    "Other:",
    "Other (please specify)",
    "Other (custom)",
    "None of the above",
    "None of these",
    "Custom",
    "Describe",
    "Specify",
    "Free text",
    "Write-in",
    "Another answer (Recommended)",
    "Let me describe it",
    "A different retention — please specify",
    "Per-team value (specify)",
    "In your own words",
  ])("%j asks for free text", (raw) => {
    expect(asksForFreeText(raw)).toBe(true);
  });

  it.each([
    "Other teams decide",
    "Something else entirely — we already have a spec",
    "Keep one release, drop in follow-up (Recommended) — risk: reversible",
    "Drop now — irreversible if a rollback is needed",
    "Custom retention per tenant",
    "Describe the failure in the log",
    "Specify the region in config",
    "None",
    "Otherwise fail closed",
    "Describe-it mode off",
  ])("%j is an answer, not a request for text", (raw) => {
    expect(asksForFreeText(raw)).toBe(false);
  });

  // The rule as it was written before its word pre-check: both regexes on every option.
  const FREE_TEXT_LABELS = new Set(["something else", "other", "other answer", "another answer", "none of the above", "none of these", "none of those", "custom", "describe", "specify", "free text", "write in", "write-in"]);
  const ASKS_TO_WRITE = /\b(describe it|describe below|please describe|please specify|specify below|write it in|type it in|your own (words|answer|text))\b|\(specify\)/i;
  const byRegexOnly = (raw: string) =>
    ASKS_TO_WRITE.test(raw) ||
    FREE_TEXT_LABELS.has(
      raw.split(" — ")[0]!.replace(/\s*\(Recommended\)\s*/gi, " ").toLowerCase().replace(/\s*\([^)]*\)\s*$/, "").replace(/[\s.…:,;!?*_-]+$/u, "").replace(/\s+/g, " ").trim(),
    );

  it("decides every generated option as both regexes alone do (case, Unicode letters that fold to ASCII, spacing, punctuation)", () => {
    const rng = makeRng(0xf7ee);
    const parts = ["Something", "else", "OTHER", "other", "answer", "an", "None", "of the", "above", "these", "Custom", "DESCRIBE", "describe it", "below", "please", "SPECIFY", "specify", "(specify)", "write", "it in", "Write-in", "type it in", "your own", "Words", "text", "free", "Free Text", "(Recommended)", "—", " — ", "(x)", "…", ":", "!", "?", "-", "_", "*", "\u00a0", "\t", "  ", "\u212a", "\u0130", "\u017f", "é", "ß", "teams", "keep", "drop", "0"];
    let asked = 0;
    for (let n = 0; n < 4000; n++) {
      let raw = "";
      for (let k = rng.int(1, 6); k > 0; k--) raw += parts[rng.int(0, parts.length - 1)]! + (rng.int(0, 2) === 0 ? "" : " ");
      const want = byRegexOnly(raw);
      if (want) asked++;
      expect(asksForFreeText(raw), JSON.stringify(raw)).toBe(want);
    }
    // Both outcomes are exercised, not only the shortcut's "no".
    expect(asked).toBeGreaterThan(100);
    expect(asked).toBeLessThan(3900);
  });
});

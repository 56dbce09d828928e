// asksForFreeText: the one rule for options that ask for the reader's own text. Positive rows
// are requests for text; near misses are real answers that merely start with or contain a keyword.

import { describe, expect, it } from "vitest";
import { asksForFreeText } from "../../src/domain/free-text-option.js";

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
});

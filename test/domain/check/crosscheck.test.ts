// The micromark cross-check (src/domain/check/crosscheck.ts with src/adapters/micromark.ts): where the
// engine and CommonMark read headings or fences differently, a warning at that line; within
// the size bounds only, with a note naming how much was compared.

import { describe, expect, it } from "vitest";
import { CROSSCHECK_MAX_BYTES, CROSSCHECK_MAX_SECTION_BYTES, crossCheck } from "../../../src/domain/check/crosscheck.js";
import { viewOf } from "../../../src/documents/markdown-view.js";
import { markdownOutline } from "../../../src/adapters/micromark.js";
import { expectSilent, expectTriggers } from "./assert-rule.js";
import { CROSSCHECK_CASES } from "./rule-cases.js";

/** Small bounds, so the size tests hand remark kilobytes, not the real 64 KiB. */
const LIMITS = { maxBytes: 8 * 1024, maxSectionBytes: 2 * 1024 };
const block = (n: number) => `## q-${n}\nstatus: open\ngate: advisory\nquestion: Is option ${n} fine?\noptions: |\n  1. Yes (Recommended) — simple\n  2. No — costly\n\n`;

describe("crosscheck", () => {
  it.each(CROSSCHECK_CASES.map((c) => [c.rule, c.name, c] as const))("%s fires at its file:line:col — %s", (_rule, _name, c) => expectTriggers(c));
  it.each(CROSSCHECK_CASES.map((c) => [c.rule, c.name, c] as const))("%s stays silent on the near-identical valid input — %s", (_rule, _name, c) => expectSilent(c));

  it("a file within the limits is compared in full and gets no note", () => {
    const text = "# Questions\n\n" + Array.from({ length: 20 }, (_, i) => block(i + 1)).join("");
    const r = crossCheck(viewOf(text), "questions.md", markdownOutline);
    expect(r).toMatchObject({ diagnostics: [], sectionsChecked: 21, sectionsTotal: 21, note: undefined });
  });

  it.each([["an empty file", ""], ["a file that is one blank line", "\n"]])("%s has nothing to compare and gets no note", (_name, text) => {
    const r = crossCheck(viewOf(text), "questions.md", markdownOutline);
    expect(r.note).toBeUndefined();
    expect(r.sectionsChecked).toBe(r.sectionsTotal);
  });

  it("the bounds are 64 KiB per file and 32 KiB per section unless a caller passes others", () => {
    expect([CROSSCHECK_MAX_BYTES, CROSSCHECK_MAX_SECTION_BYTES]).toEqual([64 * 1024, 32 * 1024]);
    const huge = "## q-1\n" + "question: long\n".repeat(Math.ceil(LIMITS.maxSectionBytes / 15) + 10);
    const text = "# Q\n\n" + huge + block(2);
    expect(crossCheck(viewOf(text), "questions.md", markdownOutline).note).toBeUndefined();
    expect(crossCheck(viewOf(text), "questions.md", markdownOutline, LIMITS).note).toContain("(limits: 8 KiB per file, 2 KiB per section; 1 larger section(s) skipped)");
  });

  it("a file over the per-file limit is compared up to the limit and says so in a note", () => {
    const one = block(1).length;
    const count = Math.ceil((LIMITS.maxBytes * 1.5) / one);
    const text = "# Questions\n\n" + Array.from({ length: count }, (_, i) => block(i + 1)).join("");
    const r = crossCheck(viewOf(text), "questions.md", markdownOutline, LIMITS);
    expect(r.sectionsTotal).toBe(count + 1);
    expect(r.sectionsChecked).toBeLessThan(r.sectionsTotal);
    expect(r.sectionsChecked).toBeGreaterThan(0);
    expect(r.note).toMatch(/^questions\.md: too large to cross-check in full: \d+ of \d+ sections/);
  });

  it("a single section over the per-section limit is skipped and counted in the note", () => {
    const huge = "## q-1\n" + "question: long\n".repeat(Math.ceil(LIMITS.maxSectionBytes / 15) + 10);
    const r = crossCheck(viewOf("# Q\n\n" + huge + block(2)), "questions.md", markdownOutline, LIMITS);
    expect(r.sectionsChecked).toBe(2);
    expect(r.note).toContain("1 larger section(s) skipped");
  });

  it("the reference parser is handed at most the per-file budget in total, context included", () => {
    const seen: number[] = [];
    const count = Math.ceil((LIMITS.maxBytes * 3) / block(1).length);
    const text = "# Questions\n\n" + Array.from({ length: count }, (_, i) => block(i + 1)).join("");
    crossCheck(viewOf(text), "questions.md", (t) => {
      seen.push(t.length);
      return markdownOutline(t);
    }, LIMITS);
    const handed = seen.reduce((a, b) => a + b, 0);
    expect(handed).toBeLessThanOrEqual(LIMITS.maxBytes);
    expect(handed).toBeGreaterThan(LIMITS.maxBytes / 2);
  });
});

describe("crosscheck runs", () => {
  it("a comment opened two sections up still hides a later question block (a run is read with all of its earlier sections as context)", () => {
    const text = "# Q\n\n<!--\n## q-1\nstatus: open\n\n## q-2\nstatus: open\n-->\n";
    const lines = crossCheck(viewOf(text), "questions.md", markdownOutline).diagnostics.map((d) => d.line);
    expect(lines).toEqual([4, 7]);
  });

  it("sections after a skipped large one start a new run with no context from before it", () => {
    const huge = "## q-1\n<!--\n" + "question: long\n".repeat(Math.ceil(LIMITS.maxSectionBytes / 15) + 10);
    const r = crossCheck(viewOf("# Q\n\n" + huge + block(2)), "questions.md", markdownOutline, LIMITS);
    expect(r.diagnostics).toEqual([]);
    expect(r.sectionsChecked).toBe(2);
  });
});

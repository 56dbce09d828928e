// The remark cross-check: compare the engine's headings and fences with a reference
// CommonMark parser, section by section (each with the section before it as context) and
// only up to a bounded size, because remark is quadratic on list-shaped markdown (10,000
// questions: minutes) and the engine is not.

import type { MarkdownView } from "../../documents/markdown-view.js";
import type { Diagnostic } from "./diagnostic.js";

/** The reference outline of a text (adapters/remark.ts). */
type OutlineFn = (text: string) => { headings: { line: number; level: number }[]; fences: { start: number; end: number }[] };

/**
 * Bytes of one file cross-checked at most; the rest is reported as not cross-checked. remark in a
 * short-lived process runs mostly unoptimised: 256 KiB cost `check` about 1 s on any file that
 * large (1,000 questions: 1.45 s, of which 0.18 s without the cross-check); 64 KiB, 0.77 s.
 */
export const CROSSCHECK_MAX_BYTES = 64 * 1024;
/** A single section larger than this is skipped (remark's cost grows with its square). */
export const CROSSCHECK_MAX_SECTION_BYTES = 32 * 1024;

interface CrossCheckResult {
  diagnostics: Diagnostic[];
  sectionsChecked: number;
  sectionsTotal: number;
  /** Set when the file was too large to cross-check in full. */
  note: string | undefined;
}

/** The two size bounds; tests pass small ones so they need not feed remark the full budget. */
interface CrossCheckLimits {
  maxBytes: number;
  maxSectionBytes: number;
}

const DEFAULT_LIMITS: CrossCheckLimits = { maxBytes: CROSSCHECK_MAX_BYTES, maxSectionBytes: CROSSCHECK_MAX_SECTION_BYTES };

/** Compare engine and reference readings of `view`, one level-1/2 section at a time. */
export function crossCheck(view: MarkdownView, file: string, outline: OutlineFn, limits: CrossCheckLimits = DEFAULT_LIMITS): CrossCheckResult {
  const { maxBytes, maxSectionBytes } = limits;
  const starts = [0, ...view.headings.filter((h) => h.level <= 2 && h.index > 0).map((h) => h.index)];
  const diagnostics: Diagnostic[] = [];
  let budget = maxBytes;
  let checked = 0;
  let skippedLarge = 0;
  // An empty file (or an empty first section) has nothing to compare: not "0 of 1 checked".
  let empty = 0;
  // Cursors into the headings and fences (both in line order): the sections are visited in
  // order, so each section's own are found by moving forward, not by filtering every list per
  // section (40,000 sections made that quadratic: most of check's time on a large file).
  let hAt = 0;
  let fAt = 0;
  for (let s = 0; s < starts.length; s++) {
    const from = starts[s]!;
    const to = s + 1 < starts.length ? starts[s + 1]! : view.lineCount;
    if (from >= to) {
      empty++;
      continue;
    }
    const startOffset = view.lineStart(from);
    const endOffset = to < view.lineCount ? view.lineStart(to) : view.text.length;
    const size = endOffset - startOffset;
    if (size > maxSectionBytes) {
      skippedLarge++;
      continue;
    }
    // Parse the previous section too, as context, and compare only this section's lines: a
    // section cut out alone hides what opened before it (`<!--` above a `## q-…` block makes
    // the whole block a comment to CommonMark, while the engine reads a live question).
    // The budget counts every byte handed to remark, context included.
    const prevFrom = s > 0 ? starts[s - 1]! : from;
    const prevOffset = view.lineStart(prevFrom);
    const ctxFrom = startOffset - prevOffset <= maxSectionBytes ? prevFrom : from;
    const windowStart = view.lineStart(ctxFrom);
    if (endOffset - windowStart > budget) break;
    budget -= endOffset - windowStart;
    checked++;
    const ref = outline(view.text.slice(windowStart, endOffset));
    const lineBase = ctxFrom; // line numbers are 1-based: index + 1
    const firstLine = from + 1;
    const inSection = (line: number) => line >= firstLine;
    const engineHeadings = new Map<number, number>();
    while (hAt < view.headings.length && view.headings[hAt]!.index < from) hAt++;
    for (let k = hAt; k < view.headings.length && view.headings[k]!.index < to; k++) engineHeadings.set(view.headings[k]!.index + 1, view.headings[k]!.level);
    const refHeadings = new Map(ref.headings.map((h) => [h.line + lineBase, h.level] as const).filter(([line]) => inSection(line)));
    for (const [line, level] of engineHeadings) {
      const other = refHeadings.get(line);
      if (other === undefined) diagnostics.push(warn(file, line, `the engine reads a level-${level} heading here but CommonMark (remark) does not (inside a list, quote or HTML?)`));
      else if (other !== level) diagnostics.push(warn(file, line, `the engine reads a level-${level} heading here, CommonMark a level-${other} one`));
    }
    for (const [line, level] of refHeadings) {
      if (!engineHeadings.has(line)) diagnostics.push(warn(file, line, `CommonMark (remark) reads a level-${level} heading here but the engine does not (inside a fence?)`));
    }
    const engineFences = new Set<number>();
    while (fAt < view.fences.length && view.fences[fAt]!.open < from) fAt++;
    for (let k = fAt; k < view.fences.length && view.fences[k]!.open < to; k++) engineFences.add(view.fences[k]!.open + 1);
    const refFences = new Set(ref.fences.map((f) => f.start + lineBase).filter(inSection));
    for (const line of engineFences) if (!refFences.has(line)) diagnostics.push(warn(file, line, "the engine opens a code fence here but CommonMark (remark) does not"));
    for (const line of refFences) if (!engineFences.has(line)) diagnostics.push(warn(file, line, "CommonMark (remark) opens a code fence here but the engine does not"));
  }
  const total = starts.length - empty;
  const note =
    checked < total
      ? `${file}: too large to cross-check in full: ${checked} of ${total} sections compared with CommonMark (limits: ${maxBytes / 1024} KiB per file, ${maxSectionBytes / 1024} KiB per section${skippedLarge > 0 ? `; ${skippedLarge} larger section(s) skipped` : ""})`
      : undefined;
  return { diagnostics, sectionsChecked: checked, sectionsTotal: total, note };
}

function warn(file: string, line: number, message: string): Diagnostic {
  return { file, line, col: 1, severity: "warning", rule: "markdown-crosscheck", message };
}

// The cross-check against micromark: compare the engine's headings and fences with a reference
// CommonMark parser, section by section (each with at least the section before it as context,
// consecutive sections parsed in one run) and only up to a bounded size, because micromark is
// quadratic on list-shaped markdown (a large questions.md: minutes) and the engine is not.

import type { MarkdownView } from "../../documents/markdown-view.js";
import type { Diagnostic } from "./diagnostic.js";

/** The reference outline of a text, headings and fences each in line order (adapters/micromark.ts). */
type OutlineFn = (text: string) => { headings: { line: number; level: number }[]; fences: { start: number; end: number }[] };

/**
 * The bounds count the view's offsets: bytes in a view of bytes (check reads questions.md so),
 * UTF-16 code units in a view of text (the other files, all small).
 *
 * Bytes of one file cross-checked at most; the rest is reported as not cross-checked. The parser
 * in a short-lived process runs mostly unoptimised, so its cost grows with every byte it is
 * handed (the budget table in docs/performance.md, The cross-check budget).
 */
export const CROSSCHECK_MAX_BYTES = 64 * 1024;
/** A single section larger than this is skipped (the parser's cost grows with its square). */
export const CROSSCHECK_MAX_SECTION_BYTES = 32 * 1024;
/**
 * Consecutive sections are parsed in one run of at most this many bytes after the first one's
 * context (or the section bound, if smaller). Larger runs hand the parser no fewer bytes but keep
 * more of its tokens alive at once, which made the young-generation collections that a 40,000-
 * question check runs during the cross-check cost more than the bytes saved (a few KiB was
 * fastest; docs/performance.md).
 */
const CROSSCHECK_RUN_BYTES = 4 * 1024;

interface CrossCheckResult {
  diagnostics: Diagnostic[];
  sectionsChecked: number;
  sectionsTotal: number;
  /** Set when the file was too large to cross-check in full. */
  note: string | undefined;
}

/** The two size bounds; tests pass small ones so they need not feed micromark the full budget. */
interface CrossCheckLimits {
  maxBytes: number;
  maxSectionBytes: number;
}

const DEFAULT_LIMITS: CrossCheckLimits = { maxBytes: CROSSCHECK_MAX_BYTES, maxSectionBytes: CROSSCHECK_MAX_SECTION_BYTES };

/** One parse: lines `ctxFrom`.. up to the last section's end, comparing each of `sections` (line ranges). */
interface Run {
  ctxFrom: number;
  sections: { from: number; to: number }[];
}

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
  // Consecutive sections are parsed together, in runs of at most CROSSCHECK_RUN_BYTES after the
  // first section's context, so each byte goes through micromark about once, not twice.
  let run: Run | undefined;
  const flush = () => {
    if (run) compareRun(run);
    run = undefined;
  };
  const compareRun = ({ ctxFrom, sections }: Run) => {
    const last = sections[sections.length - 1]!.to;
    const ref = outline(view.slice(view.lineStart(ctxFrom), last < view.lineCount ? view.lineStart(last) : view.text.length));
    const lineBase = ctxFrom; // line numbers are 1-based: index + 1
    let rhAt = 0;
    let rfAt = 0;
    for (const { from, to } of sections) {
      const firstLine = from + 1;
      const inSection = (line: number) => line >= firstLine && line <= to;
      const engineHeadings = new Map<number, number>();
      while (hAt < view.headings.length && view.headings[hAt]!.index < from) hAt++;
      for (let k = hAt; k < view.headings.length && view.headings[k]!.index < to; k++) engineHeadings.set(view.headings[k]!.index + 1, view.headings[k]!.level);
      // The reference outline is in line order too: this section's part starts at a cursor.
      while (rhAt < ref.headings.length && ref.headings[rhAt]!.line + lineBase < firstLine) rhAt++;
      const refHeadings = new Map<number, number>();
      for (let k = rhAt; k < ref.headings.length && inSection(ref.headings[k]!.line + lineBase); k++) refHeadings.set(ref.headings[k]!.line + lineBase, ref.headings[k]!.level);
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
      while (rfAt < ref.fences.length && ref.fences[rfAt]!.start + lineBase < firstLine) rfAt++;
      const refFences = new Set<number>();
      for (let k = rfAt; k < ref.fences.length && inSection(ref.fences[k]!.start + lineBase); k++) refFences.add(ref.fences[k]!.start + lineBase);
      for (const line of engineFences) if (!refFences.has(line)) diagnostics.push(warn(file, line, "the engine opens a code fence here but CommonMark (remark) does not"));
      for (const line of refFences) if (!engineFences.has(line)) diagnostics.push(warn(file, line, "CommonMark (remark) opens a code fence here but the engine does not"));
    }
  };
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
      flush();
      continue;
    }
    // Each section is read with at least the previous section as context, and its own lines are
    // compared: a section cut out alone hides what opened before it (`<!--` above a `## q-…`
    // block makes the whole block a comment to CommonMark, while the engine reads a live
    // question). The budget is charged each section with that context, as if it were parsed
    // alone, so it picks the same sections as when each was; a run hands micromark fewer bytes.
    const prevFrom = s > 0 ? starts[s - 1]! : from;
    const prevOffset = view.lineStart(prevFrom);
    const ctxFrom = startOffset - prevOffset <= maxSectionBytes ? prevFrom : from;
    const windowStart = view.lineStart(ctxFrom);
    if (endOffset - windowStart > budget) break;
    budget -= endOffset - windowStart;
    checked++;
    // An open run ends with the previous section (a skipped one closes it): extend it while its
    // text after the first section's context stays within the run bound.
    if (run && endOffset - view.lineStart(run.sections[0]!.from) <= Math.min(maxSectionBytes, CROSSCHECK_RUN_BYTES)) run.sections.push({ from, to });
    else {
      flush();
      run = { ctxFrom, sections: [{ from, to }] };
    }
  }
  flush();
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

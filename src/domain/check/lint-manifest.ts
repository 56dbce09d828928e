// `check`'s rules over touched-files.md: every violation of the strict manifest grammar,
// and the release-union rule for a `sequence_role release` workspace. Pure; other
// workspaces are reached through the injected SequenceSource.

import { parseManifest } from "../../documents/manifest/parse-manifest.js";
import { parseState, type StateDoc } from "../../documents/state/parse-state.js";
import { viewOf } from "../../documents/markdown-view.js";
import { checkReleaseUnion } from "../release-union.js";
import type { SequenceSource } from "../sequence-chain.js";
import type { Diagnostic } from "./diagnostic.js";

const FILE = "touched-files.md";

interface ManifestLintContext {
  slug: string;
  /** The workspace's state.md text (for sequence_role and sequence_parent). */
  state: string;
  /** `state` as the caller already parsed it (status and check have): not parsed again. */
  parsedState?: StateDoc;
  /** Omit to lint the grammar only (e.g. where reading other workspaces is too costly). */
  source?: SequenceSource;
}

/** Diagnostics for touched-files.md; fits `LintOptions.manifestRules`. */
export function lintManifest(touched: string, ctx: ManifestLintContext): Diagnostic[] {
  // Outside a release sequence, a touched-files.md with no `## Candidate manifest` is the
  // DevRites pack's free-form running log (date-stamped bullets), not a manifest to hold to its grammar.
  const state = ctx.parsedState ?? parseState(ctx.state);
  const inSequence = ["sequenceparent", "sequenceposition", "sequencerole"].some((k) => state.cursor.has(k));
  if (!inSequence && !viewOf(touched).headings.some((h) => h.level === 2 && /^Candidate manifest$/i.test(h.text.trim()))) return [];
  const doc = parseManifest(touched);
  const out: Diagnostic[] = doc.violations.map((v) => ({ file: FILE, line: v.line, col: v.col, severity: "error", rule: v.rule, message: v.message }));
  if (ctx.source) {
    for (const p of checkReleaseUnion(ctx.slug, state, doc, ctx.source)) {
      const message = p.message.includes(p.hint) ? p.message : `${p.message} (hint: ${p.hint})`;
      out.push({ file: FILE, line: p.line, col: p.col, severity: p.severity, rule: p.rule, message });
    }
  }
  return out;
}

// The one list of check's rules over a workspace's files, as `check` and `status` both run it:
// lintAll with the manifest rules (touched-files.md's grammar and the release union, which
// walks the sequence on disk). check adds its remark cross-check on top.

import { lintAll } from "../domain/check/lint-all.js";
import { lintManifest } from "../domain/check/lint-manifest.js";
import type { Diagnostic } from "../domain/check/diagnostic.js";
import type { Sentinel } from "../documents/afk/sentinel.js";
import type { QuestionsDoc } from "../documents/questions/parse-questions.js";
import type { StateDoc } from "../documents/state/parse-state.js";
import type { Bytes } from "../documents/bytes.js";
import { REASON_CODES } from "../domain/pause-reasons.js";
import { sequenceSource } from "../workspace/sequence.js";
import type { WorkspaceSession } from "../workspace/session.js";

interface SessionTexts {
  state: string;
  questions: string | Bytes;
  decisions: string | undefined;
  touched: string | undefined;
  events: string | undefined;
}

/** Every rule of check (but its cross-check) over these texts of the session's workspace. */
export function lintSession(session: WorkspaceSession, texts: SessionTexts, sentinel: Sentinel | undefined, parsed: { state: StateDoc; questions: QuestionsDoc }): Diagnostic[] {
  return lintAll(texts, {
    parsed,
    sentinel,
    reasonCodes: REASON_CODES,
    manifestRules: (t) => lintManifest(t, { slug: session.ws.slug, state: texts.state, parsedState: parsed.state, source: sequenceSource(session.ws.root) }),
  });
}

// The library API: the pure document parsers and edit builders, the use cases, and main()
// for embedding the CLI. Everything here is also what the CLI itself uses.

export * from "./errors.js";
export type { Io } from "./io.js";
export type { Bytes, FileBytes, FileRange } from "./documents/bytes.js";
export { main } from "./cli/main.js";
export { applyEdits, type TextEdit, type FileContent, type ContentPiece } from "./documents/text-edit.js";
export { splitLines, detectEol, type Line } from "./documents/lines.js";
export { fenceMask } from "./documents/fences.js";
export { viewOf, parseHeading, type MarkdownView, type Heading } from "./documents/markdown-view.js";
export { parseState, cursorValue, normalizeKey, type StateDoc, type CursorField } from "./documents/state/parse-state.js";
export { setFieldEdit, upsertFieldEdit, deleteFieldEdits, removeAwaitingEdits, appendLogEdit } from "./documents/state/edit-state.js";
export { parseQuestions, statusOf, gateOf, optionsOf, fieldValue, type QuestionsDoc, type QuestionBlock } from "./documents/questions/parse-questions.js";
export { closeBlockEdits } from "./documents/questions/edit-questions.js";
export { parseDecisions } from "./documents/decisions/parse-decisions.js";
export { appendDecisionEdit } from "./documents/decisions/edit-decisions.js";
export { parseBatch, type BatchEntry } from "./documents/batch/parse-batch.js";
export { planResolve, planStateClear, type ResolveEntry, type ResolvePlan } from "./domain/resolve-question.js";
export { resumeCommand, logPhase } from "./domain/phases.js";
export { assertSchema } from "./domain/schema-gate.js";
export { parseTimestamp, formatTimestamp } from "./domain/clock.js";
export { redact } from "./domain/redact.js";
export { insertAwaitingEdit } from "./documents/state/edit-state.js";
export { planRaise, parseRaiseInput, nextQuestionId, type RaisePlan } from "./domain/raise-question.js";
export { gateAction, GATE_POLICY } from "./documents/gates.js";
export { planPause, parsePauseInput, blockerThreshold, pauseLine, type PausePlan } from "./domain/pause-run.js";
export { planResume, type ResumePlan } from "./domain/resume-run.js";
export { blockerSignature, signatureSimilarity, BLOCKER_STOPWORDS } from "./domain/blocker-signature.js";
export { REASON_LABELS, REASON_CODES, pauseSummary } from "./domain/pause-reasons.js";
export { parseManifest, manifestViolations, firstManifestViolation, type ManifestDoc, type ManifestRow, type ManifestViolation } from "./documents/manifest/parse-manifest.js";
export { pathProblem } from "./documents/manifest/paths.js";
export { renderManifestBody, replaceBodyEdit } from "./documents/manifest/edit-manifest.js";
export { planMergeManifest, foldManifests } from "./domain/merge-manifest.js";
export { walkSequenceChain, listedPredecessors, type SequenceSource } from "./domain/sequence-chain.js";
export { checkReleaseUnion, releaseUnionProblem, missingReleasePaths } from "./domain/release-union.js";
export { lintAll } from "./domain/check/lint-all.js";
export { formatDiagnostic, type Diagnostic } from "./domain/check/diagnostic.js";
export { validateSentinel, type Sentinel } from "./documents/afk/sentinel.js";

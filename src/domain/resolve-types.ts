// The shapes a resolve works on — an entry (a question and its answer or drop), a refused
// entry, an entry's outcome — shared by the resolve use case and the readers of written
// answers and read-backs it calls, which so import no use case.

import type { EngineError } from "../errors.js";

/** `file`: the answer a person wrote under the block's `answer:` (kept as written). */
export type AnswerSource = { kind: "text"; text: string } | { kind: "option"; number: number } | { kind: "proposed" } | { kind: "file" };

export interface ResolveEntry {
  qid: string;
  kind: "answer" | "drop";
  /** For drops always `{kind: "text"}` (the reason, already defaulted). */
  source: AnswerSource;
  /** Where the entry came from, for messages: `answers.txt:7`. */
  where?: { file: string; line: number };
  /** Recorded in the entry's event detail as well (a ticket comment's login and id). */
  provenance?: Record<string, string>;
  /**
   * When the answer was written (a ticket comment's `created_at`): it answers only a question
   * raised before then, never one raised later that happens to reuse the id.
   */
  writtenAt?: Date;
}

/** One refused batch entry: its line (0 when it has none), the error naming it, and the entry when it got that far. */
export interface EntryFailure {
  line: number;
  error: EngineError;
  entry?: ResolveEntry;
}

export interface EntryOutcome {
  qid: string;
  kind: "answer" | "drop";
  text: string;
  already: boolean;
}

// The one error hierarchy of the engine and the one exit-code table.
// Domain and workspace code throw these; only cli/main.ts turns them into exit codes.

/** The exit-code table (commands.md). The README repeats it; a test keeps them equal. */
export const EXIT_CODES = {
  0: "done — including \"already done\" (an identical re-run)",
  1: "I/O failure or internal error (a write that did not read back, an unexpected exception)",
  2: "no workspace: no root, no `ACTIVE`, unknown slug, unsafe root, a required workspace file missing; also an unknown command or no command",
  3: "refused: question or workspace not found, schema mismatch, manifest blocked, `check` found errors, auto-resume not due",
  4: "conflict: the question is already answered or dropped with a different outcome",
  5: "bad input: wrong arguments, empty answer, a malformed batch file or AFK sentinel, an invalid `DEVRITES_NOW`",
  6: "duplicate question id in questions.md",
  7: "budget stop: do not dispatch (AFK slice cap, agent/minute/token/cost headroom, review queue above its cap, sequence budget)",
  8: "pause deferred: an external blocker must be seen more times before it may pause the run",
  9: "busy: the workspace lock could not be taken within the lock timeout",
} as const;

export type ExitCode = keyof typeof EXIT_CODES;

export interface ErrorDetails {
  /** What to do next; printed as `hint: …`. */
  hint?: string;
  /** Replaces the `devrites-engine: ` prefix when commands.md quotes a message with its own prefix. */
  prefix?: string;
  /** Extra machine-readable fields for `--json`. */
  data?: Record<string, unknown>;
}

/** Base class: every failure the engine reports carries its exit code and a hint. */
export class EngineError extends Error {
  readonly exitCode: ExitCode;
  readonly hint: string | undefined;
  readonly prefix: string;
  readonly data: Record<string, unknown> | undefined;
  constructor(exitCode: ExitCode, message: string, details: ErrorDetails = {}) {
    super(message);
    this.name = new.target.name;
    this.exitCode = exitCode;
    this.hint = details.hint;
    this.prefix = details.prefix ?? "devrites-engine: ";
    this.data = details.data;
  }
}

/** Exit 1: a disk operation failed or an edit did not read back. */
export class InternalError extends EngineError {
  constructor(message: string, details?: ErrorDetails) {
    super(1, message, details);
  }
}

/** Exit 2: no root, no active workspace, unsafe paths, missing required files, unknown command. */
export class NoWorkspaceError extends EngineError {
  constructor(message: string, details?: ErrorDetails) {
    super(2, message, details);
  }
}

/** Exit 3: the request is understood but refused (not found, schema, blocked, check errors). */
export class RefusedError extends EngineError {
  constructor(message: string, details?: ErrorDetails) {
    super(3, message, details);
  }
}

/** Exit 4: the question is terminal with a different outcome. */
export class ConflictError extends EngineError {
  constructor(message: string, details?: ErrorDetails) {
    super(4, message, details);
  }
}

/** Exit 5: malformed arguments, answers, batch files, sentinels or clock. */
export class BadInputError extends EngineError {
  constructor(message: string, details?: ErrorDetails) {
    super(5, message, details);
  }
}

/** Exit 6: two question blocks share the id a command would write. */
export class DuplicateIdError extends EngineError {
  constructor(message: string, details?: ErrorDetails) {
    super(6, message, details);
  }
}

/** Exit 7: the AFK budget says do not dispatch. */
export class BudgetStopError extends EngineError {
  constructor(message: string, details?: ErrorDetails) {
    super(7, message, details);
  }
}

/** Exit 8: an external blocker was seen too few times to pause the run. */
export class PauseDeferredError extends EngineError {
  constructor(message: string, details?: ErrorDetails) {
    super(8, message, details);
  }
}

/** Exit 9: the workspace lock stayed taken past the lock timeout. */
export class BusyError extends EngineError {
  constructor(message: string, details?: ErrorDetails) {
    super(9, message, details);
  }
}

/** Exit 2: no command, or one the engine does not have. */
export class UnknownCommandError extends EngineError {
  constructor(message: string, details?: ErrorDetails) {
    super(2, message, details);
  }
}

/** Exit 3: a `.journal` found on disk that the engine will not replay (it names files outside its own). */
export class CorruptJournalError extends RefusedError {
  constructor(journalPath: string, why: string) {
    super(`corrupt journal ${journalPath}: ${why}`, {
      hint: `check the file (a copied or hand-made workspace?), then delete it: rm ${journalPath}; nothing was replayed`,
      data: { journal: journalPath },
    });
  }
}

// The one error hierarchy of the engine: every failure has a kind, and the exit code follows
// from the kind (one table). Domain and workspace code throw these; only cli/main.ts turns
// them into exit codes. Code that must tell failures apart branches on `kind`, never on text.

import { readerText, type ForReaders } from "./for-readers.js";
import { shellWord } from "./shell-word.js";

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

/**
 * Every kind of failure and its exit code: the only place an exit code is chosen.
 * A new kind is a row here (and in CONTRIBUTING.md, Errors); its exit code must be the
 * commands.md row that describes it.
 */
export const ERROR_KINDS = {
  /** An unexpected exception: a bug in the engine. */
  internal: 1,
  /** The disk refused a read or a write (permissions, a full disk, a failed rename); the errno error is the cause. */
  io: 1,
  /** An edit did not read back as intended, so nothing was written. */
  "read-back": 1,
  /** No `.devrites` root, no `ACTIVE`, an unknown or malformed slug. */
  "no-workspace": 2,
  /** The root or a workspace directory is a symbolic link or resolves outside the root. */
  "unsafe-root": 2,
  /** A file the command needs (state.md, questions.md) is missing from an existing workspace. */
  "file-missing": 2,
  /** No command, or one the engine does not have. */
  "unknown-command": 2,
  /** A DevRites pack command outside the workspace writer's job (commands/not-provided.ts): named with what to call instead. */
  "not-provided": 2,
  /** Understood but refused, for a reason no more specific kind names. */
  refused: 3,
  /** The question id names no question block. */
  "question-not-found": 3,
  /** A workspace another one names (a parent, a predecessor) does not exist. */
  "workspace-not-found": 3,
  /** `init` of a workspace that already exists. */
  "workspace-exists": 3,
  /** `state close` onto an `archive/<slug>` that already exists (never overwritten). */
  "archive-exists": 3,
  /** The workspace's schema version is invalid or newer than this engine's. */
  "schema-mismatch": 3,
  /** A file the engine would read or write is a link (symbolic, or a hard link with other names), not a regular file, or far over its size cap. */
  "unsafe-file": 3,
  /** A `.journal` on disk that the engine will not replay. */
  "journal-corrupt": 3,
  /** A release sequence or manifest merge is blocked (`merge-manifest: BLOCKED: …`). */
  "manifest-blocked": 3,
  /** The run is not auto-resumable, or not yet. */
  "not-resumable": 3,
  /** The question is terminal with a different outcome. */
  conflict: 4,
  /** Malformed arguments, answers or input text. */
  "bad-input": 5,
  /** A malformed batch file line. */
  "bad-batch": 5,
  /** A malformed or unreadable AFK sentinel. */
  "bad-sentinel": 5,
  /** A malformed `DEVRITES_*` environment variable (`DEVRITES_NOW`, the lock timeout, …). */
  "bad-env": 5,
  /** Two question blocks share the id a command would write. */
  "duplicate-id": 6,
  /** The AFK budget says do not dispatch. */
  "budget-stop": 7,
  /** An external blocker was seen too few times to pause the run. */
  "pause-deferred": 8,
  /** The workspace lock stayed taken past the lock timeout. */
  "lock-busy": 9,
} as const satisfies Record<string, Exclude<ExitCode, 0>>;

export type ErrorKind = keyof typeof ERROR_KINDS;

/** The kinds whose exit code is `N`. */
export type KindWithExit<N extends ExitCode> = { [K in ErrorKind]: (typeof ERROR_KINDS)[K] extends N ? K : never }[ErrorKind];

/** The exit code of a kind. */
export function exitCodeOf(kind: ErrorKind): ExitCode {
  return ERROR_KINDS[kind];
}

/** Where a failure is: formatted once, as the message's `file:line:` (or `file:line:col:`) prefix. */
export interface ErrorLocation {
  file: string;
  line: number;
  col?: number;
}

export interface ErrorDetails {
  /**
   * What to do next; printed as `hint: …`. Both renderings (for-readers.ts) when it names a
   * command only a person runs as theirs: `--json` prints the agent's.
   */
  hint?: string | ForReaders;
  /** Replaces the `devrites-engine: ` prefix when commands.md quotes a message with its own prefix. */
  prefix?: string;
  /** Extra machine-readable fields for `--json`. */
  data?: Record<string, unknown>;
  /** The error this one wraps (an errno error, a YAML or JSON parse error, an engine error). */
  cause?: unknown;
  /** The file and line the message is about. */
  at?: ErrorLocation;
}

/** A subclass's details: the kind may be any kind with the subclass's exit code. */
export type KindDetails<N extends ExitCode> = ErrorDetails & { kind?: KindWithExit<N> };

function located(text: string, at: ErrorLocation | undefined): string {
  return at === undefined ? text : `${at.file}:${at.line}${at.col !== undefined ? `:${at.col}` : ""}: ${text}`;
}

/** Base class: every failure the engine reports carries its kind, exit code and hint. */
export class EngineError extends Error {
  readonly kind: ErrorKind;
  readonly exitCode: ExitCode;
  /** The hint for a person (what text mode prints). */
  readonly hint: string | undefined;
  /** The hint as `--json` (and so MCP) prints it: never suggests `--human`. */
  readonly agentHint: string | undefined;
  readonly prefix: string;
  readonly data: Record<string, unknown> | undefined;
  /** The message without its location prefix. */
  readonly text: string;
  readonly at: ErrorLocation | undefined;
  constructor(kind: ErrorKind, message: string, details: ErrorDetails = {}) {
    super(located(message, details.at), details.cause !== undefined ? { cause: details.cause } : undefined);
    this.name = new.target.name;
    this.kind = kind;
    this.exitCode = exitCodeOf(kind);
    this.hint = details.hint === undefined ? undefined : readerText(details.hint, false);
    this.agentHint = details.hint === undefined ? undefined : readerText(details.hint, true);
    this.prefix = details.prefix ?? "devrites-engine: ";
    this.data = details.data;
    this.text = message;
    this.at = details.at;
  }
}

/** True when `e` is an engine error of one of `kinds`: the way code tells failures apart. */
export function isKind(e: unknown, ...kinds: ErrorKind[]): e is EngineError {
  return e instanceof EngineError && kinds.includes(e.kind);
}

/** The same error (class, kind, hint, data, cause) about `at`: a batch names the line an entry came from. */
export function locatedAt<E extends EngineError>(err: E, at: ErrorLocation): E {
  const copy = Object.create(Object.getPrototypeOf(err) as object) as E;
  for (const k of Object.getOwnPropertyNames(err)) Object.defineProperty(copy, k, Object.getOwnPropertyDescriptor(err, k)!);
  Object.assign(copy as { message: string; at: ErrorLocation }, { message: located(err.text, at), at });
  return copy;
}

/** Exit 1: a disk operation failed, an edit did not read back, or a bug. */
export class InternalError extends EngineError {
  constructor(message: string, details: KindDetails<1> = {}) {
    super(details.kind ?? "internal", message, details);
  }
}

/** Exit 2: no root, no active workspace, unsafe paths, missing required files. */
export class NoWorkspaceError extends EngineError {
  constructor(message: string, details: KindDetails<2> = {}) {
    super(details.kind ?? "no-workspace", message, details);
  }
}

/** Exit 3: the request is understood but refused (not found, schema, blocked, check errors). */
export class RefusedError extends EngineError {
  constructor(message: string, details: KindDetails<3> = {}) {
    super(details.kind ?? "refused", message, details);
  }
}

/** Exit 4: the question is terminal with a different outcome. */
export class ConflictError extends EngineError {
  constructor(message: string, details: KindDetails<4> = {}) {
    super(details.kind ?? "conflict", message, details);
  }
}

/** Exit 5: malformed arguments, answers, batch files, sentinels or clock. */
export class BadInputError extends EngineError {
  constructor(message: string, details: KindDetails<5> = {}) {
    super(details.kind ?? "bad-input", message, details);
  }
}

/** Exit 6: two question blocks share the id a command would write. */
export class DuplicateIdError extends EngineError {
  constructor(message: string, details: KindDetails<6> = {}) {
    super(details.kind ?? "duplicate-id", message, details);
  }
}

/** Exit 7: the AFK budget says do not dispatch. */
export class BudgetStopError extends EngineError {
  constructor(message: string, details: KindDetails<7> = {}) {
    super(details.kind ?? "budget-stop", message, details);
  }
}

/** Exit 8: an external blocker was seen too few times to pause the run. */
export class PauseDeferredError extends EngineError {
  constructor(message: string, details: KindDetails<8> = {}) {
    super(details.kind ?? "pause-deferred", message, details);
  }
}

/** Exit 9: the workspace lock stayed taken past the lock timeout. */
export class BusyError extends EngineError {
  constructor(message: string, details: KindDetails<9> = {}) {
    super(details.kind ?? "lock-busy", message, details);
  }
}

/** Exit 2: no command, or one the engine does not have. */
export class UnknownCommandError extends EngineError {
  constructor(message: string, details: ErrorDetails = {}) {
    super("unknown-command", message, details);
  }
}

/** Exit 3: a `.journal` found on disk that the engine will not replay (it names files outside its own). */
export class CorruptJournalError extends RefusedError {
  constructor(journalPath: string, why: string, cause?: unknown) {
    super(`corrupt journal ${journalPath}: ${why}`, {
      kind: "journal-corrupt",
      hint: `check the file (a copied or hand-made workspace?), then delete it: rm ${shellWord(journalPath)}; nothing was replayed`,
      data: { journal: journalPath },
      cause,
    });
  }
}

// A command's access to one workspace: read files (refusing symlinks), and run a mutation
// under the lock as one transaction, finishing any journal a killed process left first. The
// one place a lock is taken: the workspace's, and ACTIVE's (`.devrites/.engine.lock`) for a
// commit or recovery that writes ACTIVE, always in that order, each reported to Io.lockTaken
// (the CLI arms its SIGINT/SIGTERM release there).

import { dirname, isAbsolute, join } from "node:path";
import { LARGE_INPUT_BYTES, type Io } from "../io.js";
import { nodeZlib } from "./lazy-builtins.js";
import { EngineError, InternalError } from "../errors.js";
import type { EventDraft } from "../domain/events.js";
import { EVENTS_FILE, readEventsText, renderEvents } from "./events.js";
import { takeLock, lockTimeoutMs, processAlive, type Lock } from "./lock.js";
import { lstat } from "./disk.js";
import { finishArchivedClose } from "./archive.js";
import type { FileContent } from "../documents/text-edit.js";
import { readWorkspaceBytes, readWorkspaceFile, workspaceFilePath, type Workspace } from "./locate.js";
import { needsRecovery, recoverJournal, removeDeadTemps } from "./recovery.js";
import { commit, type FileWrite } from "./transaction.js";
import { readForBlocks, type FileWindows } from "./file-windows.js";

/** The writes and events a mutation produces; committed together or not at all. */
interface Changes {
  /** File name inside the workspace (or an absolute path) → new content. */
  files: Map<string, FileContent>;
  events: EventDraft[];
  /** `state close`: move the workspace to `archive/<slug>` in the same commit (the events land there). */
  archive?: boolean;
  /** Files to remove in the same commit (`parallel lease-clear`); one already gone is skipped. */
  removes?: string[];
}

interface LockOptions {
  lockTimeoutMs?: number;
  /**
   * Take ACTIVE's lock before `fn` runs: for a command that decides from ACTIVE what to write
   * (state close). A commit that writes ACTIVE takes it anyway, at the latest before it starts.
   */
  active?: boolean;
}

export function emptyChanges(): Changes {
  return { files: new Map(), events: [] };
}

/**
 * Files a workspace may lack that then read as empty: real DevRites workspaces have no
 * questions.md until the first question (formats.md, "A workspace without questions.md").
 * The one place that decides it; `check(name, false)` tells a writer that must create it.
 */
const READS_AS_EMPTY: ReadonlySet<string> = new Set(["questions.md"]);

export class WorkspaceSession {
  constructor(
    readonly ws: Workspace,
    private readonly io: Io,
    private readonly now: Date,
  ) {}

  path(name: string): string {
    return isAbsolute(name) ? name : join(this.ws.dir, name);
  }

  /** Read a workspace file: a symlink is exit 3, a missing required file exit 2. */
  read(name: string, required: true): string;
  read(name: string, required: false): string | undefined;
  read(name: string, required: boolean): string | undefined {
    const text = readWorkspaceFile(this.ws.dir, name, required && !READS_AS_EMPTY.has(name));
    // Characters, not bytes: a text of LARGE_INPUT_BYTES characters has at least as many bytes.
    if (text !== undefined && text.length >= LARGE_INPUT_BYTES) this.#large();
    return text ?? (required ? "" : undefined);
  }

  /**
   * read() without the decoding: the file's bytes, checked to be UTF-8, for a caller that parses
   * them whole (a large file then tells Io.largeInput). A command that edits only a few blocks
   * reads with readForBlocks().
   */
  readBytes(name: string, required: true): Buffer;
  readBytes(name: string, required: false): Buffer | undefined;
  readBytes(name: string, required: boolean): Buffer | undefined {
    const bytes = readWorkspaceBytes(this.ws.dir, name, required && !READS_AS_EMPTY.has(name));
    if (bytes !== undefined && bytes.length >= LARGE_INPUT_BYTES) this.#large();
    return bytes ?? (required ? Buffer.alloc(0) : undefined);
  }

  #held: FileWindows[] = [];
  /**
   * A file for a command that edits a few of its blocks (questions.md for a resolve of a few
   * entries): a small one's bytes as readBytes gives them; a large one stays on disk (FileBytes:
   * read window by window, written back by ranges), held open until mutate() returns or
   * release() is called. A missing file reads as empty, as read() has it.
   */
  readForBlocks(name: string): Buffer | FileWindows {
    const read = readForBlocks(this.ws.dir, name, !READS_AS_EMPTY.has(name));
    if (read === undefined) return Buffer.alloc(0);
    if (!Buffer.isBuffer(read)) this.#held.push(read);
    return read;
  }

  /** Close the files readForBlocks() left open (mutate() does it when it returns). */
  release(): void {
    for (const f of this.#held.splice(0)) f.close();
  }

  /** events.jsonl's text under its own cap (readEventsText), undefined when there is none. */
  readEvents(): string | undefined {
    const text = readEventsText(this.ws.dir);
    if (text !== undefined && text.length >= LARGE_INPUT_BYTES) this.#large();
    return text;
  }

  #largeSeen = false;
  #writing = false;
  /**
   * Tell the process, once, that a large file is about to be parsed (Io.largeInput). Inside
   * mutate() the commit will checksum files of that size with node:zlib: it is loaded first,
   * while Node's code cache for built-ins still matches V8's flags (the hook may change them).
   */
  #large(): void {
    if (this.#largeSeen) return;
    this.#largeSeen = true;
    if (this.#writing && this.io.largeInput !== undefined) nodeZlib();
    this.io.largeInput?.(this.#writing);
  }

  /** Check a workspace file as read() would (symlink 3, missing required 2) without reading it. */
  check(name: string, required: boolean): boolean {
    return workspaceFilePath(this.ws.dir, name, required && !READS_AS_EMPTY.has(name)) !== undefined;
  }

  #lock: Lock | undefined;
  #activeLock: Lock | undefined;
  #timeoutMs = 0;

  /** The one way a lock is taken: this process's pid and host, the timeout, Io.lockTaken. */
  #take(dir: string): Lock {
    return takeLock(this.io, dir, this.#timeoutMs, () => this.now);
  }

  /** ACTIVE's lock, taken once per locked section (after the workspace's: the one order). */
  #lockActive(): void {
    this.#activeLock ??= this.#take(this.ws.root);
  }

  /** Run `fn` holding the workspace lock (and ACTIVE's with `opts.active`); both released after. */
  #locked<T>(opts: LockOptions, fn: () => T): T {
    this.#timeoutMs = opts.lockTimeoutMs ?? lockTimeoutMs(this.io.env.DEVRITES_LOCK_TIMEOUT_MS);
    const lock = this.#take(this.ws.dir);
    this.#lock = lock;
    try {
      if (opts.active === true) this.#lockActive();
      return fn();
    } finally {
      this.#activeLock?.release();
      this.#activeLock = undefined;
      this.#lock = undefined;
      lock.release();
    }
  }

  /**
   * Run `fn` under the workspace lock and commit what it returns as one transaction.
   * A journal or temp files left by a killed process are finished or discarded first.
   */
  mutate<T>(fn: () => { changes: Changes; result: T }, opts: LockOptions = {}): T {
    return this.#locked(opts, () => {
      this.#writing = true;
      try {
        this.recoverLocked();
        const { changes, result } = fn();
        this.commitLocked(changes);
        return result;
      } finally {
        this.#writing = false;
        this.release();
      }
    });
  }

  /**
   * mutate() for a command that runs processes while it holds the lock (`parallel create`,
   * `cleanup`: git worktrees): `fn` is awaited under the workspace lock, then what it returns is
   * committed as one transaction. Nothing else of this session runs meanwhile.
   */
  async mutateAsync<T>(fn: () => Promise<{ changes: Changes; result: T }>, opts: { lockTimeoutMs?: number } = {}): Promise<T> {
    this.#timeoutMs = opts.lockTimeoutMs ?? lockTimeoutMs(this.io.env.DEVRITES_LOCK_TIMEOUT_MS);
    const lock = this.#take(this.ws.dir);
    this.#lock = lock;
    this.#writing = true;
    try {
      this.recoverLocked();
      const { changes, result } = await fn();
      this.commitLocked(changes);
      return result;
    } finally {
      this.#writing = false;
      this.release();
      this.#activeLock?.release();
      this.#activeLock = undefined;
      this.#lock = undefined;
      lock.release();
    }
  }

  /**
   * `state close <slug>` on this archived workspace: finish a close a killed process left (its
   * journal moved with the directory), under the archive's lock and ACTIVE's.
   * @returns undefined when there was nothing to finish, else whether ACTIVE was emptied.
   */
  finishClose(): boolean | undefined {
    return this.#locked({}, () => finishArchivedClose(this.ws, () => this.#lockActive()));
  }

  /** For read-only commands: clear a journal or temp litter (taking the lock) before reading. */
  recoverIfNeeded(opts: { lockTimeoutMs?: number } = {}): void {
    if (!needsRecovery(this.ws.dir)) return;
    this.mutate(() => ({ changes: emptyChanges(), result: undefined }), opts);
  }

  #created: readonly string[] = [];
  /** The files a journal finished by this session's last recovery created (an init's four, when it was a killed init). */
  get createdByRecovery(): readonly string[] {
    return this.#created;
  }

  private recoverLocked(): void {
    this.#created = [];
    // The journal first: a killed init's journal still needs its ACTIVE temp in the root.
    const outcome = recoverJournal(this.ws.dir, { onFinished: (created) => (this.#created = created), lockActive: () => this.#lockActive() });
    removeDeadTemps(this.ws.root, processAlive);
    if (outcome !== "none") {
      this.commitLocked({ files: new Map(), events: [{ event: "recovered", detail: { journal: outcome } }] });
    }
  }

  private commitLocked(changes: Changes): void {
    const writes: FileWrite[] = [];
    const active = join(this.ws.root, "ACTIVE");
    for (const [name, content] of changes.files) {
      const path = this.path(name);
      // ACTIVE is shared by every workspace's commands: its lock first (after this workspace's).
      if (path === active) this.#lockActive();
      writes.push({ path, content });
    }
    const appends = changes.events.length > 0 ? [{ path: this.path(EVENTS_FILE), data: renderEvents(changes.events, this.now) }] : [];
    const removes = (changes.removes ?? []).map((name) => this.path(name));
    if (writes.length === 0 && appends.length === 0 && changes.archive !== true && removes.length === 0) return;
    try {
      commit(this.ws.dir, writes, appends, changes.archive === true ? { archive: this.ws.slug } : { removes });
    } catch (e) {
      if (e instanceof EngineError) throw e;
      throw new InternalError(`commit failed: ${(e as Error).message}`, { kind: "io", cause: e });
    } finally {
      // The lock file moved with the directory: release it where it is now.
      if (changes.archive === true && lstat(this.ws.dir) === undefined) this.#lock?.relocate(join(dirname(dirname(this.ws.dir)), "archive", this.ws.slug));
    }
  }
}

// `state close`'s move on disk: the checks before a workspace may go to `archive/<slug>`, and
// the finish of a close a killed process left there. The move itself is one commit
// (transaction.ts, a version 4 journal): the directory renamed (one rename(2) inside
// `.devrites/`), then ACTIVE emptied when it names the slug, then the `closed` event appended,
// all rolled back — directory moved back, ACTIVE restored — when a step before the last fails.
// Killed before the rename, the journal sits in `work/<slug>` and the next command there undoes
// it (recovery.ts); killed after it, `state close <slug>` again finishes it (finishArchivedClose).

import { join } from "node:path";
import { EngineError, InternalError, NoWorkspaceError, RefusedError } from "../errors.js";
import { lstat, removeFile } from "./disk.js";
import { CLOSE_JOURNAL, finishLegacyClose, readCloseJournal } from "./close-journal.js";
import { ACTIVE_TARGET, JOURNAL_FILE, readJournal } from "./journal.js";
import type { Workspace } from "./locate.js";
import { applyJournal, errText } from "./replay.js";
import { shellWord } from "../shell-word.js";

/**
 * Where the live workspace `ws` would be archived, checked.
 * @throws RefusedError (3) when `archive/<slug>` exists (never overwritten) or `archive` is not a
 *   directory; NoWorkspaceError (2, unsafe-root) when `archive` is a symbolic link.
 */
export function assertArchivable(ws: Workspace): string {
  const archiveDir = join(ws.root, "archive");
  const target = join(archiveDir, ws.slug);
  const up = lstat(archiveDir);
  if (up?.isSymbolicLink()) throw new NoWorkspaceError(`unsafe root: ${archiveDir} is a symbolic link`, { kind: "unsafe-root", hint: "replace the link with a real directory" });
  if (up && !up.isDirectory()) throw new RefusedError(`${archiveDir} exists and is not a directory`, { kind: "unsafe-file", hint: "move it away, then run state close again" });
  if (lstat(target)) {
    throw new RefusedError(`archive already exists at ${target}: refusing to overwrite it`, {
      kind: "archive-exists",
      hint: `both work/${ws.slug} and archive/${ws.slug} exist; compare them and move one away by hand, then run devrites-engine state close ${shellWord(ws.slug)} again`,
    });
  }
  return target;
}

/** True when the archived workspace in `dir` holds a close journal (this engine's or an earlier one's). */
export function hasPendingClose(dir: string): boolean {
  return lstat(join(dir, JOURNAL_FILE)) !== undefined || lstat(join(dir, CLOSE_JOURNAL)) !== undefined;
}

/**
 * `state close <slug>` when `work/<slug>` is gone and `archive/<slug>` is there: finish the close
 * a killed process left (its journal moved with the directory). The caller holds the archive's
 * lock; `lockActive` takes ACTIVE's before ACTIVE may change. A journal that is not a close's is
 * left alone: an archived workspace is read-only.
 * @returns undefined when there was nothing to finish, else whether ACTIVE was emptied.
 * @throws CorruptJournalError / RefusedError (3) for a journal or file that is not safe to use;
 *   InternalError (1) when the disk refuses a step (the journal stays for the next try).
 */
export function finishArchivedClose(archived: Workspace, lockActive: () => void): boolean | undefined {
  try {
    const legacy = readCloseJournal(archived.dir);
    if (legacy.kind === "torn") removeFile(join(archived.dir, CLOSE_JOURNAL)); // written whole before the move: not a close's
    if (legacy.kind === "ok") {
      lockActive();
      return finishLegacyClose(archived.dir, archived.root, legacy.journal);
    }
    const read = readJournal(archived.dir);
    if (read.kind !== "ok" || read.journal.archive === undefined) return undefined;
    if (read.journal.files.some((f) => f.target === ACTIVE_TARGET)) lockActive();
    return applyJournal(archived.dir, read.journal).renamed.includes(ACTIVE_TARGET);
  } catch (e) {
    if (e instanceof EngineError) throw e;
    throw new InternalError(`could not finish closing ${archived.slug}: ${errText(e)}`, { kind: "io", hint: `fix the cause, then run devrites-engine state close ${shellWord(archived.slug)} again`, cause: e });
  }
}

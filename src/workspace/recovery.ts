// Recovery: before a command reads a workspace it finishes a journal whose temps are intact (or
// already renamed), else rolls it back, and removes the engine's own temp litter — never a file
// that only looks like one. A close's journal (version 4) is decided by where it is: in work/
// the move never happened and it is undone; in archive/ it did and `state close` finishes it.
// An earlier engine's `.close-journal` is undone or finished the same way (close-journal.ts).
// The caller holds the lock.

import { readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { InternalError, isKind, RefusedError } from "../errors.js";
import { disk, kindOf, lstat, READ_CAP_BYTES, readRegularFile, refuseHardLink, removeFile } from "./disk.js";
import { CLOSE_JOURNAL, readCloseJournal, undoClose } from "./close-journal.js";
import { ACTIVE_TARGET, inArchive, JOURNAL_FILE, matches, matchTempName, readJournal, type Journal } from "./journal.js";
import { applyJournal, errText, isRegular, rollBack } from "./replay.js";

type RecoveryOutcome = "none" | "finished" | "discarded";

/** True when `dir` holds a journal or temp litter that a command must clear first. */
export function needsRecovery(dir: string): boolean {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return false;
  }
  return names.some((n) => n === JOURNAL_FILE || n === CLOSE_JOURNAL || matchTempName(n) !== null);
}

interface RecoverOptions {
  /** The files the finished journal created (an init's four): the caller may tell its own commit from another's. */
  onFinished?: (created: readonly string[]) => void;
  /** Called before a journal that writes ACTIVE is replayed or undone: take ACTIVE's lock. */
  lockActive?: () => void;
}

/** A journal that writes ACTIVE (an init's, a close's) is replayed under ACTIVE's lock. */
const writesActive = (j: Journal) => j.files.some((f) => f.target === ACTIVE_TARGET);

/**
 * Finish a journal whose temp files are all intact (or already renamed), else roll it back;
 * remove the engine's temp litter in `dir`. The caller holds the lock. In a live workspace a
 * close's journal is undone; in an archived one it is finished (finishClose's job, archive.ts).
 * @throws CorruptJournalError (exit 3) for a journal naming anything but the workspace's own files;
 *   RefusedError for a non-file named like a temp, or an append target with other names;
 *   InternalError when the disk refuses the replay and its rollback.
 */
export function recoverJournal(dir: string, opts: RecoverOptions = {}): RecoveryOutcome {
  let outcome: RecoveryOutcome = "none";
  // An earlier engine's `state close` killed before it moved this (live) workspace: undo its
  // intent. In archive/ the move happened: finishLegacyClose's (close-journal.ts), not this.
  const close = inArchive(dir) ? ({ kind: "none" } as const) : readCloseJournal(dir);
  if (close.kind === "ok") undoClose(dir, close.journal);
  else if (close.kind === "torn") removeFile(join(dir, CLOSE_JOURNAL));
  if (close.kind !== "none") outcome = "discarded";
  const read = readJournal(dir);
  if (read.kind === "torn") {
    removeFile(join(dir, JOURNAL_FILE));
    outcome = "discarded";
  } else if (read.kind === "ok") {
    const j = read.journal;
    // An append target with other names is refused before a rename or a truncate is replayed.
    for (const a of j.appends) {
      const p = resolve(dir, a.target);
      const st = lstat(p);
      if (st?.isFile()) refuseHardLink(st, p);
    }
    if (writesActive(j)) opts.lockActive?.();
    if (j.archive !== undefined && inArchive(dir)) {
      // The move happened: the close is finished forward, never moved back.
      applyJournal(dir, j);
      outcome = "finished";
    } else if (j.archive !== undefined) {
      // The move never happened: nothing but the journal, its temp and backup to undo.
      rollBack(dir, j);
      outcome = "discarded";
    } else {
      outcome = recoverCommit(dir, j, opts);
    }
  }
  return sweepTemps(dir, outcome);
}

/** A commit's journal: finished when every temp is intact (or already renamed), else rolled back. */
function recoverCommit(dir: string, j: Journal, opts: RecoverOptions): RecoveryOutcome {
  // A temp already renamed: its target must then hold the recorded content.
  const intact = j.files.every((f) => {
    const temp = resolve(dir, f.temp);
    return matches(isRegular(temp) ? temp : resolve(dir, f.target), f);
  });
  if (!intact) {
    rollBack(dir, j);
    return "discarded";
  }
  try {
    applyJournal(dir, j);
  } catch (e) {
    if (isKind(e, "unsafe-file", "journal-corrupt")) throw e;
    try {
      rollBack(dir, j);
    } catch (e2) {
      throw new InternalError(`cannot finish or roll back the journal in ${dir}: ${errText(e)}; ${errText(e2)}`, {
        kind: "io",
        hint: "fix the cause (disk space, permissions), then retry",
        cause: new AggregateError([e, e2], "the replay and its rollback both failed"),
      });
    }
    return "discarded";
  }
  opts.onFinished?.(j.files.filter((f) => f.existed === false).map((f) => f.target));
  return "finished";
}

/** Remove the engine's temp files in `dir` (a non-file named like one is refused). */
function sweepTemps(dir: string, outcome: RecoveryOutcome): RecoveryOutcome {
  for (const n of readdirSync(dir)) {
    if (matchTempName(n) === null) continue;
    const p = join(dir, n);
    const st = lstat(p);
    if (!st) continue;
    if (!st.isFile()) {
      throw new RefusedError(`${p} is ${kindOf(st)} named like an engine temp file`, { kind: "unsafe-file", hint: "remove or rename it; the engine deletes only its own temp files" });
    }
    disk.unlinkSync(p);
    if (outcome === "none") outcome = "discarded";
  }
  return outcome;
}

/**
 * Pending journals in the workspaces under `root/work` and `root/archive` (their slug and text):
 * a temp they name is still needed (a killed init's, or a close's killed after its move).
 */
export function pendingJournals(root: string): { slug: string; text: string; archived: boolean }[] {
  const out: { slug: string; text: string; archived: boolean }[] = [];
  for (const place of ["work", "archive"] as const) {
    let slugs: string[];
    try {
      slugs = readdirSync(join(root, place));
    } catch {
      continue;
    }
    for (const s of slugs) {
      try {
        const b = readRegularFile(join(root, place, s, JOURNAL_FILE), { name: JOURNAL_FILE, capBytes: READ_CAP_BYTES.workspaceFile, noFollow: true });
        if (b) out.push({ slug: s, text: b.toString("utf8"), archived: place === "archive" });
      } catch {
        // Not readable as a journal: it names nothing we could keep.
      }
    }
  }
  return out;
}

/**
 * Remove temp files left in the root (init's ACTIVE temps) by dead processes, except those a
 * pending journal in some workspace still names (a killed init finishes from them).
 */
export function removeDeadTemps(dir: string, alive: (pid: number) => boolean): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  let journals: { slug: string; text: string }[] | undefined;
  for (const n of names) {
    const m = matchTempName(n);
    if (!m || alive(Number(m[2])) || !isRegular(join(dir, n))) continue;
    journals ??= pendingJournals(dir);
    if (journals.some((j) => namesRootTemp(j.text, n))) continue;
    disk.unlinkSync(join(dir, n));
  }
}

/** Whether a journal's text names `name`, a temp in the root (init's ACTIVE temp or its backup). */
export function namesRootTemp(journalText: string, name: string): boolean {
  return journalText.includes(`"../../${name}"`);
}

// `check`: lint every workspace file and the sentinel; print `<file>:<line>:<col> <severity>
// <rule> <message>` lines (or JSON). Exit 3 when any error was found. Never writes.

import { join, relative } from "node:path";
import { ERROR_KINDS, isKind } from "../../errors.js";
import { viewOf } from "../../documents/markdown-view.js";
import { parseQuestionsBytes } from "../../documents/questions/parse-questions.js";
import { parseState } from "../../documents/state/parse-state.js";
import { crossCheck } from "../../domain/check/crosscheck.js";
import { formatDiagnostic, messageFor, sortDiagnostics, type Diagnostic } from "../../domain/check/diagnostic.js";
import { readSentinel, type Mode } from "../../workspace/afk.js";
import { lintSession } from "../lint-session.js";
import type { CommandArgs, CommandContext, Outcome } from "../types.js";

const MARKDOWN_FILES = ["state.md", "questions.md", "decisions.md", "touched-files.md"] as const;

export async function check(ctx: CommandContext, _args: CommandArgs): Promise<Outcome> {
  const session = ctx.workspace();
  session.recoverIfNeeded();
  // Loaded before the files are read: reading a large one sets a V8 flag (Io.largeInput), and V8
  // rejects a code cache (Node's compile cache) made under other flags (docs/performance.md).
  const { markdownOutline } = await import("../../adapters/micromark.js");
  const texts = {
    state: session.read("state.md", true),
    // As bytes, read through a view of bytes: the file is not decoded whole (docs/performance.md).
    questions: session.readBytes("questions.md", true),
    decisions: session.read("decisions.md", false),
    touched: session.read("touched-files.md", false),
    // Under its own cap, not the workspace files': a long-lived workspace's audit trail outgrows 64 MiB.
    events: session.readEvents(),
  };
  const diagnostics: Diagnostic[] = [];
  let mode: Mode = { mode: "hitl" };
  try {
    mode = await readSentinel(session.ws.root);
  } catch (e) {
    // An unreadable sentinel is a finding; anything else (a bug) is not check's to hide.
    if (!isKind(e, "bad-sentinel")) throw e;
    diagnostics.push({ file: "AFK", line: 1, col: 1, severity: "error", rule: "afk-unreadable", message: e.message });
  }
  // Parsed once here for the rules and the cross-check alike (a large questions.md is megabytes).
  const parsed = { state: parseState(texts.state), questions: parseQuestionsBytes(texts.questions) };
  diagnostics.push(...lintSession(session, texts, mode.mode === "afk" ? mode.sentinel : undefined, parsed));

  const notes: string[] = [];
  for (const name of MARKDOWN_FILES) {
    const other = name === "decisions.md" ? texts.decisions : name === "touched-files.md" ? texts.touched : undefined;
    const view = name === "state.md" ? parsed.state.view : name === "questions.md" ? parsed.questions.view : other === undefined ? undefined : viewOf(other);
    if (view === undefined) continue;
    const display = relative(ctx.io.cwd, join(session.ws.dir, name)) || name;
    const result = crossCheck(view, name, markdownOutline);
    diagnostics.push(...result.diagnostics);
    if (result.note) notes.push(result.note.replace(name, display));
  }

  const label = (d: Diagnostic) => {
    const abs = d.file === "AFK" ? join(session.ws.root, "AFK") : join(session.ws.dir, d.file);
    return relative(ctx.io.cwd, abs) || abs;
  };
  const sorted = sortDiagnostics(diagnostics);
  const errors = sorted.filter((d) => d.severity === "error").length;
  const warnings = sorted.length - errors;
  const summary = `${session.ws.slug}: ${errors} error(s), ${warnings} warning(s)`;
  return {
    exit: errors > 0 ? ERROR_KINDS.refused : 0,
    lines: [...sorted.map((d) => formatDiagnostic(d, label(d))), ...notes.map((n) => `note: ${n}`), summary],
    data: {
      workspace: session.ws.slug,
      errors,
      warnings,
      diagnostics: sorted.map((d) => ({ file: label(d), line: d.line, col: d.col, severity: d.severity, rule: d.rule, message: messageFor(d, true) })),
      notes,
    },
  };
}

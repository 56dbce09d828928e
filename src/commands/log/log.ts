// `log [--since TIMESTAMP] [--qid QID]`: the audit trail from events.jsonl, newest last.

import { BadInputError } from "../../errors.js";
import { parseTimestamp } from "../../domain/clock.js";
import type { AuditEvent } from "../../domain/events.js";
import { readEvents } from "../../workspace/events.js";
import type { CommandArgs, CommandContext, Outcome } from "../types.js";

function describe(e: AuditEvent): string {
  const detail = e.detail && Object.keys(e.detail).length > 0 ? " " + Object.entries(e.detail).map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(" ") : "";
  return `${e.ts}  ${e.event.padEnd(15)} ${e.qid ? `${e.qid} ` : ""}${e.by ? `by ${e.by}` : ""}${detail}`.replace(/\s+$/, "");
}

/** The note for skipped lines: how many, and the first few by number. */
function skippedNote(count: number, lines: readonly number[]): string {
  const shown = lines.slice(0, 10).join(", ");
  const more = count > 10 ? `, … (${count - 10} more)` : "";
  const one = count === 1;
  return `devrites-engine: warning: ${count} events.jsonl ${one ? "line is not an audit event" : "lines are not audit events"} (not JSON, or not an event object) and ${one ? "was" : "were"} skipped: line${one ? "" : "s"} ${shown}${more}; devrites-engine check lists them`;
}

export async function log(ctx: CommandContext, args: CommandArgs): Promise<Outcome> {
  const sinceText = typeof args.options.since === "string" ? args.options.since : undefined;
  const since = sinceText === undefined ? undefined : parseTimestamp(sinceText);
  if (sinceText !== undefined && since === undefined) throw new BadInputError(`--since is not a timestamp: ${JSON.stringify(sinceText)}`, { hint: "use RFC 3339 (2026-07-20T10:00:00Z) or a date (2026-07-20)" });
  const qid = typeof args.options.qid === "string" ? args.options.qid : undefined;
  const session = ctx.workspace();
  session.recoverIfNeeded();
  const { events, skipped, skippedLines } = readEvents(session.ws.dir);
  const picked = events.filter((e) => {
    if (qid !== undefined && e.qid !== qid) return false;
    if (since !== undefined) {
      const t = parseTimestamp(e.ts);
      if (!t || t.getTime() < since.getTime()) return false;
    }
    return true;
  });
  const lines = picked.map(describe);
  if (picked.length === 0) lines.push(events.length === 0 ? "No events recorded yet." : "No events match.");
  const errors = skipped > 0 ? [skippedNote(skipped, skippedLines)] : undefined;
  return { exit: 0, lines, data: { workspace: session.ws.slug, events: picked, skipped, skipped_lines: skippedLines }, ...(errors ? { errors } : {}) };
}

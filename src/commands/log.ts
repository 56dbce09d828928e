// `log [--since TIMESTAMP] [--qid QID]`: the audit trail from events.jsonl, newest last.

import { BadInputError } from "../errors.js";
import { parseTimestamp } from "../domain/clock.js";
import { readEvents, type EventRecord } from "../workspace/events.js";
import type { CommandArgs, CommandContext, Outcome } from "./types.js";

function describe(e: EventRecord): string {
  const detail = e.detail && Object.keys(e.detail).length > 0 ? " " + Object.entries(e.detail).map(([k, v]) => `${k}=${typeof v === "string" ? JSON.stringify(v) : JSON.stringify(v)}`).join(" ") : "";
  return `${e.ts}  ${String(e.event).padEnd(15)} ${e.qid ? `${e.qid} ` : ""}${e.by ? `by ${e.by}` : ""}${detail}`.replace(/\s+$/, "");
}

export async function log(ctx: CommandContext, args: CommandArgs): Promise<Outcome> {
  if (args.positionals.length > 0) throw new BadInputError(`log takes no arguments (got ${args.positionals.join(" ")})`, { hint: "devrites-engine log [--since TIMESTAMP] [--qid QID]" });
  const sinceText = typeof args.options.since === "string" ? args.options.since : undefined;
  const since = sinceText === undefined ? undefined : parseTimestamp(sinceText);
  if (sinceText !== undefined && since === undefined) throw new BadInputError(`--since is not a timestamp: ${JSON.stringify(sinceText)}`, { hint: "use RFC 3339 (2026-07-20T10:00:00Z) or a date (2026-07-20)" });
  const qid = typeof args.options.qid === "string" ? args.options.qid : undefined;
  const session = ctx.workspace();
  session.recoverIfNeeded();
  const { events, invalid } = readEvents(session.ws.dir);
  const picked = events.filter((e) => {
    if (qid !== undefined && e.qid !== qid) return false;
    if (since !== undefined) {
      const t = parseTimestamp(String(e.ts ?? ""));
      if (!t || t.getTime() < since.getTime()) return false;
    }
    return true;
  });
  const lines = picked.map(describe);
  if (picked.length === 0) lines.push(events.length === 0 ? "No events recorded yet." : "No events match.");
  const errors = invalid.length > 0 ? [`devrites-engine: warning: events.jsonl lines ${invalid.join(", ")} are not valid JSON and were skipped`] : undefined;
  return { exit: 0, lines, data: { workspace: session.ws.slug, events: picked, skipped_lines: invalid }, ...(errors ? { errors } : {}) };
}

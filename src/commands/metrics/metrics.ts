// `metrics record <slug> --phase P --event E [--role R] [--bytes N] [--note S]` appends one
// event to the workspace's metrics.jsonl (observability the pack's skills keep: which phase
// loaded how many bytes for which role); `metrics summary [<slug>]` rolls it up. The record is
// one transaction (metrics.jsonl written whole through the journal: the bytes that were there
// plus the new line, and a `metric_recorded` event). Contract: the Go engine's
// engine/internal/lib/metrics.go (RunMetrics, metricsRecord, metricsSummary): its lines and
// the line format; a bad argument is exit 5 (Go: 2).

import { BadInputError, InternalError } from "../../errors.js";
import { appendMetricLine, METRICS_FILE, renderMetricLine, type MetricEvent } from "../../documents/metrics/metric-line.js";
import { parseMetricLine } from "../../documents/metrics/parse-metric-line.js";
import { renderMetricsSummary, summarizeMetrics } from "../../domain/metrics-summary.js";
import { openWorkspace } from "../../workspace/locate.js";
import { gateSession } from "../check/readiness.js";
import type { CommandArgs, CommandContext, Outcome } from "../types.js";

const text = (args: CommandArgs, name: string): string => {
  const v = args.options[name];
  return typeof v === "string" ? v : "";
};

/** RFC 3339 in UTC to the second, as Go's time.RFC3339 prints it. */
const rfc3339 = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, "Z");

export function metricsRecord(ctx: CommandContext, args: CommandArgs): Outcome {
  const bytesText = text(args, "bytes");
  if (bytesText !== "" && !/^[+-]?\d+$/.test(bytesText)) {
    throw new BadInputError(`metrics: ${ctx.flag("bytes")} expects a non-negative integer, got ${JSON.stringify(bytesText)}`, { hint: ctx.usage() });
  }
  const bytes = bytesText === "" ? 0 : Number(bytesText);
  if (!Number.isSafeInteger(bytes) || bytes < 0) throw new BadInputError(`metrics: ${ctx.flag("bytes")} expects a non-negative integer, got ${JSON.stringify(bytesText)}`, { hint: ctx.usage() });
  const event: MetricEvent = { ts: rfc3339(ctx.now), phase: text(args, "phase"), event: text(args, "event"), role: text(args, "role"), bytes, note: text(args, "note") };
  if (event.phase === "" || event.event === "") throw new BadInputError(`metrics: record requires ${ctx.flag("phase")} and ${ctx.flag("event")}`, { hint: ctx.usage() });
  const line = renderMetricLine(event);
  const session = ctx.session(openWorkspace(ctx.root(), args.positionals[0]));
  session.mutate(() => {
    // A last line without its newline (a torn append) keeps it to itself.
    const next = appendMetricLine(session.read(METRICS_FILE, false), line);
    const back = parseMetricLine(line.trim());
    if (!next.endsWith(line) || back === undefined || back.phase !== event.phase || back.event !== event.event || back.bytes !== BigInt(bytes)) {
      throw new InternalError(`${METRICS_FILE}: the new line did not read back`, { kind: "read-back" });
    }
    return { changes: { files: new Map([[METRICS_FILE, next]]), events: [{ event: "metric_recorded" as const, detail: { phase: event.phase, event: event.event } }] }, result: undefined };
  });
  return { exit: 0, lines: [`metrics: recorded ${event.phase}/${event.event}`], data: { workspace: session.ws.slug, recorded: JSON.parse(line) as Record<string, unknown> } };
}

export function metricsSummary(ctx: CommandContext, args: CommandArgs): Outcome {
  const session = gateSession(ctx, args);
  const slug = session.ws.slug;
  const s = summarizeMetrics(session.read(METRICS_FILE, false) ?? "");
  const big = (n: bigint) => (n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : n.toString());
  return {
    exit: 0,
    lines: renderMetricsSummary(slug, s),
    data: {
      workspace: slug,
      phases: Object.fromEntries([...s.phases].map(([p, a]) => [p, { events: a.events, bytes: big(a.bytes), by_event: Object.fromEntries(a.byKind) }])),
      roles: Object.fromEntries([...s.roles].map(([r, a]) => [r, { events: a.events, bytes: big(a.bytes) }])),
      events: s.events,
      bytes: big(s.bytes),
      unparsed: s.unparsed,
    },
  };
}

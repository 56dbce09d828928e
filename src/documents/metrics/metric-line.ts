// One line of metrics.jsonl, the per-workspace event ledger the Go engine's `metrics` reads,
// in its form (engine/internal/lib/metrics.go: metricEvent, json.Marshal): keys ts, phase,
// event, then role, bytes and note only when set; HTML characters escaped as Go does.

import { goString } from "../go-json.js";

export const METRICS_FILE = "metrics.jsonl";

export interface MetricEvent {
  ts: string;
  phase: string;
  event: string;
  role?: string;
  bytes?: number;
  note?: string;
}


/** The line (with its newline) the Go engine's recordMetric appends. */
export function renderMetricLine(m: MetricEvent): string {
  const fields = [`"ts":${goString(m.ts)}`, `"phase":${goString(m.phase)}`, `"event":${goString(m.event)}`];
  if (m.role !== undefined && m.role !== "") fields.push(`"role":${goString(m.role)}`);
  if (m.bytes !== undefined && m.bytes !== 0) fields.push(`"bytes":${m.bytes}`);
  if (m.note !== undefined && m.note !== "") fields.push(`"note":${goString(m.note)}`);
  return `{${fields.join(",")}}\n`;
}

/** `text` (metrics.jsonl as it is, or undefined when absent) with `line` appended: every byte kept, a missing final newline supplied. */
export function appendMetricLine(text: string | undefined, line: string): string {
  if (text === undefined || text === "") return line;
  return text.endsWith("\n") ? text + line : `${text}\n${line}`;
}

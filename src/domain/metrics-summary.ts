// `metrics summary`: metrics.jsonl's events rolled up per phase (events, bytes, events by kind)
// and per role, with a total and the count of lines that are not events. Pure. Contract: the Go
// engine's engine/internal/lib/metrics.go (metricsSummary) and its tests in
// engine/internal/lib/context_next_test.go (TestMetricsRecordAndSummary, TestMetricsSummaryReportsRoles).

import { parseMetricLine } from "../documents/metrics/parse-metric-line.js";

interface PhaseAgg {
  events: number;
  bytes: bigint;
  byKind: Map<string, number>;
}

export interface MetricsSummary {
  phases: Map<string, PhaseAgg>;
  roles: Map<string, { events: number; bytes: bigint }>;
  events: number;
  bytes: bigint;
  /** Non-blank lines that are not an event with a phase and an event kind. */
  unparsed: number;
}

/** Go's sort.Strings: by bytes (UTF-8), which code point order is. */
const byCodePoint = (a: string, b: string) => {
  const x = [...a].map((c) => c.codePointAt(0) as number);
  const y = [...b].map((c) => c.codePointAt(0) as number);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return (x[i] as number) - (y[i] as number);
  return x.length - y.length;
};

export function summarizeMetrics(text: string): MetricsSummary {
  const s: MetricsSummary = { phases: new Map(), roles: new Map(), events: 0, bytes: 0n, unparsed: 0 };
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (line === "") continue;
    const ev = parseMetricLine(line);
    if (ev === undefined || ev.phase === "" || ev.event === "") {
      s.unparsed++;
      continue;
    }
    let agg = s.phases.get(ev.phase);
    if (!agg) s.phases.set(ev.phase, (agg = { events: 0, bytes: 0n, byKind: new Map() }));
    agg.events++;
    agg.bytes += ev.bytes;
    agg.byKind.set(ev.event, (agg.byKind.get(ev.event) ?? 0) + 1);
    if (ev.role !== "") {
      const r = s.roles.get(ev.role) ?? { events: 0, bytes: 0n };
      r.events++;
      r.bytes += ev.bytes;
      s.roles.set(ev.role, r);
    }
    s.events++;
    s.bytes += ev.bytes;
  }
  return s;
}

/** Go's `%-Ns`: padded to N characters (runes), never cut. */
const pad = (s: string, n: number) => s + " ".repeat(Math.max(0, n - [...s].length));

/** The Go engine's lines; the no-events line when there is nothing to summarise. */
export function renderMetricsSummary(slug: string, s: MetricsSummary): string[] {
  if (s.phases.size === 0 && s.unparsed === 0) return [`metrics: no events recorded for ${slug}`];
  const lines = [`metrics summary: ${slug}`];
  for (const phase of [...s.phases.keys()].sort(byCodePoint)) {
    const agg = s.phases.get(phase) as PhaseAgg;
    const kinds = [...agg.byKind].map(([k, n]) => `${k}=${n}`).sort(byCodePoint);
    lines.push(`  ${pad(phase, 10)} events=${agg.events} bytes=${agg.bytes} (${kinds.join(" ")})`);
  }
  if (s.roles.size > 0) {
    lines.push("  roles:");
    for (const role of [...s.roles.keys()].sort(byCodePoint)) {
      const r = s.roles.get(role) as { events: number; bytes: bigint };
      lines.push(`    ${pad(role, 24)} events=${r.events} bytes=${r.bytes}`);
    }
  }
  lines.push(`  total      events=${s.events} bytes=${s.bytes}${s.unparsed > 0 ? ` unparsed=${s.unparsed}` : ""}`);
  return lines;
}

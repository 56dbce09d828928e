// One metrics.jsonl line read back (metric-line.ts writes them): as the Go engine's
// json.Unmarshal into its metricEvent reads it — keys matched without case, the last one
// winning, a field of the wrong type failing the line. Pure. Contract: the Go engine's
// engine/internal/lib/metrics.go (metricEvent, metricsSummary).

export interface ReadMetric {
  ts: string;
  phase: string;
  event: string;
  role: string;
  /** 0 when not set. */
  bytes: bigint;
  note: string;
}

const STRING_FIELDS = ["ts", "phase", "event", "role", "note"] as const;

/**
 * The line's event, or undefined when json.Unmarshal would fail it (not JSON, not an object or
 * null, a string field that is not a string, `bytes` that is not an integer). `null` leaves a
 * field as it was. Unlike Go, `bytes` must be a safe integer (Go reads any int64) and `1.0`
 * reads as 1 (Go refuses it): JSON.parse keeps no number's text on every supported Node line.
 */
export function parseMetricLine(line: string): ReadMetric | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch {
    return undefined;
  }
  const e: ReadMetric = { ts: "", phase: "", event: "", role: "", bytes: 0n, note: "" };
  if (raw === null) return e;
  if (typeof raw !== "object" || Array.isArray(raw)) return undefined;
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    const k = key.toLowerCase();
    if (value === null) continue;
    if ((STRING_FIELDS as readonly string[]).includes(k)) {
      if (typeof value !== "string") return undefined;
      e[k as (typeof STRING_FIELDS)[number]] = value;
    } else if (k === "bytes") {
      if (typeof value !== "number" || !Number.isSafeInteger(value)) return undefined;
      e.bytes = BigInt(value);
    }
  }
  return e;
}

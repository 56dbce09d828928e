// metrics.jsonl: a workspace's append-only ledger of workflow events, one JSON object a line
// (`ts`, `phase`, `event`, and `role`, `bytes`, `note` when set). Writing a line the way the Go
// engine's encoding/json does (its key order, `<`, `>`, `&`, U+2028 and U+2029 escaped), so
// either engine's lines read alike; reading one as json.Unmarshal does (keys matched without
// case, the last one winning; a field of the wrong type fails the line). Pure. Contract: the Go
// engine's engine/internal/lib/metrics.go (MetricsFile, metricEvent).

export const METRICS_FILE = "metrics.jsonl";

export interface MetricEvent {
  ts: string;
  phase: string;
  event: string;
  role: string;
  /** A non-negative integer (0: not set). */
  bytes: bigint;
  note: string;
}

/** JSON.stringify of a string, then Go's HTML-safe escapes. */
function goString(s: string): string {
  return JSON.stringify(s).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** The line (without its newline) Go's json.Marshal writes: empty role/note and zero bytes left out. */
export function metricLine(e: MetricEvent): string {
  let out = `{"ts":${goString(e.ts)},"phase":${goString(e.phase)},"event":${goString(e.event)}`;
  if (e.role !== "") out += `,"role":${goString(e.role)}`;
  if (e.bytes !== 0n) out += `,"bytes":${e.bytes.toString()}`;
  if (e.note !== "") out += `,"note":${goString(e.note)}`;
  return out + "}";
}

const STRING_FIELDS = ["ts", "phase", "event", "role", "note"] as const;

/**
 * One line as json.Unmarshal into the Go struct reads it: undefined when it does not (not JSON,
 * not an object or null, a string field that is not a string, `bytes` that is not an integer).
 * `null` leaves a field as it was. Unlike Go, `bytes` must be a safe integer (Go reads any
 * int64) and `1.0` reads as 1 (Go refuses it): JSON.parse keeps no number's text on every
 * supported Node line.
 */
export function parseMetricLine(line: string): MetricEvent | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch {
    return undefined;
  }
  const e: MetricEvent = { ts: "", phase: "", event: "", role: "", bytes: 0n, note: "" };
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

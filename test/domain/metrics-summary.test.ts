// metrics.jsonl's lines read back (documents/metrics/parse-metric-line.ts; written by
// documents/metrics/metric-line.ts) and their summary
// (domain/metrics-summary.ts), against the Go engine's engine/internal/lib/metrics.go
// (metricEvent as encoding/json writes and reads it; metricsSummary's lines).

import { describe, expect, it } from "vitest";
import { renderMetricLine } from "../../src/documents/metrics/metric-line.js";
import { parseMetricLine, type ReadMetric } from "../../src/documents/metrics/parse-metric-line.js";
import { renderMetricsSummary, summarizeMetrics } from "../../src/domain/metrics-summary.js";

const ev = (over: Partial<ReadMetric>): ReadMetric => ({ ts: "2026-07-20T10:00:00Z", phase: "build", event: "context", role: "", bytes: 0n, note: "", ...over });
/** The line metric-line.ts writes for `e`, without its newline. */
const metricLine = (e: ReadMetric) => renderMetricLine({ ...e, bytes: Number(e.bytes) }).trimEnd();

describe("a written line reads back as written (Go's json.Marshal, then json.Unmarshal)", () => {
  it.each<[string, Partial<ReadMetric>, string]>([
    ["required fields only; zero bytes and empty role/note left out", {}, '{"ts":"2026-07-20T10:00:00Z","phase":"build","event":"context"}'],
    ["every field, in the struct's order", { role: "wright", bytes: 1234n, note: "n" }, '{"ts":"2026-07-20T10:00:00Z","phase":"build","event":"context","role":"wright","bytes":1234,"note":"n"}'],
    ["HTML-safe escapes and U+2028", { note: "<a & b>\u2028\"q\"" }, '{"ts":"2026-07-20T10:00:00Z","phase":"build","event":"context","note":"\\u003ca \\u0026 b\\u003e\\u2028\\"q\\""}'],
  ])("%s", (_name, over, line) => {
    expect(metricLine(ev(over))).toBe(line);
    expect(parseMetricLine(line)).toEqual(ev(over));
  });
});

describe("parseMetricLine: json.Unmarshal's reading", () => {
  it.each<[string, string, Partial<ReadMetric> | undefined]>([
    ["keys without case, the last one winning", '{"Phase":"a","phase":"b","EVENT":"e"}', { ts: "", phase: "b", event: "e" }],
    ["unknown keys ignored, null leaves a field", '{"phase":"p","event":"e","x":[1],"role":null}', { ts: "", phase: "p", event: "e" }],
    ["a string field of another type fails the line", '{"phase":1,"event":"e"}', undefined],
    ["fractional bytes fail the line", '{"phase":"p","event":"e","bytes":1.5}', undefined],
    ["not an object", "[1]", undefined],
    ["not JSON", "{torn", undefined],
  ])("%s", (_name, line, want) => {
    expect(parseMetricLine(line)).toEqual(want === undefined ? undefined : { ts: "", phase: "", event: "", role: "", bytes: 0n, note: "", ...want });
  });
});

describe("the summary (Go: metricsSummary)", () => {
  it("TestMetricsSummaryReportsRoles: phases sorted, kinds sorted, roles rolled up, padded as %-10s / %-24s", () => {
    const text = [
      metricLine(ev({ role: "slice-wright", bytes: 100n })),
      metricLine(ev({ role: "slice-wright", bytes: 50n })),
      metricLine(ev({ phase: "review", role: "code-reviewer", bytes: 200n })),
      metricLine(ev({ event: "dispatch" })),
    ].join("\n") + "\n";
    expect(renderMetricsSummary("feat", summarizeMetrics(text))).toEqual([
      "metrics summary: feat",
      "  build      events=3 bytes=150 (context=2 dispatch=1)",
      "  review     events=1 bytes=200 (context=1)",
      "  roles:",
      "    code-reviewer            events=1 bytes=200",
      "    slice-wright             events=2 bytes=150",
      "  total      events=4 bytes=350",
    ]);
  });

  it("lines that are not events are counted as unparsed; blank lines and CRLF are not", () => {
    const text = `{torn\r\n\r\n{"phase":"p"}\r\n${metricLine(ev({ phase: "a-very-long-phase-name" }))}\r\n`;
    expect(renderMetricsSummary("feat", summarizeMetrics(text))).toEqual([
      "metrics summary: feat",
      "  a-very-long-phase-name events=1 bytes=0 (context=1)",
      "  total      events=1 bytes=0 unparsed=2",
    ]);
  });

  it("nothing to summarise: the no-events line; only bad lines: a header and the total", () => {
    expect(renderMetricsSummary("feat", summarizeMetrics("\n\n"))).toEqual(["metrics: no events recorded for feat"]);
    expect(renderMetricsSummary("feat", summarizeMetrics("x\n"))).toEqual(["metrics summary: feat", "  total      events=0 bytes=0 unparsed=1"]);
  });
});

// dispatch.json and metrics.jsonl lines in the Go engine's form: saveDispatch's
// json.MarshalIndent (engine/internal/lib/dispatch.go) and recordMetric's json.Marshal of
// metricEvent (engine/internal/lib/metrics.go); loadDispatch's fail-closed reading.

import { describe, expect, it } from "vitest";
import { isKind } from "../../src/errors.js";
import { parseDispatchFile, renderDispatchFile } from "../../src/documents/dispatch/dispatch-file.js";
import { appendMetricLine, renderMetricLine } from "../../src/documents/metrics/metric-line.js";

/** What Go's json.MarshalIndent(f, "", "  ") writes for two waves (keys sorted, omitempty fields left out). */
const GO_FORM = `{
  "waves": {
    "w0": {
      "phase": "build",
      "state": "abandoned",
      "roles": {}
    },
    "w1": {
      "phase": "review",
      "state": "sealed",
      "roles": {
        "a": {
          "handle": "h1",
          "started": "2026-07-20T10:00:00Z"
        },
        "b": {}
      }
    }
  }
}`;
/** The same ledger as another writer may leave it: other key order, compact, explicit empty fields. */
const SHUFFLED = '{"waves":{"w1":{"roles":{"b":{"handle":"","returned":false},"a":{"started":"2026-07-20T10:00:00Z","handle":"h1"}},"state":"sealed","phase":"review"},"w0":{"phase":"build","state":"abandoned","roles":{}}}}\n';

describe("dispatch.json", () => {
  it("renders the Go engine's form: two-space indent, keys in byte order, empty fields left out, no final newline", () => {
    expect(renderDispatchFile(parseDispatchFile(SHUFFLED))).toBe(GO_FORM);
    expect(renderDispatchFile(parseDispatchFile(GO_FORM))).toBe(GO_FORM);
  });

  it("an empty ledger is {\"waves\": {}} and no file reads as one", () => {
    expect(renderDispatchFile(parseDispatchFile(undefined))).toBe('{\n  "waves": {}\n}');
    expect(parseDispatchFile('{"waves": null}').waves.size).toBe(0);
  });

  it("escapes <, > and & as Go's encoder does, and orders keys by bytes, not UTF-16 units", () => {
    const out = renderDispatchFile({ waves: new Map([["\u{1F600}", { phase: "<b>&", state: "open", roles: new Map() }], ["\uFF5E", { phase: "p", state: "open", roles: new Map() }]]) });
    expect(out).toContain('"phase": "\\u003cb\\u003e\\u0026"');
    expect(out.indexOf("\uFF5E")).toBeLessThan(out.indexOf("\u{1F600}"));
  });

  it.each([
    ["not JSON", "{", "dispatch.json is not valid JSON"],
    ["an array", "[]", "dispatch.json is not valid JSON: it is not an object"],
    ["waves of the wrong type", '{"waves": 3}', "waves is not an object"],
    ["a wave without a state", '{"waves": {"w": {"phase": "p", "roles": {}}}}', 'wave "w" is malformed (missing state or roles)'],
    ["a wave without roles", '{"waves": {"w": {"phase": "p", "state": "open"}}}', 'wave "w" is malformed (missing state or roles)'],
    ["a state of the wrong type", '{"waves": {"w": {"state": 1, "roles": {}}}}', "not a string"],
    ["a role that is not an object", '{"waves": {"w": {"state": "open", "roles": {"a": null}}}}', 'role "a" is not an object'],
    ["returned that is not a boolean", '{"waves": {"w": {"state": "open", "roles": {"a": {"returned": "yes"}}}}}', "returned is not true or false"],
  ])("%s is refused (exit 3), as loadDispatch fails closed", (_name, text, message) => {
    let err: unknown;
    try {
      parseDispatchFile(text);
    } catch (e) {
      err = e;
    }
    expect(isKind(err, "refused")).toBe(true);
    expect((err as Error).message).toContain(message);
  });
});

describe("metrics.jsonl line", () => {
  it.each([
    [{ ts: "2026-07-20T10:00:00Z", phase: "review", event: "dispatch", role: "a" }, '{"ts":"2026-07-20T10:00:00Z","phase":"review","event":"dispatch","role":"a"}\n'],
    [{ ts: "t", phase: "build", event: "context", role: "", bytes: 1234, note: "x<y" }, '{"ts":"t","phase":"build","event":"context","bytes":1234,"note":"x\\u003cy"}\n'],
  ])("%j is the Go engine's compact line, in metricEvent's key order", (m, line) => {
    expect(renderMetricLine(m)).toBe(line);
  });

  it("appending keeps every byte of the file and supplies a missing final newline", () => {
    expect(appendMetricLine(undefined, "L\n")).toBe("L\n");
    expect(appendMetricLine("a\n", "L\n")).toBe("a\nL\n");
    expect(appendMetricLine("garbage", "L\n")).toBe("garbage\nL\n");
  });
});

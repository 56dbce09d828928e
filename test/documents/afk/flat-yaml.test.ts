// The flat sentinel reader must read exactly what the yaml adapter reads, or decline: a
// differential test over hand-picked and generated sentinels proves it (seeded, reproducible).

import { describe, expect, it } from "vitest";
import { parseFlatYaml } from "../../../src/documents/afk/flat-yaml.js";
import { parseYamlTop } from "../../../src/adapters/yaml.js";

const KEYS = ["max_slices", "max_agents", "max_minutes", "max_review_queue", "max_tokens", "max_cost_usd", "notify", "allow_gates", "continue_sequence", "max_workspaces", "expires_at", "mystery_key", "notify_env", "<<"];
const VALUES = [
  "10", "0", "-1", "+5", "2.5", "0x10", "0o17", "1e3", ".5", "ten", "true", "False", "TRUE", "null", "~", "Null",
  '"10"', "'10'", '""', "''", "[advisory, validating]", "[]", "[advisory]", "[ blocking ,escalating ]", "[10, x]",
  "notify-send devrites hello", "a:b", "a: b", "x # trailing comment", "#only a comment", "[a, b] # c", '"quoted" # c',
  "*alias", "&anchor 1", "!!str 10", "|", ">", "{a: 1}", "- item", "a,b", "2026-07-20T10:00:00Z", ".inf", "-.INF", ".nan",
  "@at", "`tick`", "%pct", "? q", "value with  two spaces", "ends with colon:", "'it''s'", '"esc\\"q"',
  "[SLACK_WEBHOOK_URL, GITHUB_TOKEN]", "[_A, 9X, a-b, a.b]", "*base",
  // Around the plain-scalar shortcuts (digits only; a first letter none of the core forms has):
  "007", "9", "12a", "nan", "NaN", "inf", "Infinity", "nullx", "Truely", "FALSEy", "Off", "0b1", "Ünïcode", "[007, Null, nan, 5x]",
];

/** What both readers agree matters: kind, pairs with positions, values, quoting. */
function comparable(top: ReturnType<typeof parseYamlTop>) {
  return { kind: top.kind, pairs: top.pairs.map((p) => ({ ...p, value: { ...p.value, value: Number.isNaN(p.value.value) ? "NaN" : p.value.value } })) };
}

function rng(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

describe("parseFlatYaml", () => {
  it.each(VALUES.map((v) => [v]))("reads `key: %s` exactly as the yaml adapter does, or declines", (v) => {
    const text = `max_slices: ${v}\n`;
    const flat = parseFlatYaml(text);
    if (flat) expect(comparable(flat)).toEqual(comparable(parseYamlTop(text)));
  });

  it("accepts the sentinel people write (the bundled AFK.example shape) without the yaml package", () => {
    const text = "# unattended run\nmax_slices: 10          # per workspace\nmax_agents: 32\nallow_gates: [advisory, validating]\ncontinue_sequence: true\nnotify: \"notify-send devrites hi\"\n\n";
    const flat = parseFlatYaml(text);
    expect(flat).toBeDefined();
    expect(comparable(flat!)).toEqual(comparable(parseYamlTop(text)));
  });

  it("declines what it does not vouch for: CRLF, tabs, indentation, block lists, documents markers", () => {
    for (const text of ["max_slices: 1\r\n", "max_slices:\t1\n", "  max_slices: 1\n", "allow_gates:\n  - advisory\n", "---\nmax_slices: 1\n", "max_slices:\n"]) {
      expect(parseFlatYaml(text), JSON.stringify(text)).toBeUndefined();
    }
  });

  it("agrees with the yaml adapter on 3,000 generated sentinels (seeded)", () => {
    const seed = Number(process.env.DEVRITES_PROPERTY_SEED ?? 20261130);
    const next = rng(seed);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!;
    let read = 0;
    for (let n = 0; n < 3000; n++) {
      const lines: string[] = [];
      const count = 1 + Math.floor(next() * 6);
      for (let i = 0; i < count; i++) {
        const r = next();
        if (r < 0.1) lines.push("# a comment");
        else if (r < 0.15) lines.push("");
        else lines.push(`${pick(KEYS)}:${pick([" ", "  ", " "])}${pick(VALUES)}${pick(["", " ", "   # why"])}`);
      }
      const text = lines.join("\n") + (next() < 0.8 ? "\n" : "");
      const flat = parseFlatYaml(text);
      if (!flat) continue;
      read++;
      expect(comparable(flat), `seed ${seed}, case ${n}: ${JSON.stringify(text)}`).toEqual(comparable(parseYamlTop(text)));
    }
    expect(read).toBeGreaterThan(300);
  });
});

// The `.devrites/AFK` sentinel: validation of its YAML body on the source text of every
// scalar (formats.md). Fails closed: any malformed budget key is an error, never a default.

import type { YamlTop, YamlValue } from "../../vendor/yaml.js";

export const COUNT_KEYS = [
  "max_slices", "max_agents", "max_minutes", "max_review_queue", "max_tokens", "max_workspaces", "max_parallel",
] as const;
export type CountKey = (typeof COUNT_KEYS)[number];

const KNOWN_GATES = ["advisory", "validating", "blocking", "escalating"];
/** Gates that may never be auto-picked, whatever allow_gates says. */
const NEVER_AUTO = ["blocking", "escalating"];
const KNOWN_KEYS = new Set<string>([...COUNT_KEYS, "max_cost_usd", "notify", "allow_gates", "continue_sequence"]);

export interface SentinelProblem {
  severity: "error" | "warning";
  line: number;
  col: number;
  key: string | undefined;
  rule: string;
  message: string;
}

export interface Sentinel {
  counts: Partial<Record<CountKey, number>>;
  maxCostUsd: number | undefined;
  /** The source text of max_cost_usd, for messages. */
  maxCostSource: string | undefined;
  notify: string | undefined;
  /** Gates that may be auto-picked (blocking/escalating already removed). */
  allowGates: string[];
  continueSequence: boolean | undefined;
  problems: SentinelProblem[];
}

export const PLAIN_INTEGER = /^[0-9]+$/;
const PLAIN_DECIMAL = /^[0-9]+(\.[0-9]+)?$/;

/** Validate a parsed sentinel body. `file` names the sentinel in messages. */
export function validateSentinel(top: YamlTop, file: string): Sentinel {
  const s: Sentinel = { counts: {}, maxCostUsd: undefined, maxCostSource: undefined, notify: undefined, allowGates: [], continueSequence: undefined, problems: [] };
  const problem = (severity: SentinelProblem["severity"], v: { line: number; col: number }, key: string | undefined, rule: string, message: string) =>
    s.problems.push({ severity, line: v.line, col: v.col, key, rule, message: `${file}:${v.line}:${v.col}: ${message}` });

  for (const e of top.errors) {
    const dup = /unique/i.test(e.message);
    problem("error", e.pos, undefined, dup ? "afk-duplicate-key" : "afk-yaml", dup ? `duplicate key in the AFK sentinel (${e.message})` : `the AFK sentinel is not valid YAML: ${e.message}`);
  }
  if (top.kind === "other") problem("error", { line: 1, col: 1 }, undefined, "afk-yaml", "the AFK sentinel body must be a YAML mapping of keys to values");

  for (const { key, keyPos, value } of top.pairs) {
    const v: YamlValue = value;
    const shown = v.source === "" ? "empty" : JSON.stringify(v.source);
    if ((COUNT_KEYS as readonly string[]).includes(key)) {
      if (v.kind !== "scalar" || v.quoted || !PLAIN_INTEGER.test(v.source)) {
        problem("error", v.kind === "null" ? keyPos : v.pos, key, "afk-count", `${key} must be a plain nonnegative integer like 10 (got ${shown})`);
      } else s.counts[key as CountKey] = Number(v.source);
    } else if (key === "max_cost_usd") {
      if (v.kind !== "scalar" || v.quoted || !PLAIN_DECIMAL.test(v.source)) {
        problem("error", v.kind === "null" ? keyPos : v.pos, key, "afk-cost", `max_cost_usd must be a plain decimal like 10 or 2.50 (got ${shown})`);
      } else {
        s.maxCostUsd = Number(v.source);
        s.maxCostSource = v.source;
      }
    } else if (key === "allow_gates") {
      if (v.kind !== "seq") {
        problem("error", v.kind === "null" ? keyPos : v.pos, key, "afk-allow-gates", `allow_gates must be a list of gates like [advisory, validating] (got ${shown})`);
        continue;
      }
      for (const item of v.items) {
        const gate = typeof item.value === "string" ? item.value : undefined;
        if (item.kind !== "scalar" || gate === undefined || !KNOWN_GATES.includes(gate)) {
          problem("error", item.pos, key, "afk-allow-gates", `allow_gates lists an unknown gate ${JSON.stringify(item.source)} (known: ${KNOWN_GATES.join(", ")})`);
        } else if (NEVER_AUTO.includes(gate)) {
          problem("warning", item.pos, key, "afk-gate-ignored", `allow_gates: ${gate} is ignored; ${gate} questions always pause`);
        } else if (!s.allowGates.includes(gate)) s.allowGates.push(gate);
      }
    } else if (key === "continue_sequence") {
      if (v.kind !== "scalar" || v.quoted || typeof v.value !== "boolean") {
        problem("error", v.kind === "null" ? keyPos : v.pos, key, "afk-boolean", `continue_sequence must be true or false (got ${shown})`);
      } else s.continueSequence = v.value;
    } else if (key === "notify") {
      if (v.kind !== "scalar" || typeof v.value !== "string" || v.value.trim() === "") {
        problem("error", v.kind === "null" ? keyPos : v.pos, key, "afk-notify", `notify must be a shell command string (got ${shown})`);
      } else s.notify = v.value;
    } else if (key === "expires_at") {
      problem("warning", keyPos, key, "afk-legacy-key", "expires_at is a legacy key and is ignored; remove the sentinel to end unattended mode");
    } else if (!KNOWN_KEYS.has(key)) {
      problem("warning", keyPos, key, "afk-unknown-key", `unknown key ${JSON.stringify(key)} is ignored`);
    }
  }
  return s;
}

/** The first error, for commands that must fail closed on a malformed sentinel. */
export function firstError(s: Sentinel): SentinelProblem | undefined {
  return s.problems.find((p) => p.severity === "error");
}

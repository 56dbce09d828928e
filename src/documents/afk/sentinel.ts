// The `.devrites/AFK` sentinel: validation of its YAML body on the source text of every
// scalar (formats.md). Fails closed: any malformed budget key is an error, never a default.

import { GATES, NEVER_AUTO, isGate } from "../gates.js";
import type { YamlPos, YamlTop, YamlValue } from "./yaml-model.js";

const COUNT_KEYS = [
  "max_slices", "max_agents", "max_minutes", "max_review_queue", "max_tokens", "max_workspaces", "max_parallel",
] as const;
export type CountKey = (typeof COUNT_KEYS)[number];

/** An environment variable name the notify hook may receive (`notify_env`). */
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** A GitHub login (`answerers`): letters, digits and single inner hyphens, at most 39 characters. */
const LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/;

export interface SentinelProblem {
  severity: "error" | "warning";
  line: number;
  col: number;
  key: string | undefined;
  rule: string;
  /** `<file>:<line>:<col>: <what is wrong>`. */
  message: string;
  /** What is wrong, without the location (for reports that print file, line and column themselves). */
  detail: string;
}

export interface Sentinel {
  counts: Partial<Record<CountKey, number>>;
  maxCostUsd: number | undefined;
  /** The source text of max_cost_usd, for messages. */
  maxCostSource: string | undefined;
  notify: string | undefined;
  /** Names of the caller's environment variables the notify hook also receives. */
  notifyEnv: string[];
  /** Gates that may be auto-picked (blocking/escalating already removed). */
  allowGates: string[];
  continueSequence: boolean | undefined;
  /** Ticket logins whose comments may answer (`state resolve --from-comments`); undefined: not set. */
  answerers: string[] | undefined;
  /** Errors and warnings in source order (line, then column). */
  problems: SentinelProblem[];
}

export const PLAIN_INTEGER = /^[0-9]+$/;
export const PLAIN_DECIMAL = /^[0-9]+(\.[0-9]+)?$/;

/** How a value was written, for messages: `"-1"`, `empty`, `!!str "10"`. */
function shownSource(v: YamlValue): string {
  if (v.kind === "null") return "empty";
  const text = JSON.stringify(v.source);
  return v.tag !== undefined ? `${text} tagged ${v.tag}` : text;
}

/** True when `v` is a bare scalar whose source text matches `re` (no quotes, no tag, one line). */
function isPlain(v: YamlValue, re: RegExp): boolean {
  return v.kind === "scalar" && !v.quoted && v.tag === undefined && re.test(v.source);
}

/** Reports a problem at a position, for the key being validated. */
type Report = (severity: SentinelProblem["severity"], at: YamlPos, rule: string, message: string) => void;

/** One key of the body, as its validator sees it. */
interface KeyCheck {
  /** Where a valid value is recorded. */
  s: Sentinel;
  key: string;
  v: YamlValue;
  /** Where a problem with the value points: the value, or the key when the value is empty. */
  at: YamlPos;
  keyPos: YamlPos;
  report: Report;
}

/** Checks one key's value and records it in `s`. */
type Validate = (c: KeyCheck) => void;

const validateCount: Validate = ({ s, key, v, at, report }) => {
  const n = Number(v.source);
  if (!isPlain(v, PLAIN_INTEGER)) {
    report("error", at, "afk-count", `${key} must be a plain nonnegative integer like 10 (got ${shownSource(v)})`);
  } else if (!Number.isSafeInteger(n)) {
    report("error", at, "afk-count", `${key} is too large (got ${shownSource(v)})`);
  } else s.counts[key as CountKey] = n;
};

/** The validator of every key the sentinel knows; any other key is warned about and ignored. */
const VALIDATORS = new Map<string, Validate>([
  ...COUNT_KEYS.map((k) => [k, validateCount] as const),
  ["max_cost_usd", ({ s, v, at, report }) => {
    if (!isPlain(v, PLAIN_DECIMAL) || !Number.isFinite(Number(v.source))) {
      report("error", at, "afk-cost", `max_cost_usd must be a plain decimal like 10 or 2.50 (got ${shownSource(v)})`);
    } else {
      s.maxCostUsd = Number(v.source);
      s.maxCostSource = v.source;
    }
  }],
  ["allow_gates", ({ s, v, at, report }) => {
    if (v.kind !== "seq" || v.tag !== undefined) {
      report("error", at, "afk-allow-gates", `allow_gates must be a list of gates like [advisory, validating] (got ${shownSource(v)})`);
      return;
    }
    for (const item of v.items) {
      const gate = item.kind === "scalar" && item.tag === undefined && typeof item.value === "string" ? item.value : undefined;
      if (gate === undefined || !isGate(gate)) {
        report("error", item.pos, "afk-allow-gates", `allow_gates lists an unknown gate ${shownSource(item)} (known: ${GATES.join(", ")})`);
      } else if (NEVER_AUTO.includes(gate)) {
        report("warning", item.pos, "afk-gate-ignored", `allow_gates: ${gate} is ignored; ${gate} questions always pause`);
      } else if (!s.allowGates.includes(gate)) s.allowGates.push(gate);
    }
  }],
  ["continue_sequence", ({ s, v, at, report }) => {
    if (v.kind !== "scalar" || v.quoted || v.tag !== undefined || typeof v.value !== "boolean") {
      report("error", at, "afk-boolean", `continue_sequence must be true or false (got ${shownSource(v)})`);
    } else s.continueSequence = v.value;
  }],
  ["notify", ({ s, v, at, report }) => {
    if (v.kind !== "scalar" || typeof v.value !== "string" || v.value.trim() === "") {
      report("error", at, "afk-notify", `notify must be a shell command string (got ${shownSource(v)})`);
    } else s.notify = v.value;
  }],
  ["notify_env", ({ s, v, at, report }) => {
    if (v.kind !== "seq" || v.tag !== undefined) {
      report("error", at, "afk-notify-env", `notify_env must be a list of environment variable names like [SLACK_WEBHOOK_URL] (got ${shownSource(v)})`);
      return;
    }
    for (const item of v.items) {
      const name = item.kind === "scalar" && item.tag === undefined && typeof item.value === "string" ? item.value : undefined;
      if (name === undefined || !ENV_NAME.test(name)) {
        report("error", item.pos, "afk-notify-env", `notify_env lists ${shownSource(item)}, which is not an environment variable name (letters, digits, _; not starting with a digit)`);
      } else if (!s.notifyEnv.includes(name)) s.notifyEnv.push(name);
    }
  }],
  ["answerers", ({ s, v, at, report }) => {
    if (v.kind !== "seq" || v.tag !== undefined) {
      report("error", at, "afk-answerers", `answerers must be a list of GitHub logins like [octocat] (got ${shownSource(v)})`);
      return;
    }
    s.answerers = [];
    for (const item of v.items) {
      const login = item.kind === "scalar" && item.tag === undefined && typeof item.value === "string" ? item.value : undefined;
      if (login === undefined || !LOGIN.test(login)) {
        report("error", item.pos, "afk-answerers", `answerers lists ${shownSource(item)}, which is not a GitHub login`);
      } else if (!s.answerers.includes(login)) s.answerers.push(login);
    }
  }],
  ["expires_at", ({ keyPos, report }) => {
    report("warning", keyPos, "afk-legacy-key", "expires_at is a legacy key and is ignored; remove the sentinel to end unattended mode");
  }],
]);

/** Validate a parsed sentinel body. `file` names the sentinel in messages. */
export function validateSentinel(top: YamlTop, file: string): Sentinel {
  const s: Sentinel = { counts: {}, maxCostUsd: undefined, maxCostSource: undefined, notify: undefined, notifyEnv: [], allowGates: [], continueSequence: undefined, answerers: undefined, problems: [] };
  const problem = (severity: SentinelProblem["severity"], at: YamlPos, key: string | undefined, rule: string, message: string) =>
    s.problems.push({ severity, line: at.line, col: at.col, key, rule, message: `${file}:${at.line}:${at.col}: ${message}`, detail: message });

  for (const e of top.errors) {
    // Duplicate keys are reported below with their name and both lines.
    if (e.code === "DUPLICATE_KEY") continue;
    problem("error", e.pos, undefined, "afk-yaml", `the AFK sentinel is not valid YAML: ${e.message}`);
  }
  if (top.kind === "other") problem("error", { line: 1, col: 1 }, undefined, "afk-yaml", "the AFK sentinel body must be a YAML mapping of keys to values");

  const firstLine = new Map<string, number>();
  for (const { key, keyPos, value: v } of top.pairs) {
    const seen = firstLine.get(key);
    if (seen !== undefined) {
      problem("error", keyPos, key, "afk-duplicate-key", `duplicate key ${key} in the AFK sentinel (first at line ${seen})`);
      continue;
    }
    firstLine.set(key, keyPos.line);
    // A merge key (`<<: *base`) or an alias as a key (`*k: 5`) would make a key mean what
    // another part of the file says; read as an unknown key it would silently drop a budget.
    if (key === "<<") {
      problem("error", keyPos, key, "afk-merge-key", "YAML merge keys (<<) are not allowed in the AFK sentinel; write every key out");
      continue;
    }
    if (key.startsWith("*")) {
      problem("error", keyPos, key, "afk-alias-key", `an alias as a key (${key}) is not allowed in the AFK sentinel; write the key out`);
      continue;
    }
    const validate = VALIDATORS.get(key);
    if (validate === undefined) {
      problem("warning", keyPos, key, "afk-unknown-key", `unknown key ${JSON.stringify(key)} is ignored`);
      continue;
    }
    // An empty value points at its key: there is no value text to point at.
    const at = v.kind === "null" ? keyPos : v.pos;
    validate({ s, key, v, at, keyPos, report: (severity, where, rule, message) => problem(severity, where, key, rule, message) });
  }
  // Stable sort: the first problem in the file is the one a fail-closed command reports.
  s.problems.sort((a, b) => a.line - b.line || a.col - b.col);
  return s;
}

/** The first error, for commands that must fail closed on a malformed sentinel. */
export function firstError(s: Sentinel): SentinelProblem | undefined {
  return s.problems.find((p) => p.severity === "error");
}

/** The warnings (unknown keys, `expires_at`, ignored gates), in source order. */
export function sentinelWarnings(s: Sentinel): SentinelProblem[] {
  return s.problems.filter((p) => p.severity === "warning");
}

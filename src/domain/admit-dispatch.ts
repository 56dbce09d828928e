// The dispatch admission rule of `budget check` as one pure function: every stop and admit rule
// of commands.md, each stop with a stable reason code (and the `state pause` reason that
// records it), so the build loop can branch on codes instead of parsing messages.

import { BadInputError } from "../errors.js";
import type { Sentinel } from "../documents/afk/sentinel.js";
import type { ForReaders } from "../for-readers.js";
import { CAP_ADVICE, CAP_MESSAGE, type Remaining, type ReviewQueue } from "./budget.js";
import { pauseSummary } from "./pause-reasons.js";
import { cliOption, type NameOption } from "./option-names.js";
import { shellWord } from "../shell-word.js";

const STOP_CODES = ["paused", "slice_cap", "agents", "minutes", "tokens", "cost", "not_observed", "review_queue"] as const;
type StopCode = (typeof STOP_CODES)[number];

/** What the host observed in this activation (`--agents-used` …); undefined = not reported. */
export interface Usage {
  agents: number | undefined;
  minutes: number | undefined;
  tokens: number | undefined;
  costUsd: number | undefined;
}

/** Where the run stands, from state.md's cursor and awaiting section. */
export interface RunState {
  /** The cursor's `status`; undefined when state.md has none (read as running). */
  status: string | undefined;
  /** The question the `## Awaiting human` section names. */
  awaitedQid: string | undefined;
  /** The cursor's `pause_reason` (a blocked run). */
  pauseReason: string | undefined;
}

interface AdmissionInput {
  sentinel: Sentinel;
  run: RunState;
  remaining: Remaining;
  queue: ReviewQueue;
  usage: Usage;
  /** `--writer`: the activation envelope (agents, minutes, review queue) must be declared. */
  writer: boolean;
  /** How messages name budget check's options (default: the command line's `--writer`, …). */
  flag?: NameOption;
}

export interface StopReason {
  code: StopCode;
  /** The sentinel key whose cap stopped the run. */
  key: string;
  message: string;
  /** What lifts the stop, when the message does not say (the slice cap: a person's grant). */
  advice?: ForReaders;
  /** The `state pause --reason` code that records this stop (none for a run already paused). */
  pauseReason: "slice_cap" | "budget" | "token_budget" | "review_queue" | undefined;
  used?: number;
  cap?: number;
}

export interface Verdict {
  admit: boolean;
  /** Admitted only for work that reduces the review queue (the queue is exactly at its cap). */
  reconcileOnly: boolean;
  reasons: StopReason[];
}

/**
 * The stop for a run that is not `running` (commands.md, budget check): no dispatch while a
 * human is being waited on, nor for a blocked or finished run.
 */
function pausedReason(run: RunState): StopReason | undefined {
  const status = (run.status ?? "running").trim().toLowerCase();
  if (status === "running") return undefined;
  const stop = (message: string): StopReason => ({ code: "paused", key: "status", message, pauseReason: undefined });
  if (status === "awaiting_human") {
    const qid = run.awaitedQid ?? "a question";
    return stop(`the run is awaiting a human on ${qid}: no dispatch until it is answered (devrites-engine state resolve ${run.awaitedQid !== undefined ? shellWord(run.awaitedQid) : "<qid>"} "<answer>")`);
  }
  if (status === "blocked") {
    return stop(`the run is paused: ${pauseSummary(run.pauseReason ?? "", undefined, new Date(0))}; no dispatch until devrites-engine state resume`);
  }
  if (status === "done") return stop("the run is done: nothing left to dispatch");
  return stop(`the run's status is ${JSON.stringify(run.status)}, not running: no dispatch`);
}

/** Keys `--writer` requires: without them an unattended writer has no envelope. */
const WRITER_KEYS = ["max_agents", "max_minutes", "max_review_queue"] as const;

/**
 * Decide whether another slice may be dispatched.
 * @throws BadInputError (exit 5) when `writer` is set and the sentinel lacks an envelope key.
 */
export function admitDispatch(input: AdmissionInput): Verdict {
  const { sentinel, remaining, queue, usage } = input;
  const f = input.flag ?? cliOption;
  if (input.writer) {
    const missing = WRITER_KEYS.filter((k) => sentinel.counts[k] === undefined);
    if (missing.length > 0) {
      throw new BadInputError(`${f("writer")} needs ${missing.join(", ")} in the AFK sentinel`, {
        hint: `add ${missing.map((k) => `${k}: N`).join(", ")} to .devrites/AFK, or run budget check without ${f("writer")}`,
        data: { missing },
      });
    }
  }
  const reasons: StopReason[] = [];
  const paused = pausedReason(input.run);
  if (paused) reasons.push(paused);
  if (remaining.value === 0) {
    reasons.push({ code: "slice_cap", key: remaining.source === "counter" ? "afk_slices_remaining" : "max_slices", message: CAP_MESSAGE, advice: CAP_ADVICE, pauseReason: "slice_cap" });
  }
  const capped = (code: "agents" | "minutes", key: "max_agents" | "max_minutes", used: number | undefined, what: string) => {
    const cap = sentinel.counts[key];
    if (cap !== undefined && used !== undefined && used >= cap) {
      reasons.push({ code, key, message: `${what} used ${used} of ${key} ${cap}: no headroom left in this activation`, pauseReason: "budget", used, cap });
    }
  };
  capped("agents", "max_agents", usage.agents, "agents");
  capped("minutes", "max_minutes", usage.minutes, "minutes");

  const maxTokens = sentinel.counts.max_tokens;
  if (maxTokens !== undefined) {
    if (usage.tokens === undefined) {
      reasons.push({ code: "not_observed", key: "max_tokens", message: `max_tokens is declared but not observed: pass ${f("tokens-used", "N")}, or remove max_tokens from the sentinel where the host cannot count tokens`, pauseReason: "token_budget", cap: maxTokens });
    } else if (usage.tokens >= maxTokens) {
      reasons.push({ code: "tokens", key: "max_tokens", message: `tokens used ${usage.tokens} of max_tokens ${maxTokens}: no headroom left in this activation`, pauseReason: "token_budget", used: usage.tokens, cap: maxTokens });
    }
  }
  const maxCost = sentinel.maxCostUsd;
  if (maxCost !== undefined) {
    const shown = sentinel.maxCostSource ?? String(maxCost);
    if (usage.costUsd === undefined) {
      reasons.push({ code: "not_observed", key: "max_cost_usd", message: `max_cost_usd is declared but not observed: pass ${f("cost-used", "X")}, or remove max_cost_usd from the sentinel where the host cannot measure cost`, pauseReason: "budget", cap: maxCost });
    } else if (usage.costUsd >= maxCost) {
      reasons.push({ code: "cost", key: "max_cost_usd", message: `cost used ${usage.costUsd} USD of max_cost_usd ${shown}: no headroom left in this activation`, pauseReason: "budget", used: usage.costUsd, cap: maxCost });
    }
  }
  let reconcileOnly = false;
  if (queue.cap !== undefined) {
    const parts = `${queue.openValidating.length} open validating question(s) + ${queue.findings} finding(s)`;
    if (queue.total > queue.cap) {
      reasons.push({ code: "review_queue", key: "max_review_queue", message: `review queue ${queue.total} is above max_review_queue ${queue.cap} (${parts}): resolve questions or findings before dispatching`, pauseReason: "review_queue", used: queue.total, cap: queue.cap });
    } else if (queue.total === queue.cap && queue.total > 0) {
      // An empty queue at a cap of 0 has nothing to reconcile: it admits ordinary work.
      reconcileOnly = true;
    }
  }
  return { admit: reasons.length === 0, reconcileOnly: reasons.length === 0 && reconcileOnly, reasons };
}

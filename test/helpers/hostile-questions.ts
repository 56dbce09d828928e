// Generated questions.md files for the lint's differential tests: usual files, hostile blocks
// (fields in any order, repeated, missing, fenced, padded with unicode space, odd ids) and clean
// blocks with one thing changed, each of them sometimes mutated (CRLF, lone CR, BOM, fences…).

import { GATES } from "../../src/documents/gates.js";
import { QUESTION_STATUSES } from "../../src/documents/questions/parse-questions.js";
import { mutate, questionId, questionsFile, words, type Rng } from "./generate.js";

/** A value as people and tools write them: right, wrong, empty, padded, cased, unicode-bordered. */
function value(rng: Rng, good: readonly string[]): string {
  const base = rng.chance(0.85) ? rng.pick(good) : rng.pick(["", "x", "Open", "OPEN", "pending", "blocking ", "2026-07-19T10:00:00Z", "2026-02-30T10:00:00Z", "2026-07-19 10:00:00Z", "2026-07-19T10:00:00", words(rng, 1, 3)]);
  const pad = () => rng.pick(["", "", "", " ", "  ", "\t", " \t", "\u00a0", "\u3000", "\u200b", "\ufeff", "\u2028"]);
  return rng.chance(0.15) ? pad() + base + pad() : base;
}

const STAMPS = ["2026-07-19T10:00:00Z", "2024-02-29T23:59:59Z", "2025-02-29T10:00:00Z", "0099-01-01T00:00:00Z", "2026-07-19T24:00:00Z", "2026-13-01T00:00:00Z"];
const KEYS = ["status", "gate", "route", "raised_at", "answered_at", "answer", "slice", "question", "options", "proposed", "answered_by", "context", "x-y", "a", "Status", "gate_", "answers"];

/** One block with fields in any order, any of them repeated, missing, fenced or continued. */
function hostileBlock(rng: Rng, n: number): string {
  const id = rng.chance(0.6) ? questionId(n) : rng.pick([`q-${n}`, `Q-${n}`, `q-2026-1-${n}`, `q-2026-01-01-${n}x`, `q-2026-01-01-0${n % 10}`, `q-2026-01-01-${n}.5`, "q-", "q-é"]);
  const heading = `## ${id}${rng.chance(0.15) ? rng.pick([" blocking", " Advisory later", "\tescalating", " x"]) : ""}`;
  const lines = [heading];
  const fields: [string, string][] = [
    ["status", value(rng, QUESTION_STATUSES)],
    ["gate", value(rng, GATES)],
    ["route", value(rng, ["security", "", "é", "\u00a0", "\u3000 \u00a0"])],
    ["question", value(rng, [words(rng, 2, 6)])],
    ["raised_at", value(rng, STAMPS)],
    ["answered_at", value(rng, STAMPS)],
    ["answer", value(rng, ["", "", words(rng, 1, 3), "|", "é answer", "\u00a0", "\u3000 \u00a0"])],
  ];
  for (const [key, v] of fields) {
    if (rng.chance(0.06)) continue;
    const times = rng.chance(0.04) ? 2 : 1;
    for (let t = 0; t < times; t++) {
      const fence = rng.chance(0.03) ? rng.pick(["```", "~~~", "````"]) : "";
      if (fence) lines.push(fence);
      lines.push(`${key}:${rng.chance(0.8) ? " " : rng.pick(["", "  ", "\t"])}${t === 0 ? v : value(rng, [v])}`);
      if (rng.chance(0.08)) lines.push(rng.pick(["  continued", "\tcontinued", "   ", "  \u00a0", " 1. an option", ""]));
      if (fence && rng.chance(0.8)) lines.push(fence);
    }
  }
  if (rng.chance(0.3)) lines.splice(rng.int(1, lines.length), 0, `${rng.pick(KEYS)}: ${words(rng, 1, 3)}`);
  if (rng.chance(0.1)) lines.splice(rng.int(1, lines.length), 0, rng.pick(["### Notes", "# Top", "## Question register", "## q-2026-01-01-001"]));
  if (rng.chance(0.2)) rng.shuffle(lines.slice(1)).forEach((l, i) => (lines[i + 1] = l));
  return lines.join("\n") + "\n";
}

export const ODD = ["", " ", "\u00a0", "\u3000 \u00a0", "\u200b", "\ufeff", "x", "Open", "OPEN", "é", "|", "2026-07-19", "2026-02-30T10:00:00Z", "0099-01-01T00:00:00Z", "2026-07-19T10:00:00Z "];

/** A clean block of the engine's shape with one thing changed: each rule's edge, one at a time. */
function nearCleanBlock(rng: Rng, n: number): string {
  const status = rng.pick(QUESTION_STATUSES);
  const gate = rng.pick(GATES);
  const fields: [string, string][] = [["status", status], ["gate", gate]];
  if (gate === "escalating") fields.push(["route", "security"]);
  fields.push(["question", `${words(rng, 2, 5)}?`], ["raised_at", "2026-07-19T10:00:00Z"]);
  fields.push(["answered_at", status === "open" ? "" : "2026-07-19T11:00:00Z"], ["answer", status === "open" ? "" : words(rng, 1, 3)]);
  const lines = fields.map(([k, v]) => `${k}:${v === "" ? "" : " " + v}`);
  const i = rng.int(0, lines.length - 1);
  const key = fields[i]![0];
  switch (rng.int(0, 7)) {
    case 0: lines[i] = `${key}: ${rng.pick(ODD)}`; break;
    case 1: lines[i] = `${key}:${rng.pick(["\t", "  ", "\u00a0", " \u3000"])}${fields[i]![1]}${rng.pick(["", "\t", " ", "\u00a0"])}`; break;
    case 2: lines.splice(i, 1); break;
    case 3: lines.splice(rng.int(0, lines.length), 0, lines[i]!); break;
    case 4: lines.splice(i, 1, "```", lines[i]!, "```"); break;
    case 5: lines.splice(i + 1, 0, rng.pick(["  more", "\tmore", "  ", "  \u00a0", "```"])); break;
    case 6: lines.splice(rng.int(0, lines.length), 0, `${rng.pick(KEYS)}: ${rng.pick(ODD)}`); break;
    default: lines[i] = `${key.toUpperCase()}: ${fields[i]![1]}`;
  }
  return [`## ${rng.chance(0.9) ? questionId(n) : rng.pick([`q-${n}`, `q-2026-01-01-${n}x`])}${rng.chance(0.1) ? " blocking" : ""}`, ...lines].join("\n") + "\n";
}

function hostileFile(rng: Rng): string {
  const parts = [`# Questions: ${words(rng, 1, 2, 0)}\n`];
  const count = rng.int(0, 10);
  for (let i = 0; i < count; i++) parts.push(rng.chance(0.4) ? nearCleanBlock(rng, rng.int(1, 400)) : rng.chance(0.5) ? hostileBlock(rng, rng.int(1, 400)) : questionsFile(rng, { count: 1 }).text.replace(/^# Questions: feat\n/, ""));
  return parts.join("\n");
}

/** A generated file: usual, hostile, or either of them mutated (CRLF, lone CR, BOM, fences, control characters, truncation…). */
export function generated(rng: Rng): { text: string; why: string } {
  const kind = rng.int(0, 3);
  const base = kind === 0 ? questionsFile(rng, { count: rng.int(1, 8), noise: rng.pick([0, 0.5]) }).text : hostileFile(rng);
  if (kind === 3 || rng.chance(0.3)) {
    const m = mutate(rng, base, 4, 1);
    return { text: m.text, why: m.applied.join(", ") };
  }
  return { text: base, why: kind === 0 ? "valid" : "hostile" };
}


/** The field lines of a clean block of this status and gate, each with its value. */
export function cleanBlock(status: string, gate: string): { fields: [string, string][]; clean: string[] } {
  const fields: [string, string][] = [["status", status], ["gate", gate]];
  if (gate === "escalating") fields.push(["route", "security"]);
  fields.push(["question", "why?"], ["raised_at", "2026-07-19T10:00:00Z"], ["answered_at", status === "open" ? "" : "2026-07-19T11:00:00Z"], ["answer", status === "open" ? "" : "yes"]);
  return { fields, clean: fields.map(([k, v]) => `${k}:${v === "" ? "" : " " + v}`) };
}

/**
 * The clean block with one field changed at a time: set to each odd value, padded, left out,
 * repeated, fenced, or followed by each of `continuations`.
 */
export function oneFieldChanged(block: { fields: [string, string][]; clean: string[] }, continuations: readonly string[]): string[][] {
  const { fields, clean } = block;
  const variants: string[][] = [];
  fields.forEach(([key, v], i) => {
    for (const odd of ODD) variants.push(clean.map((l, j) => (j === i ? `${key}: ${odd}` : l)));
    for (const pad of ["\t", "  ", "\u00a0", "\u3000"]) variants.push(clean.map((l, j) => (j === i ? `${key}:${pad}${v}${pad}` : l)));
    variants.push(clean.filter((_, j) => j !== i));
    variants.push([...clean, clean[i]!]);
    variants.push(clean.flatMap((l, j) => (j === i ? ["```", l, "```"] : [l])));
    for (const more of continuations) variants.push(clean.flatMap((l, j) => (j === i ? [l, more] : [l])));
  });
  return variants;
}

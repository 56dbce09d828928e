// Seeded generators for the property, differential and reliability suites: workspace files
// (questions.md, state.md, decisions.md, batch files, AFK sentinels) that look like the ones
// agents and people write, plus mutators that break them the ways hand edits and crashes do.

// The PRNG and the id scheme are the ones the fixture script and the bench use (fixtures/seeded.mjs).
import { makeRng, pad, questionId, type Rng } from "../../fixtures/seeded.mjs";
import { GATES } from "../../src/documents/gates.js";

export { GATES, makeRng, questionId, type Rng };

/** Every string made by taking one part from each list, in order (`[["a", "b"], ["", "c"]]` → a, ac, b, bc). */
export function concatenations(choices: readonly (readonly string[])[]): string[] {
  return choices.reduce<string[]>((acc, parts) => acc.flatMap((a) => parts.map((p) => a + p)), [""]);
}

/** Every string of up to `maxLength` characters from `alphabet`, the empty one included. */
export function stringsOver(alphabet: readonly string[], maxLength: number): string[] {
  return Array.from({ length: maxLength + 1 }, (_, len) => concatenations(Array<readonly string[]>(len).fill(alphabet))).flat();
}

/** The seed for a suite: DEVRITES_PROPERTY_SEED when set (to replay a failure), else `fallback`. */
export function suiteSeed(fallback: number): number {
  const env = process.env.DEVRITES_PROPERTY_SEED;
  return env !== undefined && /^\d+$/.test(env) ? Number(env) : fallback;
}

export const PHASES = ["frame", "spec", "clarify", "temper", "define", "plan", "vet", "build", "converge", "prove", "polish", "review", "seal", "ship", "done"];

const WORDS = [
  "token", "rotation", "refresh", "tenant", "column", "legacy", "release", "rollback", "queue", "retry",
  "webhook", "export", "CSV", "schema", "migration", "index", "cache", "TTL", "budget", "slice",
  "drop", "keep", "configurable", "per-tenant", "30 days", "hash", "SHA-256", "Argon2id", "info", "debug",
];
/** Text people paste into answers and questions: accents, CJK, emoji, RTL, combining marks. */
const UNICODE = ["é", "ü", "ß", "日本語", "中文", "한국어", "🙂", "🚀", "👩‍💻", "עברית", "العربية", "e\u0301", "Ω", "…", "—", "“quoted”", "\u00a0", "\u200b"];

export function words(rng: Rng, lo = 2, hi = 9, unicode = 0.1): string {
  const n = rng.int(lo, hi);
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(rng.chance(unicode) ? rng.pick(UNICODE) : rng.pick(WORDS));
  return out.join(" ");
}

interface QuestionSpec {
  id: string;
  status?: "open" | "answered" | "dropped";
  gate?: string;
  answer?: string;
  options?: string[];
}

/** One question block as `question add` writes it (blank line before the heading included). */
function questionBlock(rng: Rng, spec: QuestionSpec): string {
  const status = spec.status ?? "open";
  const gate = spec.gate ?? rng.pick(GATES);
  const options = spec.options ?? (rng.chance(0.7) ? Array.from({ length: rng.int(2, 4) }, () => words(rng, 2, 6)) : []);
  const lines = [``, `## ${spec.id}`, `status: ${status}`, `slice: SLICE-${pad(rng.int(1, 40), 3)}`, `gate: ${gate}`];
  if (gate === "escalating") lines.push(`route: ${rng.pick(["security", "legal", "infra"])}`);
  lines.push(`question: ${words(rng, 4, 14)}?`);
  if (options.length > 0) {
    lines.push("options: |");
    options.forEach((o, i) => lines.push(`  ${i + 1}. ${o}${i === 0 ? " (Recommended)" : ""}${rng.chance(0.5) ? ` — ${words(rng, 2, 5)}` : ""}`));
  }
  lines.push(`proposed: ${options[0] ?? words(rng, 1, 4)}`);
  lines.push(`raised_at: 2026-07-${pad(rng.int(1, 19), 2)}T${pad(rng.int(0, 23), 2)}:${pad(rng.int(0, 59), 2)}:00Z`);
  if (status === "open") {
    lines.push("answered_at:", "answer:");
  } else {
    lines.push(`answered_at: 2026-07-19T10:00:00Z`, `answer: ${spec.answer ?? words(rng, 1, 5)}`);
  }
  return lines.join("\n") + "\n";
}

/** Markdown people add around the blocks: prose, lists, tables, fences (with fake headings inside). */
function markdownNoise(rng: Rng): string {
  switch (rng.int(0, 9)) {
    case 0:
      return `\n${words(rng, 5, 20, 0.2)}\n`;
    case 1:
      return `\n- ${words(rng)}\n- ${words(rng)}\n  - ${words(rng)}\n`;
    case 2:
      return `\n| Key | Value |\n| --- | --- |\n| ${words(rng, 1, 2)} | ${words(rng, 1, 3)} |\n`;
    case 3: {
      const ch = rng.pick(["```", "~~~", "````"]);
      return `\n${ch}${rng.pick(["", "md", "yaml", "text"])}\n## q-2026-01-01-999\nstatus: open\n## Awaiting human\n# not a heading\n${ch}\n`;
    }
    case 4:
      return `\n> ${words(rng)}\n> # quoted heading\n`;
    case 5:
      return `\n### Notes ${words(rng, 1, 3)}\n${words(rng, 3, 10)}\n`;
    case 6:
      return `\n1. ${words(rng)}\n2. ${words(rng)}\n`;
    case 7:
      return `\n    indented code ${words(rng, 1, 3)}\n    # not a heading either\n`;
    case 8:
      return `\n${words(rng, 2, 4)} #hashtag and a trailing # ${rng.pick(["", "#", "##"])}\n`;
    default:
      return `\n<!-- ${words(rng, 2, 5)} -->\n`;
  }
}

interface QuestionsOptions {
  count: number;
  /** How many are open (the rest answered/dropped); default about half. */
  open?: number;
  /** Blocks that must exist (open) with these ids, in addition to `count`. */
  extraOpen?: string[];
  noise?: number;
  title?: string;
}

/** A questions.md with `count` blocks; returns the text and the ids of the open ones. */
export function questionsFile(rng: Rng, opts: QuestionsOptions): { text: string; ids: string[]; open: string[] } {
  const parts = [`# Questions: ${opts.title ?? "feat"}\n`];
  const ids: string[] = [];
  const open: string[] = [];
  const openCount = opts.open ?? Math.ceil(opts.count / 2);
  const openSet = new Set(rng.shuffle(Array.from({ length: opts.count }, (_, i) => i)).slice(0, openCount));
  const base = rng.int(0, 5000);
  for (let i = 0; i < opts.count; i++) {
    const id = questionId(base + i);
    const status = openSet.has(i) ? "open" : rng.pick(["answered", "dropped"] as const);
    parts.push(questionBlock(rng, { id, status }));
    ids.push(id);
    if (status === "open") open.push(id);
    if (opts.noise && rng.chance(opts.noise)) parts.push(markdownNoise(rng));
  }
  for (const id of opts.extraOpen ?? []) {
    parts.push(questionBlock(rng, { id, status: "open" }));
    ids.push(id);
    open.push(id);
  }
  return { text: parts.join(""), ids, open };
}

interface StateOptions {
  form?: "table" | "bullet";
  /** The qid the run awaits (status awaiting_human + `## Awaiting human`), if any. */
  awaiting?: string;
  phase?: string;
  schema?: string | null;
  afkRemaining?: number;
  logLines?: number;
  paused?: boolean;
}

/** A state.md in table or bullet form. */
export function stateFile(rng: Rng, opts: StateOptions = {}): string {
  const form = opts.form ?? rng.pick(["table", "bullet"] as const);
  const phase = opts.phase ?? rng.pick(PHASES);
  const status = opts.awaiting ? "awaiting_human" : opts.paused ? "blocked" : "running";
  const next = opts.awaiting ? `/rite-resolve ${opts.awaiting} "<answer>"` : `/rite-${phase} SLICE-002`;
  const fields: [string, string][] = [];
  if (opts.schema !== null) fields.push(["schema", opts.schema ?? "4"]);
  fields.push(["phase", phase], ["status", status], ["active_slice", "SLICE-003"], ["next_action", next]);
  if (opts.afkRemaining !== undefined) fields.push(["afk_slices_remaining", String(opts.afkRemaining)]);
  if (opts.paused) fields.push(["pause_reason", "usage_cap"], ["pause_detail", "subscription usage cap reached"], ["resumes_at", "2026-07-20T14:50:00Z"]);
  const bulletName: Record<string, string> = {
    schema: "Schema", phase: "Phase", status: "Status", active_slice: "Active slice", next_action: "Next step",
    afk_slices_remaining: "AFK slices remaining", pause_reason: "pause_reason", pause_detail: "pause_detail", resumes_at: "resumes_at",
  };
  const out: string[] = [`# State: feat`, ``];
  if (form === "table") {
    out.push("## Cursor", "| Key | Value |", "| --- | --- |", ...fields.map(([k, v]) => `| ${k} | ${v} |`));
  } else {
    out.push(...fields.map(([k, v]) => `- ${bulletName[k] ?? k}: ${v}`));
  }
  if (opts.awaiting) {
    out.push("", "## Awaiting human");
    const aw: [string, string][] = [["question_id", opts.awaiting], ["gate", "blocking"], ["blocking_slices", "SLICE-003"]];
    if (form === "table") out.push("| Key | Value |", "| --- | --- |", ...aw.map(([k, v]) => `| ${k} | ${v} |`));
    else out.push(...aw.map(([k, v]) => `- ${k === "question_id" ? "qid" : k}: ${v}`));
  }
  out.push("", "## Log");
  const n = opts.logLines ?? rng.int(1, 6);
  for (let i = 0; i < n; i++) out.push(`- 2026-07-${pad(1 + (i % 19), 2)}T08:58:40Z ${phase}: ${words(rng, 2, 6, 0)}`);
  return out.join("\n") + "\n";
}

/** A decisions.md in heading or table shape. */
export function decisionsFile(rng: Rng, entries = rng.int(0, 4)): string {
  if (rng.chance(0.5)) {
    const rows = Array.from({ length: entries }, (_, i) => `| DEC-${pad(i + 1, 3)} | accepted | ${words(rng, 2, 4)} | a / b | ${words(rng, 1, 3)} | — | q-2026-07-01-00${i} |`);
    return ["# Decisions: feat", "", "## Decision log", "| Decision ID | Status | Context | Options | Decision | Consequences | Related IDs |", "| --- | --- | --- | --- | --- | --- | --- |", ...rows].join("\n") + "\n";
  }
  const parts = ["# Decisions: feat\n"];
  for (let i = 0; i < entries; i++) {
    parts.push(`\n### DEC-${pad(i + 1, 3)} — ${words(rng, 2, 5)}\n- Status: accepted\n- Context: ${words(rng)}\n- Decision: ${words(rng)}\n`);
  }
  return parts.join("");
}

/** A batch file answering or dropping `ids`, with comments and blank lines mixed in. */
export function batchFile(rng: Rng, ids: readonly string[], answer: (id: string) => string = () => words(rng, 1, 5, 0)): string {
  const out: string[] = [];
  for (const id of ids) {
    if (rng.chance(0.1)) out.push(`# ${words(rng, 1, 4, 0)}`);
    if (rng.chance(0.05)) out.push("");
    out.push(rng.chance(0.1) ? `--drop ${id}: ${answer(id)}` : `${id}: ${answer(id)}`);
  }
  return out.join("\n") + "\n";
}

/** An AFK sentinel body: valid most of the time, sometimes with a malformed value. */
export function sentinelFile(rng: Rng): string {
  const lines: string[] = [];
  if (rng.chance(0.8)) lines.push(`max_slices: ${rng.pick(["10", "0", "3", "-1", "2.5", "ten", '"10"', ""])}`);
  if (rng.chance(0.6)) lines.push(`max_agents: ${rng.pick(["32", "0", "1e3"])}`);
  if (rng.chance(0.6)) lines.push(`max_minutes: ${rng.pick(["120", "5", "0x10"])}`);
  if (rng.chance(0.6)) lines.push(`max_review_queue: ${rng.pick(["8", "0", "1"])}`);
  if (rng.chance(0.3)) lines.push(`max_cost_usd: ${rng.pick(["10", "2.50", "abc"])}`);
  if (rng.chance(0.5)) lines.push(`allow_gates: ${rng.pick(["[advisory, validating]", "[advisory]", "[blocking]", "[nonsense]", "advisory"])}`);
  if (rng.chance(0.3)) lines.push(`continue_sequence: ${rng.pick(["true", "false", "maybe"])}`);
  if (rng.chance(0.1)) lines.push(`max_slices: 4`); // duplicate key
  if (rng.chance(0.1)) lines.push(`unknown_key: 1`);
  if (rng.chance(0.05)) lines.push(`: [unclosed`);
  return rng.shuffle(lines).join("\n") + (lines.length > 0 ? "\n" : "");
}

/** A touched-files.md with a valid candidate manifest (rows sorted by path). */
export function touchedFile(rng: Rng): string {
  const paths = [...new Set(Array.from({ length: rng.int(0, 6) }, () => `src/${rng.pick(["auth", "billing", "export"])}/${rng.pick(["a", "b", "c", "d"])}${rng.int(0, 9)}.ts`))].sort();
  const body =
    paths.length === 0
      ? ["No project files."]
      : ["| State | File | Slice | Reason |", "| --- | --- | --- | --- |", ...paths.map((p) => `| ${rng.pick(["present", "deleted"])} | \`${p}\` | SLICE-00${rng.int(1, 9)} | ${words(rng, 1, 4)}. |`)];
  return ["# Touched files: feat", "", "## Touched files", words(rng, 3, 9) + ".", "", "## Candidate manifest", ...body, "", "## Review trail", `- src/x.ts:${rng.int(1, 99)} — ${words(rng, 1, 3)}`].join("\n") + "\n";
}

/** One markdown block chosen to probe heading and fence rules (for the differential test). */
function markdownBlock(rng: Rng): string {
  const sp = () => " ".repeat(rng.pick([0, 0, 0, 1, 2, 3, 4]));
  const fence = () => rng.pick(["```", "````", "~~~", "~~~~~", "``", "~~"]);
  switch (rng.int(0, 17)) {
    case 0:
    case 1: {
      const hashes = "#".repeat(rng.int(1, 7));
      const closing = rng.pick(["", "", " #", " ##", "#", " # ", " \\#", " #x"]);
      return `${sp()}${hashes}${rng.pick([" ", " ", "\t", "", "  "])}${rng.chance(0.85) ? words(rng, 1, 5, 0.15) : ""}${closing}${rng.pick(["", "", "  ", "\t"])}`;
    }
    case 2:
      return `## ${rng.pick(["q-2026-07-20-00" + rng.int(1, 9), "Q-1 blocking", "Awaiting human", "Log", "Question register", "Candidate manifest"])}`;
    case 3:
    case 4: {
      const open = fence();
      const info = rng.pick(["", "", "md", " yaml", "js title=`x`", "~~~", "text ```"]);
      const body = Array.from({ length: rng.int(0, 3) }, () => rng.pick([`# inside ${words(rng, 1, 2)}`, "status: open", words(rng, 1, 4), "", "~~~", "```", "    ```"]));
      const close = rng.chance(0.8) ? [`${sp()}${rng.chance(0.8) ? open : fence()}${rng.pick(["", "", "  ", " x", "`"])}`] : [];
      return [`${sp()}${open}${info}`, ...body, ...close].join("\n");
    }
    case 5:
      return words(rng, 2, 10, 0.15);
    case 6:
      return `${words(rng, 1, 4)}\n${rng.pick(["===", "---", "-", "= =", "==="])}`;
    case 7:
      return `${rng.pick(["-", "*", "+", "1.", "2)"])} ${words(rng)}\n${rng.pick(["  ", "   ", "    "])}${rng.pick(["# nested heading", "```", words(rng, 1, 3), "~~~"])}`;
    case 8:
      return `> ${rng.pick(["# quoted", "```", words(rng)])}\n${rng.pick(["> ", ""])}${rng.pick(["## after quote", words(rng, 1, 3), "```"])}`;
    case 9:
      return `    ${rng.pick(["# indented", "```", "code"])}`;
    case 10:
      return rng.pick(["***", "---", "___", "- - -"]);
    case 11:
      return `| Key | Value |\n| --- | --- |\n| ${words(rng, 1, 2)} | ${words(rng, 1, 2)} |`;
    case 12:
      return rng.pick(["<!-- # comment -->", "<div>\n# inside html\n</div>", "<details>\n\n# after blank\n</details>"]);
    case 13:
      return `${words(rng, 1, 3)}\n${rng.pick(["# interrupts", "```", "    # lazy"])}`;
    case 14:
      return `\\# escaped ${words(rng, 1, 2)}`;
    case 15:
      return `#${rng.pick(["5 bolt", "hashtag", "#"])}`;
    case 16:
      return `${"#".repeat(rng.int(1, 3))} ${words(rng, 1, 3)} ${rng.pick(["\\#", "`#`", "*#*", "[#](x)"])}`;
    default:
      return "";
  }
}

/** A markdown document of `n` blocks, separated by one or two newlines (or none). */
export function markdownDocument(rng: Rng, n = rng.int(1, 14)): string {
  const parts: string[] = [];
  for (let i = 0; i < n; i++) parts.push(markdownBlock(rng) + rng.pick(["\n", "\n\n", "\n\n", "\n"]));
  return parts.join("");
}

export type DocumentKind = "questions" | "state" | "decisions" | "batch" | "touched" | "sentinel" | "markdown";
export const DOCUMENT_KINDS: DocumentKind[] = ["questions", "state", "decisions", "batch", "touched", "sentinel", "markdown"];

/** A valid document of `kind`, before mutation. */
export function validDocument(rng: Rng, kind: DocumentKind): string {
  switch (kind) {
    case "questions":
      return questionsFile(rng, { count: rng.int(0, 8), noise: 0.3 }).text;
    case "state":
      return stateFile(rng, { awaiting: rng.chance(0.5) ? questionId(rng.int(0, 20)) : undefined, paused: rng.chance(0.2), afkRemaining: rng.chance(0.5) ? rng.int(0, 5) : undefined });
    case "decisions":
      return decisionsFile(rng);
    case "batch":
      return batchFile(rng, Array.from({ length: rng.int(0, 6) }, (_, i) => questionId(i)));
    case "touched":
      return touchedFile(rng);
    case "sentinel":
      return sentinelFile(rng);
    default:
      return markdownDocument(rng);
  }
}

// ------------------------------------------------------------------ mutators

type Mutation = (rng: Rng, text: string) => string;

function splitKeep(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/** Each mutator breaks a document one way people and crashes do. */
export const MUTATIONS: Record<string, Mutation> = {
  truncateLine(rng, text) {
    const lines = splitKeep(text);
    if (lines.length === 0) return text;
    const i = rng.int(0, lines.length - 1);
    const l = lines[i]!;
    lines[i] = l.slice(0, rng.int(0, Math.max(0, l.length - 1))) + (rng.chance(0.5) ? "\n" : "");
    return lines.join("");
  },
  truncateFile(rng, text) {
    return text.slice(0, rng.int(0, text.length));
  },
  crlfAll(_rng, text) {
    return text.replace(/\r?\n/g, "\r\n");
  },
  crlfMix(rng, text) {
    return text.replace(/\r?\n/g, () => (rng.chance(0.5) ? "\r\n" : "\n"));
  },
  loneCr(rng, text) {
    const lines = splitKeep(text);
    if (lines.length === 0) return "\r";
    const i = rng.int(0, lines.length - 1);
    lines[i] = lines[i]!.replace(/\n$/, "\r");
    return lines.join("");
  },
  openFence(rng, text) {
    const lines = splitKeep(text);
    const i = rng.int(0, lines.length);
    lines.splice(i, 0, `${" ".repeat(rng.int(0, 3))}${rng.pick(["```", "~~~", "`````", "```js"])}\n`);
    return lines.join("");
  },
  closeFenceWrong(rng, text) {
    const lines = splitKeep(text);
    const i = rng.int(0, lines.length);
    lines.splice(i, 0, "````\n", `${words(rng)}\n`, rng.pick(["```\n", "~~~~\n", "    ````\n", "```` x\n"]));
    return lines.join("");
  },
  duplicateHeading(rng, text) {
    const lines = splitKeep(text);
    const heads = lines.map((l, i) => (/^#{1,6} /.test(l) ? i : -1)).filter((i) => i >= 0);
    if (heads.length === 0) return text;
    const h = rng.pick(heads);
    const at = rng.int(0, lines.length);
    const copy = lines[h]!.endsWith("\n") ? lines[h]! : lines[h]! + "\n";
    lines.splice(at, 0, copy);
    return lines.join("");
  },
  duplicateBlock(rng, text) {
    const m = [...text.matchAll(/^## [qQ]-[^\n]*\n(?:(?!## )[^\n]*\n?)*/gm)];
    if (m.length === 0) return text;
    const block = rng.pick(m)[0];
    return text + (text.endsWith("\n") ? "" : "\n") + block;
  },
  unicode(rng, text) {
    const at = rng.int(0, text.length);
    return text.slice(0, at) + rng.pick([...UNICODE, "\u2028", "\u2029", "\ufeff", "\u0000", "\t", "\u001b[31m"]) + text.slice(at);
  },
  bom(_rng, text) {
    return "\ufeff" + text;
  },
  hugeLine(rng, text) {
    const lines = splitKeep(text);
    const i = rng.int(0, lines.length);
    const unit = rng.pick(["x", "# ", "| a ", "`", "status: open ", "🙂"]);
    lines.splice(i, 0, unit.repeat(Math.ceil(rng.int(20_000, 120_000) / unit.length)) + "\n");
    return lines.join("");
  },
  deleteLine(rng, text) {
    const lines = splitKeep(text);
    if (lines.length === 0) return text;
    lines.splice(rng.int(0, lines.length - 1), 1);
    return lines.join("");
  },
  swapLines(rng, text) {
    const lines = splitKeep(text);
    if (lines.length < 2) return text;
    const i = rng.int(0, lines.length - 1);
    const j = rng.int(0, lines.length - 1);
    const a = lines[i]!.replace(/\n$/, "");
    const b = lines[j]!.replace(/\n$/, "");
    lines[i] = lines[i]!.endsWith("\n") ? b + "\n" : b;
    lines[j] = lines[j]!.endsWith("\n") ? a + "\n" : a;
    return lines.join("");
  },
  dropFinalNewline(_rng, text) {
    return text.replace(/\r?\n$/, "");
  },
  indentHeading(rng, text) {
    return text.replace(/^(#{1,6} )/m, `${" ".repeat(rng.int(1, 5))}$1`);
  },
  statusNoise(rng, text) {
    return text.replace(/^status: open$/m, rng.pick(["status: Open  ", "status:open", "Status: open", "status: OPEN\t", "status: opened", "status:"]));
  },
  tabs(_rng, text) {
    return text.replace(/^- /gm, "\t- ").replace(/^(#{1,6}) /m, "$1\t");
  },
  empty() {
    return "";
  },
  binary(rng) {
    return Array.from({ length: rng.int(1, 300) }, () => String.fromCharCode(rng.int(0, 0xffff))).join("");
  },
};

const MUTATION_NAMES = Object.keys(MUTATIONS);

/** Apply `min`–`max` random mutations; returns the text and their names (for failure messages). */
export function mutate(rng: Rng, text: string, max = 3, min = 0): { text: string; applied: string[] } {
  const n = rng.int(min, max);
  const applied: string[] = [];
  let out = text;
  for (let i = 0; i < n; i++) {
    const name = rng.pick(MUTATION_NAMES);
    // Huge lines and binary garbage are expensive to parse many times over: keep them rare.
    if ((name === "hugeLine" || name === "binary" || name === "empty") && !rng.chance(0.25)) {
      i--;
      continue;
    }
    out = MUTATIONS[name]!(rng, out);
    applied.push(name);
  }
  return { text: out, applied };
}

// Differential test: a resolve finds its block in the bytes of questions.md
// (src/documents/questions/find-block.ts) instead of parsing the decoded file — the bytes in
// memory, or the file read in windows of whole lines (a large file). On generated
// questions files — with markdown noise (fences holding fake `## q-…` headings, quoted and
// indented headings) and mutated (CRLF, BOM, unclosed and wrongly closed fences, duplicated
// blocks and headings, indented headings, tabs, unicode, truncation) — both must name the same
// blocks with the same text, and planResolve must produce the same file, outcome or error
// whether it is given the text, the bytes, or the file in windows (of random sizes, down to a
// line each, so every rule meets a window edge).

import { isUtf8 } from "node:buffer";
import { describe, expect, it } from "vitest";
import { questionsSource } from "../../src/documents/questions/block-source.js";
import { BlockScan, questionBlockSpans } from "../../src/documents/questions/find-block.js";
import { parseQuestions } from "../../src/documents/questions/parse-questions.js";
import { planResolve, type ResolveEntry } from "../../src/domain/resolve-question.js";
import { EngineError } from "../../src/errors.js";
import { makeRng, mutate, questionsFile, stateFile, suiteSeed, words, type Rng } from "../helpers/generate.js";
import { caseCount } from "../helpers/counts.js";
import { contentBytes, memoryFile } from "../helpers/file-bytes.js";

/** Half of DEVRITES_PROPERTY_CASES: 500 in `npm test`, 1,250 in `npm run test:full`. */
const CASES = Math.floor(caseCount("DEVRITES_PROPERTY_CASES", 1000, 2500) / 2);
const SEED = suiteSeed(0xb10c);
const NOW = new Date("2026-07-20T10:00:00Z");

function generated(rng: Rng): { text: string; applied: string[] } {
  const { text } = questionsFile(rng, { count: rng.int(0, 12), noise: rng.pick([0, 0.3, 0.8]), title: words(rng, 1, 3, 0) });
  return rng.chance(0.2) ? { text, applied: [] } : mutate(rng, text, 4, 1);
}

/** Ids worth asking for: every block's, the fake one inside fenced noise, near misses, the register. */
function idsToAsk(rng: Rng, text: string): string[] {
  const ids = new Set(parseQuestions(text).blocks.map((b) => b.id));
  for (const id of [...ids]) {
    ids.add(id.slice(0, -1));
    ids.add(`${id}0`);
  }
  ids.add("q-2026-01-01-999");
  ids.add("Question");
  ids.add(`q-${rng.int(0, 9)}`);
  return [...ids].filter((id) => id !== "");
}

/** What a plan came to, comparable across the two inputs. */
function outcome(run: () => ReturnType<typeof planResolve>): unknown {
  try {
    const plan = run();
    const q = plan.questions;
    const questions = q === undefined ? undefined : contentBytes(q).toString("utf8");
    return { questions, state: plan.state, outcomes: plan.outcomes, events: plan.events };
  } catch (e) {
    if (!(e instanceof EngineError)) throw e;
    return { error: e.constructor.name, exitCode: e.exitCode, message: e.message, hint: e.hint };
  }
}

describe("questions.md blocks found in its bytes agree with the parsed text", () => {
  it(`${CASES} generated and mutated files: same spans, same text, same resolve`, () => {
    const rng = makeRng(SEED);
    let compared = 0;
    let resolved = 0;
    for (let n = 0; n < CASES; n++) {
      const r = rng.fork();
      const { text, applied } = generated(r);
      const bytes = Buffer.from(text, "utf8");
      if (!isUtf8(bytes) || bytes.toString("utf8") !== text) continue; // lone surrogates: the CLI refuses such files
      const why = `case ${n} (mutations: ${applied.join(", ") || "none"}; DEVRITES_PROPERTY_SEED=${SEED})`;
      const fromText = questionsSource(text);
      const ids = idsToAsk(r, text);
      // One scan for every id, as a multi-entry resolve makes it: the bytes whole, and in windows.
      const whole = new BlockScan(ids);
      whole.feed(bytes);
      const windowed = new BlockScan(ids);
      const file = memoryFile(bytes, r.int(1, 200));
      file.windows((w) => windowed.feed(w));
      const [inWhole, inWindows] = [whole.end(), windowed.end()];
      for (const id of ids) {
        const expected = fromText.spans(id).map((s) => text.slice(s.start, s.end));
        expect(inWhole.get(id)!.map((s) => bytes.toString("utf8", s.start, s.end)), `${why}: blocks of ${JSON.stringify(id)}`).toEqual(expected);
        expect(inWindows.get(id), `${why}: blocks of ${JSON.stringify(id)} in windows`).toEqual(inWhole.get(id));
        compared++;
      }
      expect(windowed.eol, why).toBe(whole.eol);
      // The whole resolve, from text and from bytes: the same file, outcome or error.
      const blockIds = parseQuestions(text).blocks.map((b) => b.id);
      const qid = blockIds.length > 0 && r.chance(0.85) ? r.pick(blockIds) : `q-2026-09-${r.int(10, 99)}-001`;
      const entry: ResolveEntry = r.chance(0.3)
        ? { qid, kind: "drop", source: { kind: "text", text: "dropped" } }
        : { qid, kind: "answer", source: { kind: "text", text: words(r, 1, 5) } };
      const state = stateFile(r, { awaiting: qid });
      const input = { entries: [entry], human: r.chance(0.5), recordDecision: false, now: NOW };
      const a = outcome(() => planResolve({ slug: "feat", questions: text, state, decisions: undefined }, input));
      const b = outcome(() => planResolve({ slug: "feat", questions: bytes, state, decisions: undefined }, input));
      expect(b, `${why}: resolve ${qid}`).toEqual(a);
      const c = outcome(() => planResolve({ slug: "feat", questions: memoryFile(bytes, r.int(1, 200)), state, decisions: undefined }, input));
      expect(c, `${why}: resolve ${qid} in windows`).toEqual(a);
      resolved++;
    }
    // The generator must keep producing comparable cases (not all skipped).
    expect(compared).toBeGreaterThan(CASES * 3);
    expect(resolved).toBeGreaterThan(CASES * 0.9);
  });

  it("a block after a BOM, in CRLF, and as the unterminated last line is cut exactly", () => {
    const text = "\uFEFF## q-1\r\nstatus: open\r\n```\r\n## q-2\r\n```\r\n## q-2\r\nstatus: open";
    const bytes = Buffer.from(text);
    const cut = (id: string) => questionBlockSpans(bytes, id).map((s) => bytes.toString("utf8", s.start, s.end));
    expect(cut("q-1")).toEqual(["\uFEFF## q-1\r\nstatus: open\r\n```\r\n## q-2\r\n```\r\n"]);
    expect(cut("q-2")).toEqual(["## q-2\r\nstatus: open"]);
    expect(cut("q-3")).toEqual([]);
  });

  it("a duplicated id yields every block; a mention outside a heading yields none", () => {
    const text = "# Q\n\n## q-1\nsupersedes: q-2\n\n## q-2 blocking\nstatus: open\n\n### q-2 notes\n\n## q-2\nstatus: open\n";
    const bytes = Buffer.from(text);
    const spans = questionBlockSpans(bytes, "q-2");
    expect(spans.map((s) => bytes.toString("utf8", s.start, s.end))).toEqual([
      "## q-2 blocking\nstatus: open\n\n### q-2 notes\n\n",
      "## q-2\nstatus: open\n",
    ]);
    expect(questionBlockSpans(bytes, "q-")).toEqual([]);
  });
});

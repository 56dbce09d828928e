// A `devrites-engine state resolve …` line a person pasted into a ticket reply, read as the
// answer it spells: the engine's own comment shows the commands, and a person on the ticket
// copies one instead of writing `qid: --option N`. The line is data: split into words as a POSIX
// shell would split a plain command (quotes and backslashes only), never run or expanded.

import { BadInputError } from "../../errors.js";

/** The command words a pasted line starts with (a `$ ` prompt and `npx` allowed before them). */
export const PASTED_COMMAND = /^(?:\$\s+)?(?:npx\s+)?devrites-engine\s+state\s+resolve(?=\s|$)/;

export type PastedAnswer =
  /** The entry in the batch grammar (`qid: --option 1`), and the workspace the line names, if any. */
  | { line: string; workspace: string | undefined }
  | { error: BadInputError };

/** Placeholders of the engine's comment (`"<your answer>"`, `"<reason>"`) left in the line. */
const PLACEHOLDER = /^<(your answer|reason)>$/;

/**
 * The words of a plain shell command: blanks split, `'…'` is literal, `"…"` keeps `\"`, `\\`,
 * `\$` and `` \` `` escapes, a backslash outside quotes escapes the next character. Undefined for
 * anything a plain command does not hold (an unclosed quote, `;`, `|`, `&`, `<`, `>`, `$`, `` ` ``, `(`).
 */
export function shellWords(text: string): string[] | undefined {
  const words: string[] = [];
  let word: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === " " || c === "\t") {
      if (word !== undefined) words.push(word);
      word = undefined;
      continue;
    }
    if (c === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0) return undefined;
      word = (word ?? "") + text.slice(i + 1, end);
      i = end;
      continue;
    }
    if (c === '"') {
      let w = word ?? "";
      for (i++; ; i++) {
        if (i >= text.length) return undefined;
        const d = text[i]!;
        if (d === '"') break;
        if (d === "\\" && i + 1 < text.length && '"\\$`'.includes(text[i + 1]!)) w += text[++i];
        else if (d === "$" || d === "`") return undefined;
        else w += d;
      }
      word = w;
      continue;
    }
    if (c === "\\") {
      if (i + 1 >= text.length) return undefined;
      word = (word ?? "") + text[++i];
      continue;
    }
    if (";|&<>$`()".includes(c)) return undefined;
    if (c === "#" && word === undefined) break;
    word = (word ?? "") + c;
  }
  if (word !== undefined) words.push(word);
  return words;
}

/**
 * Read a pasted `devrites-engine state resolve …` line (`text` starts with PASTED_COMMAND) as a
 * batch-grammar entry, or the error naming `at`: the forms a person runs (`<qid> --option N`,
 * `<qid> --proposed`, `<qid> <answer…>`, `--drop <qid> [<reason…>]`), with `--human` and
 * `--workspace` allowed. Anything else answers nothing and is reported.
 */
export function pastedAnswer(text: string, at: { file: string; line: number }): PastedAnswer {
  const m = PASTED_COMMAND.exec(text)!;
  const refuse = (why: string): PastedAnswer => ({
    error: new BadInputError(`a pasted command line answers nothing: ${why}`, {
      kind: "bad-batch",
      at,
      hint: 'reply with one line per answer: "qid: --option N", "qid: your answer" or "--drop qid: reason"',
    }),
  });
  const words = shellWords(text.slice(m[0].length));
  if (words === undefined) return refuse("it is not a plain command (an unclosed quote, or a shell character such as ; | $)");
  let workspace: string | undefined;
  let option: string | undefined;
  let proposed = false;
  let drop = false;
  const positionals: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (w === "--") {
      positionals.push(...words.slice(i + 1));
      break;
    }
    if (!w.startsWith("--")) {
      positionals.push(w);
      continue;
    }
    const eq = w.indexOf("=");
    const name = eq < 0 ? w.slice(2) : w.slice(2, eq);
    if (name === "workspace" || name === "option") {
      const v = eq >= 0 ? w.slice(eq + 1) : words[++i];
      if (v === undefined || v === "") return refuse(`--${name} has no value`);
      if (name === "workspace") workspace = v;
      else option = v;
      continue;
    }
    if (eq >= 0) return refuse(`${w} is not an answer's option`);
    if (name === "human") continue;
    if (name === "proposed") proposed = true;
    else if (name === "drop") drop = true;
    else if (name === "dry-run") return refuse("it is a --dry-run");
    else return refuse(`${w} is not an answer's option`);
  }
  const [qid, ...rest] = positionals;
  if (qid === undefined || qid === "") return refuse("it names no question id");
  if (rest.some((r) => PLACEHOLDER.test(r.trim()))) return refuse(`replace ${rest.find((r) => PLACEHOLDER.test(r.trim()))} with your words`);
  const words1 = rest.join(" ").trim();
  if (drop) {
    if (option !== undefined || proposed) return refuse("--drop takes a reason, not --option or --proposed");
    return { line: `--drop ${qid}: ${words1}`, workspace };
  }
  if (option !== undefined || proposed) {
    if (words1 !== "") return refuse("give either answer text or --option/--proposed, not both");
    if (option !== undefined && proposed) return refuse("give either --option N or --proposed");
    return { line: proposed ? `${qid}: --proposed` : `${qid}: --option ${option}`, workspace };
  }
  if (words1 === "") return refuse(`it names no answer for ${qid}`);
  return { line: `${qid}: -- ${words1}`, workspace };
}

// The shell examples of the user documentation as test cases: every ```console / ```sh block
// that runs the engine, the `<!-- doc-test … -->` marker before it (how to set it up, or why it
// cannot run here), its commands and the output the doc shows for each. Pure: text in, cases out.
//
// A marker is an HTML comment, so GitHub renders nothing for it:
//
//   <!-- doc-test
//   setup: example            (example | empty | fixture:<name> | clone | a script of test/docs/setups/)
//   env: DEVRITES_NOW=2026-09-02T15:00:00Z TZ=UTC
//   before: devrites-engine state pause --reason usage_cap     (run first, silently; repeatable)
//   root: /tmp/w              (the doc's name for the project directory; default /tmp/w)
//   continue                  (run after the previous run block of the file, in what it left)
//   each                      (the commands are alternatives: each starts from the setup; exit codes compared)
//   -->
//   <!-- doc-test: skip — needs gh and a GitHub token -->
//   <!-- doc-test: setup: empty ;; env: TZ=America/New_York -->    (one line: keys split by " ;; ")
//
// `<!-- doc-test-defaults … -->` takes the same keys and applies to the rest of the file.

interface Command {
  /** 1-based line of the `$ ` line in the doc. */
  line: number;
  text: string;
  /** The lines the doc shows after it, without a trailing `(exit N)` or `# exit N` line. */
  expected: string[];
  /**
   * The exit code the doc states (`(exit N)`, `# exit N`); when it states none, "nonzero" if the
   * output it shows opens with an error (`devrites-engine: …` that is not a warning, or a JSON
   * `{"ok":false,…}`), else 0;
   * undefined when a following `echo $?` shows it.
   */
  exit: number | "nonzero" | undefined;
}

interface Marker {
  skip?: string;
  setup: string;
  env: Record<string, string>;
  before: string[];
  root: string;
  continue: boolean;
  /** Each command is an alternative: it starts from the setup again, and only its exit code is compared. */
  each: boolean;
}

export interface DocBlock {
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  lang: "console" | "sh";
  /** The marker before the block, or the file's defaults when none does. */
  marker: Marker;
  commands: Command[];
}

const FENCE = /^( *)```(console|sh)\s*$/;
/** A command line that runs the engine (as a command, after a pipe, or after `&&`). */
const RUNS_ENGINE = /(^|[\s|&;(])(npx (--no-install )?)?devrites-engine(\s|$)/;

const DEFAULT_MARKER: Marker = { setup: "example", env: {}, before: [], root: "/tmp/w", continue: false, each: false };

/** The keys of a marker's body, one `key: value` per line (on one line, split by " ;; "). */
function parseMarker(body: string, base: Marker): Marker {
  const m: Marker = { ...base, env: { ...base.env }, before: [...base.before], continue: false, each: false };
  delete m.skip;
  for (const raw of body.includes("\n") ? body.split("\n") : body.split(" ;; ")) {
    const line = raw.trim();
    if (line === "") continue;
    if (line === "continue" || line === "each") {
      m[line] = true;
      continue;
    }
    const kv = /^(skip|setup|env|before|root)\s*[:—-]\s*(.*)$/.exec(line);
    if (kv === null) throw new Error(`doc-test marker: cannot read "${line}" (keys: skip, setup, env, before, root, continue, each)`);
    const [, key, value = ""] = kv;
    if (key === "skip") m.skip = value.trim();
    else if (key === "setup") m.setup = value.trim();
    else if (key === "root") m.root = value.trim();
    else if (key === "before") m.before.push(value.trim());
    else for (const pair of value.trim().split(/\s+/)) {
      const eq = pair.indexOf("=");
      if (eq <= 0) throw new Error(`doc-test marker: env wants KEY=VALUE, got "${pair}"`);
      m.env[pair.slice(0, eq)] = pair.slice(eq + 1);
    }
  }
  return m;
}

/** Split a console block's lines into commands and their expected output; an sh block is all commands. */
export function commandsOf(lang: "console" | "sh", lines: { n: number; text: string }[]): Command[] {
  const out: Command[] = [];
  for (const { n, text } of lines) {
    if (lang === "sh") {
      if (text.trim() !== "" && !text.trimStart().startsWith("#")) out.push({ line: n, text, expected: [], exit: 0 });
      continue;
    }
    if (text.startsWith("$ ")) out.push({ line: n, text: text.slice(2), expected: [], exit: 0 });
    else if (out.length > 0) out[out.length - 1]!.expected.push(text);
  }
  for (const [i, c] of out.entries()) {
    while (c.expected.length > 0 && c.expected[c.expected.length - 1]!.trim() === "") c.expected.pop();
    const stated = /^(?:\(exit (\d+)\)|# exit (\d+))$/.exec(c.expected[c.expected.length - 1] ?? "");
    if (stated !== null) {
      c.expected.pop();
      c.exit = Number(stated[1] ?? stated[2]);
    } else if (out[i + 1]?.text.trim() === "echo $?") c.exit = undefined;
    else if (/^devrites-engine: (?!warning:|note:)|^\{"ok":false,/.test(c.expected[0] ?? "")) c.exit = "nonzero";
  }
  return out;
}

/** Every engine block of one markdown file, with the marker before it (defaults applied). */
export function docBlocks(file: string, text: string): DocBlock[] {
  const lines = text.split("\n");
  const blocks: DocBlock[] = [];
  let defaults = DEFAULT_MARKER;
  let pending: Marker | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const comment = /^\s*<!-- doc-test(-defaults)?\b:?/.exec(line);
    if (comment !== null) {
      let body = line.slice(comment[0].length);
      while (!body.includes("-->")) {
        i++;
        if (i >= lines.length) throw new Error(`${file}: unclosed doc-test marker`);
        body += "\n" + lines[i];
      }
      body = body.slice(0, body.indexOf("-->"));
      if (comment[1] !== undefined) defaults = parseMarker(body, defaults);
      else pending = parseMarker(body, defaults);
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence === null) {
      if (line.trim() !== "") pending = undefined;
      continue;
    }
    const indent = fence[1]!.length;
    const lang = fence[2] as "console" | "sh";
    const start = i;
    const body: { n: number; text: string }[] = [];
    for (i++; i < lines.length && !/^\s*```\s*$/.test(lines[i]!); i++) body.push({ n: i + 1, text: lines[i]!.slice(Math.min(indent, lines[i]!.length - lines[i]!.trimStart().length)) });
    const commands = commandsOf(lang, body);
    if (commands.some((c) => RUNS_ENGINE.test(c.text))) blocks.push({ file, line: start + 1, lang, marker: pending ?? defaults, commands });
    pending = undefined;
  }
  return blocks;
}

/**
 * Does `actual` show what the doc shows? Lines compare with trailing spaces dropped; a line
 * that is only `…` matches any run of lines, none included.
 */
export function outputMatches(expected: string[], actual: string[]): boolean {
  const e = expected.map((l) => l.trimEnd());
  const a = actual.map((l) => l.trimEnd());
  const memo = new Map<string, boolean>();
  const go = (i: number, j: number): boolean => {
    const key = `${i},${j}`;
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    let r: boolean;
    if (i === e.length) r = j === a.length;
    else if (e[i]!.trim() === "…") r = go(i + 1, j) || (j < a.length && go(i, j + 1));
    else r = j < a.length && e[i] === a[j] && go(i + 1, j + 1);
    memo.set(key, r);
    return r;
  };
  return go(0, 0);
}

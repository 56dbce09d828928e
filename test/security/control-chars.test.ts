// Terminal control characters from workspace files (ESC/OSC/CSI, other C0, DEL, C1) are
// printed escaped (`\x1b`, `\u009b`) by every command in text mode, and stay JSON-escaped
// under --json; `check` warns about them with file:line:col. In-process main().

import os from "node:os";
import { afterEach, describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { jsonText, makeStyle, terminalText } from "../../src/commands/format.js";
import type { Io } from "../../src/io.js";
import { makeProject, type Project } from "../helpers/project.js";

const W = ".devrites/work/feat";
const OSC = "\u001b]0;pwned\u0007"; // sets the terminal title
const CSI = "\u001b[2J"; // clears the screen
const C1 = "\u009b31m"; // 8-bit CSI
const EVIL = `Ship${OSC} it${CSI} now${C1}?\u007f\u0008`;
const STATE = `# State: feat

## Cursor
| Key | Value |
| --- | --- |
| schema | 4 |
| phase | build${CSI} |
| status | awaiting_human |
| next_action | /rite-resolve q-2026-07-20-001 "<answer>" |

## Awaiting human
| Key | Value |
| --- | --- |
| question_id | q-2026-07-20-001 |
| gate | blocking |
| question | ${EVIL} |

## Log
- 2026-07-20T08:58:40Z build: SLICE-001 built${OSC}
`;
const QUESTIONS = `# Questions: feat

## q-2026-07-20-001
status: open
gate: blocking
question: ${EVIL}
proposed: Yes${CSI}
`;

/** Raw control characters a terminal acts on (tab and newline are fine). */
// eslint-disable-next-line no-control-regex
const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

let p: Project | undefined;
afterEach(() => p?.cleanup());

async function run(argv: string[], tty = false): Promise<{ exit: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const io: Io = {
    env: { DEVRITES_NOW: "2026-07-20T10:00:00Z", NO_COLOR: "1" }, cwd: p!.dir, stdout: (t) => void (out += t), stderr: (t) => void (err += t),
    readLine: async () => undefined, stdinIsTTY: tty, stdoutIsTTY: tty, now: () => new Date("2026-07-20T10:00:00Z"), pid: process.pid, hostname: os.hostname(),
  };
  const exit = await main(argv, io);
  return { exit, out, err };
}

describe("workspace control characters are printed escaped", () => {
  it.each([
    [["questions"], true],
    [["questions", "show", "q-2026-07-20-001"], true],
    [["status"], true],
    [["state", "resolve", "--interactive"], true],
    [["check"], false], // names positions, does not echo the text
  ])("%j: no raw control character on stdout or stderr (echoed text shows ESC as \\x1b: %s)", async (argv, echoes) => {
    p = makeProject({ ".devrites/ACTIVE": "feat\n", [`${W}/state.md`]: STATE, [`${W}/questions.md`]: QUESTIONS });
    const r = await run(argv);
    expect(RAW.test(r.out), JSON.stringify(r.out)).toBe(false);
    expect(RAW.test(r.err), JSON.stringify(r.err)).toBe(false);
    if (echoes) expect(r.out + r.err).toMatch(/\\x1b/);
  });

  it.each([[["questions", "--json"]], [["questions", "show", "q-2026-07-20-001", "--json"]], [["status", "--json"]]])(
    "%j: JSON-escaped (C1 and DEL too), and parses back to the file's text",
    async (argv) => {
      p = makeProject({ ".devrites/ACTIVE": "feat\n", [`${W}/state.md`]: STATE, [`${W}/questions.md`]: QUESTIONS });
      const r = await run(argv);
      expect(RAW.test(r.out), JSON.stringify(r.out)).toBe(false);
      expect(r.out).toContain(JSON.stringify(EVIL).slice(1, -1).replace(/[\u007f-\u009f]/g, (c) => `\\u00${c.charCodeAt(0).toString(16)}`));
      expect(JSON.stringify(JSON.parse(r.out))).toContain(JSON.stringify(EVIL).slice(1, -1));
    },
  );

  it("check warns control-characters with file:line:col for state.md and questions.md", async () => {
    p = makeProject({ ".devrites/ACTIVE": "feat\n", [`${W}/state.md`]: STATE, [`${W}/questions.md`]: QUESTIONS });
    const r = await run(["check", "--json"]);
    const d = (JSON.parse(r.out) as { diagnostics: { file: string; line: number; col: number; rule: string }[] }).diagnostics
      .filter((x) => x.rule === "control-characters")
      .map((x) => `${x.file.replace(/^.*\//, "")}:${x.line}:${x.col}`);
    expect(d).toEqual(expect.arrayContaining(["state.md:7:16", "state.md:16:18", "state.md:19:46", "questions.md:6:15", "questions.md:7:14"]));
  });
});

describe("terminalText / jsonText", () => {
  it.each([
    ["plain text is unchanged", "Ship it ✓\ttab\nnewline", "Ship it ✓\ttab\nnewline"],
    ["ESC", "a\u001b[2Jb", "a\\x1b[2Jb"],
    ["BEL, NUL, CR, DEL", "\u0007\u0000\r\u007f", "\\x07\\x00\\x0d\\x7f"],
    ["C1 CSI", "\u009b31m", "\\u009b31m"],
  ])("%s", (_name, text, want) => {
    expect(terminalText(text)).toBe(want);
  });

  it("the engine's own styles become real SGR, a forged one stays escaped", () => {
    const styled = makeStyle(true).bold("Waiting") + " \u001b[1mforged";
    expect(terminalText(styled)).toBe("\u001b[1mWaiting\u001b[22m \\x1b[1mforged");
  });

  it("jsonText escapes DEL and C1 and keeps the value", () => {
    const text = JSON.stringify({ q: "a\u007fb\u0085c\u009b" });
    expect(jsonText(text)).toBe('{"q":"a\\u007fb\\u0085c\\u009b"}');
    expect(JSON.parse(jsonText(text))).toEqual(JSON.parse(text));
  });
});

// Bidi embeddings, overrides and isolates (Trojan Source): a terminal does not act on them, but
// they reorder how the rest of a line displays, so an answer or a question can read as
// something else. Escaped like C1 everywhere the engine prints, warned by check.
const RLO = "\u202e"; // right-to-left override
const LRI = "\u2066"; // left-to-right isolate
const PDI = "\u2069"; // pop directional isolate
const BIDI_Q = `Ship ${RLO}it now${LRI}?${PDI}`;
const BIDI_STATE = STATE.replace(EVIL, BIDI_Q).replace(`build${CSI}`, `build${RLO}`).replace(`built${OSC}`, "built");
const BIDI_QUESTIONS = QUESTIONS.replace(EVIL, BIDI_Q).replace(`Yes${CSI}`, `Yes${RLO}`);
// eslint-disable-next-line no-control-regex
const RAW_BIDI = /[\u202a-\u202e\u2066-\u2069]/;

describe("bidi controls are printed escaped and check warns about them", () => {
  const bidiProject = () => makeProject({ ".devrites/ACTIVE": "feat\n", [`${W}/state.md`]: BIDI_STATE, [`${W}/questions.md`]: BIDI_QUESTIONS });

  it.each([[["questions"]], [["questions", "show", "q-2026-07-20-001"]], [["status"]], [["log"]]])("%j: no raw bidi control on stdout or stderr, shown as \\u202e", async (argv) => {
    p = bidiProject();
    // An answer with bidi controls is stored (it is text a person wrote) and reaches events.jsonl.
    expect((await run(["state", "resolve", "q-2026-07-20-001", `Keep ${RLO}one${PDI}`])).exit).toBe(0);
    if (argv[0] !== "log") p.write(`${W}/state.md`, BIDI_STATE);
    if (argv[0] !== "log") p.write(`${W}/questions.md`, BIDI_QUESTIONS);
    const r = await run(argv);
    expect(r.exit, r.err).toBe(0);
    expect(RAW_BIDI.test(r.out + r.err), JSON.stringify(r.out + r.err)).toBe(false);
    expect(r.out + r.err).toMatch(/\\u202e/);
  });

  it.each([[["questions", "--json"]], [["status", "--json"]], [["log", "--json"]]])("%j: JSON-escaped (\\u202e), and parses back to the text", async (argv) => {
    p = bidiProject();
    expect((await run(["state", "resolve", "q-2026-07-20-001", `Keep ${RLO}one${PDI}`])).exit).toBe(0);
    if (argv[0] !== "log") p.write(`${W}/questions.md`, BIDI_QUESTIONS);
    if (argv[0] !== "log") p.write(`${W}/state.md`, BIDI_STATE);
    const r = await run(argv);
    expect(RAW_BIDI.test(r.out), r.out).toBe(false);
    expect(r.out).toContain("\\u202e");
    expect(JSON.stringify(JSON.parse(r.out))).toMatch(RAW_BIDI);
  });

  it("check warns bidi-controls with file:line:col in state.md and in questions.md (read as bytes)", async () => {
    p = bidiProject();
    const r = await run(["check", "--json"]);
    expect(RAW_BIDI.test(r.out)).toBe(false);
    const d = (JSON.parse(r.out) as { diagnostics: { file: string; line: number; col: number; rule: string }[] }).diagnostics
      .filter((x) => x.rule === "bidi-controls")
      .map((x) => `${x.file.replace(/^.*\//, "")}:${x.line}:${x.col}`);
    expect(d).toEqual(expect.arrayContaining(["state.md:7:16", "state.md:16:19", "questions.md:6:16", "questions.md:7:14"]));
  });

  it("a slice id with a bidi control is refused like one with C1 (exit 5), and the refusal shows it escaped", async () => {
    p = bidiProject();
    p.write(".devrites/AFK", "max_slices: 3\n");
    const r = await run(["budget", "spend", `SLICE-${RLO}100`]);
    expect(r.exit).toBe(5);
    expect(r.err).toContain("SLICE-\\u202e100");
    expect(RAW_BIDI.test(r.err)).toBe(false);
  });

  it.each([
    ["RLO", `a${RLO}b`, "a\\u202eb"],
    ["LRE, PDF", "\u202ax\u202c", "\\u202ax\\u202c"],
    ["isolates", `${LRI}x\u2067y\u2068z${PDI}`, "\\u2066x\\u2067y\\u2068z\\u2069"],
    ["RLM and LRM are marks, not controls: kept", "a\u200fb\u200e", "a\u200fb\u200e"],
  ])("terminalText and jsonText: %s", (_name, text, want) => {
    expect(terminalText(text)).toBe(want);
    expect(jsonText(JSON.stringify(text))).toBe(JSON.stringify(text).replace(text, want));
    expect(JSON.parse(jsonText(JSON.stringify(text)))).toBe(text);
  });
});

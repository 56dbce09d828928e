// Printed commands are safe to paste (commands.md, Trust boundary). A question id comes from a
// file anyone can commit; `## q-$(id>PWN)` once made `status`, `questions show` and the --json
// hint of `state close` print `devrites-engine state resolve q-$(id>PWN) --option 1 --human`,
// which runs `id` when a person or an agent pastes it. Every id, slug and path placed in a
// printed command goes through shellWord: the lines are pasted into a real bash here, with
// `devrites-engine` a function that records its arguments, and nothing runs but that function.

import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { shellWord } from "../../src/shell-word.js";
import { runMain } from "../helpers/cli.js";
import { makeRng } from "../helpers/generate.js";
import { projectFromExample, type Project } from "../helpers/project.js";

const WS = ".devrites/work/session-token-rotation";
const AWAITED = "q-2026-09-02-003";
const HOSTILE = "q-$(id>PWN)";

let project: Project | undefined;
afterEach(() => project?.cleanup());

/** The words bash makes of `line` (one per line of output: printf %q of each), run with -c. */
function bashWords(lines: string[]): { status: number | null; words: string[][]; stderr: string } {
  const script = ["devrites-engine() { printf '%s\\0' \"$@\"; printf '\\n--end--\\n'; }", ...lines].join("\n");
  const r = spawnSync("bash", ["--norc", "--noprofile", "-c", script], { encoding: "utf8", cwd: project?.dir });
  const words = r.stdout.split("\n--end--\n").filter((s) => s !== "").map((s) => s.split("\0").slice(0, -1));
  return { status: r.status, words, stderr: r.stderr };
}

describe("shellWord", () => {
  it.each([
    ["q-2026-07-20-001", "q-2026-07-20-001"],
    ["session-token-rotation", "session-token-rotation"],
    ["/tmp/dir/.devrites", "/tmp/dir/.devrites"],
    ["q-$(id>PWN)", "'q-$(id>PWN)'"],
    ["q-`id`", "'q-`id`'"],
    ["it's", "'it'\\''s'"],
    ["", "''"],
    ["a b", "'a b'"],
    ["~/x", "'~/x'"],
    ["q-*", "'q-*'"],
  ])("%j is printed as %s (plain words as they are)", (word, printed) => {
    expect(shellWord(word)).toBe(printed);
  });

  it("bash reads every printed word back as the same one word: generated strings with quotes, $, backticks, globs, newlines, unicode", () => {
    const rng = makeRng(0x5e11);
    const alphabet = ["a", "Z", "0", "-", "q", "'", '"', "$", "(", ")", "`", "\\", "*", "?", "[", "]", "{", "}", ";", "&", "|", "<", ">", "!", "#", "~", " ", "\t", "\n", "é", "=", "%", "+", ","];
    const samples = Array.from({ length: 300 }, () => Array.from({ length: rng.int(0, 12) }, () => rng.pick(alphabet)).join(""));
    const r = bashWords(samples.map((s) => `devrites-engine ${shellWord(s)}`));
    expect(r.status, r.stderr).toBe(0);
    expect(r.words).toEqual(samples.map((s) => [s]));
  });
});

describe("printed commands with a hand-edited hostile question id (issue reproduction)", () => {
  function hostileExample(): Project {
    const p = (project = projectFromExample());
    for (const f of ["questions.md", "state.md"]) p.write(`${WS}/${f}`, p.read(`${WS}/${f}`).split(AWAITED).join(HOSTILE));
    return p;
  }

  it("status, questions show and the --json hint of state close quote the id; pasted into bash, the lines run nothing and pass it as one word", async () => {
    const p = hostileExample();
    const status = await runMain(["status"], { cwd: p.dir });
    const show = await runMain(["questions", "show", HOSTILE], { cwd: p.dir });
    const close = await runMain(["state", "close", "session-token-rotation", "--json"], { cwd: p.dir });
    expect(status.exit, status.stderr).toBe(0);
    expect(show.exit, show.stderr).toBe(0);
    expect(close.exit).toBe(3);
    const printed = [...status.stdout.split("\n"), ...show.stdout.split("\n")].map((l) => l.trim()).filter((l) => l.startsWith("devrites-engine "));
    expect(printed).toContain(`devrites-engine state resolve '${HOSTILE}' --option 1 --human`);
    const hint = (JSON.parse(close.stdout) as { hint: string }).hint;
    expect(hint).toContain(`devrites-engine state resolve '${HOSTILE}' "<answer>"`);
    // The command inside the hint, as a person copies it: from the program name to the closing parenthesis.
    const fromHint = hint.slice(hint.indexOf("devrites-engine state resolve"), hint.indexOf('"<answer>"') + '"<answer>"'.length);
    const r = bashWords([...printed, fromHint]);
    expect(r.status, r.stderr).toBe(0);
    expect(p.exists("PWN")).toBe(false);
    for (const words of r.words) expect(words.filter((w) => w.startsWith("q-"))).toEqual([HOSTILE]);
    expect(r.words).toHaveLength(printed.length + 1);
  });

  it("check names the id as outside the grammar; the hints of check, pause and a written-answer refusal quote it", async () => {
    const p = hostileExample();
    const check = await runMain(["check"], { cwd: p.dir });
    expect(check.stdout).toMatch(/question-bad-id malformed question id "q-\$\(id>PWN\)"/);
    const pause = await runMain(["state", "pause", "--reason", "approval"], { cwd: p.dir });
    expect(pause.exit).toBe(3);
    expect(pause.stderr).toContain(`devrites-engine state resolve '${HOSTILE}' "<answer>" --human`);
    expect(pause.stderr).toContain(`devrites-engine state resolve --drop '${HOSTILE}' "<reason>" --human`);
    const noAnswer = await runMain(["state", "resolve", HOSTILE], { cwd: p.dir });
    expect(noAnswer.exit).toBe(5);
    expect(noAnswer.stderr).toContain(`devrites-engine state resolve '${HOSTILE}' "<answer>" --human`);
    expect(`${check.stdout}${pause.stderr}${noAnswer.stderr}`).not.toMatch(/devrites-engine [a-z -]+ q-\$/);
  });

  it("a plain id prints byte for byte as before: `devrites-engine state resolve q-2026-09-02-003 --option 1 --human`", async () => {
    const p = (project = projectFromExample());
    const status = await runMain(["status"], { cwd: p.dir });
    expect(status.stdout).toContain(`\n    devrites-engine state resolve ${AWAITED} --option 1 --human\n`);
  });

  it("a --root path that names nothing is quoted in the hint's init command", async () => {
    const p = (project = projectFromExample());
    const r = await runMain(["status", "--root", "no such $(touch PWN2)"], { cwd: p.dir });
    expect(r.exit).toBe(2);
    expect(r.stderr).toContain("--root 'no such $(touch PWN2)'");
    expect(fs.existsSync(p.path("PWN2"))).toBe(false);
  });
});

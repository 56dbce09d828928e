// The docs are tests: every ```console / ```sh block of README.md and docs/*.md that runs the
// engine is run here, in the workspace its prose sets up (the `<!-- doc-test … -->` marker
// before it, see doc-blocks.ts), with the built CLI on PATH as `devrites-engine`, and each
// command's exit code and output (stdout and stderr, interleaved as a terminal shows them) must
// be what the doc prints. A block that cannot run here carries `skip: <reason>`. Blocks that
// continue one another run in order in one shell; the chains run concurrently.

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execa } from "execa";
import { afterAll, describe, expect, it } from "vitest";
import { CLI_PATH, FIXTURES_DIR, REPO_DIR } from "../helpers/project.js";
import { docBlocks, outputMatches, type DocBlock } from "./doc-blocks.js";

/**
 * `gh` as the docs use it, offline: `gh api …` prints the comment thread named by
 * DOC_TEST_GH_THREAD (a file of test/docs/threads/), and `gh issue|pr comment` takes the
 * body and prints nothing.
 */
const GH_STUB = `#!/bin/sh
case "$1" in
  api) exec cat "${path.join(REPO_DIR, "test", "docs", "threads")}/\${DOC_TEST_GH_THREAD:?the marker names no thread}" ;;
  issue|pr) [ "$2" = comment ] && cat >/dev/null && exit 0 ;;
esac
echo "gh stub: $*: not a call the docs make" >&2
exit 2
`;

/**
 * `npx` without a registry: the one package the docs run with it, the MCP inspector CLI, is
 * this repo's dev dependency at the version docs/mcp.md names.
 */
const NPX_STUB = `#!/bin/sh
if [ "$1" = @modelcontextprotocol/inspector-cli ]; then
  shift
  exec ${JSON.stringify(process.execPath)} ${JSON.stringify(path.join(REPO_DIR, "node_modules", "@modelcontextprotocol", "inspector-cli", "build", "cli.js"))} "$@"
fi
if [ "$1" = devrites-engine ]; then
  # The project's own copy, found as npx finds it: in node_modules/.bin here or in a parent.
  dir="$PWD"
  while [ "$dir" != / ] && [ ! -e "$dir/node_modules/.bin/devrites-engine" ]; do dir=$(dirname "$dir"); done
  if [ -e "$dir/node_modules/.bin/devrites-engine" ]; then
    shift
    npm_command=exec PATH="$dir/node_modules/.bin:$PATH" exec ${JSON.stringify(process.execPath)} "$dir/node_modules/.bin/devrites-engine" "$@"
  fi
fi
echo "npx stub: $*: not a package the docs run" >&2
exit 2
`;

const VERSION = (JSON.parse(fs.readFileSync(path.join(REPO_DIR, "package.json"), "utf8")) as { version: string }).version;

/**
 * `npm` as the README tour uses it, offline and without a build: `npm pack` leaves a tarball's
 * name, and `npm install` of it links this repo's built CLI into the project's
 * node_modules/.bin, where npm would put it (npx above then runs it from there, as npx does).
 * The real pack and install of that route are test/package/install.test.ts's.
 */
const NPM_STUB = `#!/bin/sh
case "$1" in
  pack) dest=.; [ "$2" = --pack-destination ] && dest="$3"; : > "$dest/devrites-engine-${VERSION}.tgz"; echo "devrites-engine-${VERSION}.tgz"; exit 0 ;;
  install) mkdir -p node_modules/.bin && ln -sfn ${JSON.stringify(REPO_DIR)} node_modules/devrites-engine && ln -sfn ../devrites-engine/dist/devrites-engine.cjs node_modules/.bin/devrites-engine; exit 0 ;;
esac
echo "npm stub: $*: not a call the docs make" >&2
exit 2
`;

const DOCS = ["README.md", ...fs.readdirSync(path.join(REPO_DIR, "docs")).filter((f) => f.endsWith(".md")).sort().map((f) => `docs/${f}`)];
const blocks: DocBlock[] = DOCS.flatMap((f) => docBlocks(f, fs.readFileSync(path.join(REPO_DIR, f), "utf8")));

/** Run blocks grouped into chains: a `continue` block joins the chain before it in its file. */
const chains: DocBlock[][] = [];
for (const b of blocks) {
  if (b.marker.skip !== undefined) continue;
  const last = chains[chains.length - 1];
  if (b.marker.continue === true && last !== undefined && last[0]!.file === b.file) last.push(b);
  else chains.push([b]);
}

const counts = { run: 0, skipped: 0, matched: 0 };

const TOKEN = "@@doc-test:";
/** Workspaces a doc's prose describes that no fixture holds: one shell script each, run in the empty project directory. */
const SETUPS = path.join(REPO_DIR, "test", "docs", "setups");

/** The shell lines that (re)create a block's starting workspace in `root` (cwd: the chain's base). */
function setupLines(setup: string, root: string, where: string): string[] {
  const q = JSON.stringify;
  if (setup === "clone") return [`mkdir -p clone && cp -r ${q(path.join(REPO_DIR, ".devrites.example"))} clone/.devrites.example && cd clone`];
  const fresh = [`rm -rf ${q(root)} && mkdir -p ${q(root)}`];
  if (setup === "empty") return [...fresh, `cd ${q(root)}`];
  if (setup === "example") return [...fresh, `cp -r ${q(path.join(REPO_DIR, ".devrites.example"))} ${q(root)}/.devrites && cd ${q(root)}`];
  if (setup.startsWith("fixture:")) return [...fresh, `cp -r ${q(path.join(FIXTURES_DIR, setup.slice("fixture:".length)))}/. ${q(root)}/ && cd ${q(root)}`];
  const script = path.join(SETUPS, `${setup}.sh`);
  if (!fs.existsSync(script)) throw new Error(`${where}: unknown setup "${setup}" (example, empty, clone, fixture:<name>, or a script of test/docs/setups/)`);
  return [...fresh, `cd ${q(root)} && { REPO=${q(REPO_DIR)} sh ${q(script)} || { printf '\\n${TOKEN}before-failed %s\\n' ${q(`${where}: setup ${setup}`)}; exit 97; }; }`];
}

/**
 * One shell script for a chain: the first block's setup, each block's `before:` lines, then each
 * command between markers. An `each` block starts every command from its setup again.
 */
function scriptOf(chain: DocBlock[], base: string, rootDir: string, subst: (s: string) => string): string {
  const out = ["exec 2>&1", "exec </dev/null", `cd ${JSON.stringify(base)}`, "__rc=0"];
  for (const [bi, b] of chain.entries()) {
    const m = b.marker;
    const where = `${b.file}:${b.line}`;
    const setup = setupLines(m.setup, rootDir, where);
    const before = m.before.map((cmd) => `{ ${subst(cmd)}\n} >/dev/null || { printf '\\n${TOKEN}before-failed %s\\n' ${JSON.stringify(`${where}: ${cmd}`)}; exit 97; }`);
    if (bi === 0 && !m.each) out.push(...setup);
    if (!m.each) out.push(...before);
    for (const [ci, c] of b.commands.entries()) {
      if (m.each) out.push(`cd ${JSON.stringify(base)}`, ...setup, ...before);
      out.push(`printf '\\n${TOKEN}${bi}.${ci}\\n'`, "(exit $__rc)", subst(c.text), "__rc=$?", `printf '\\n${TOKEN}rc %d\\n' "$__rc"`);
    }
  }
  return out.join("\n") + "\n";
}

/** An event id's random suffix (`ev-<ts>-<hex>`) is not the doc's to show. */
const unrandom = (line: string) => line.replace(/("ev-[^"]*?-)[0-9a-f]{6,}"/g, '$1…"');

interface Ran {
  output: string[];
  exit: number;
}

/** Each command's output and exit code, in chain order, from the script's marked stream. */
function splitRun(stdout: string): Ran[] {
  const out: Ran[] = [];
  const re = new RegExp(`\\n${TOKEN}\\d+\\.\\d+\\n([\\s\\S]*?)\\n${TOKEN}rc (\\d+)\\n`, "g");
  for (const m of stdout.matchAll(re)) {
    const text = m[1]!.replace(/\n+$/, "");
    out.push({ output: text === "" ? [] : text.split("\n"), exit: Number(m[2]) });
  }
  return out;
}

async function runChain(chain: DocBlock[]): Promise<string[]> {
  const first = chain[0]!;
  const marker = first.marker;
  const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "devrites-doc-")));
  try {
    const bin = path.join(base, ".bin");
    fs.mkdirSync(bin);
    fs.writeFileSync(path.join(bin, "devrites-engine"), `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(CLI_PATH)} "$@"\n`, { mode: 0o755 });
    const rootDir = path.join(base, path.basename(marker.root));
    fs.writeFileSync(path.join(bin, "gh"), GH_STUB, { mode: 0o755 });
    fs.writeFileSync(path.join(bin, "npx"), NPX_STUB, { mode: 0o755 });
    fs.writeFileSync(path.join(bin, "npm"), NPM_STUB, { mode: 0o755 });
    const subst = (s: string) => s.split(marker.root).join(rootDir);
    const env = { PATH: `${bin}:/usr/bin:/bin`, HOME: base, REPO: REPO_DIR, LANG: "C.UTF-8", NO_COLOR: "1", TZ: "UTC", ...marker.env };
    const r = await execa("bash", ["-c", scriptOf(chain, base, rootDir, subst)], { cwd: base, env, extendEnv: false, reject: false, stripFinalNewline: false, timeout: 30_000 });
    const stdout = String(r.stdout).split(rootDir).join(marker.root).split(base).join("/tmp");
    if (stdout.includes(`${TOKEN}before-failed`)) return [`${first.file}:${first.line}: a before: line of its marker failed:\n${stdout}`];
    const ran = splitRun("\n" + stdout);
    const problems: string[] = [];
    let k = 0;
    for (const b of chain) {
      counts.run++;
      let ok = true;
      for (const c of b.commands) {
        const got = ran[k++];
        const where = `${b.file}:${c.line}: $ ${c.text}`;
        if (got === undefined) {
          problems.push(`${where}\n  did not run (the shell ended: exit ${r.exitCode})`);
          ok = false;
          continue;
        }
        const exitOk = c.exit === undefined || c.exit === got.exit || (c.exit === "nonzero" && got.exit !== 0);
        const outOk = b.lang === "sh" || b.marker.each === true || outputMatches(c.expected.map(unrandom), got.output.map(unrandom));
        if (exitOk && outOk) continue;
        ok = false;
        problems.push(
          [
            where,
            ...(exitOk ? [] : [`  exit: doc says ${c.exit}, got ${got.exit}`]),
            ...(outOk ? [] : ["  doc shows:", ...c.expected.map((l) => `    | ${l}`), "  got:", ...got.output.map((l) => `    | ${l}`)]),
          ].join("\n"),
        );
      }
      if (ok) counts.matched++;
    }
    return problems;
  } finally {
    fs.rmSync(base, { recursive: true, force: true });
  }
}

describe("the docs' examples run as printed", () => {
  it("finds the engine blocks of README.md and docs/, and every skipped one gives its reason", () => {
    expect(blocks.length).toBeGreaterThan(50);
    const noReason = blocks.filter((b) => b.marker.skip === "").map((b) => `${b.file}:${b.line}`);
    expect(noReason).toEqual([]);
    counts.skipped = blocks.filter((b) => b.marker.skip !== undefined).length;
  });

  it.concurrent.each(chains.map((c) => [`${c[0]!.file}:${c[0]!.line}${c.length > 1 ? ` (+${c.length - 1} continuing)` : ""}`, c] as const))("%s", async (_name, chain) => {
    const problems = await runChain(chain);
    if (problems.length > 0) throw new Error(`the doc and the engine differ:\n\n${problems.join("\n\n")}`);
  });
});

afterAll(() => {
  console.log(`docs as tests: ${blocks.length} engine blocks in README.md and docs/: ${counts.run} run, ${counts.skipped} skipped with a reason, ${counts.matched} matched`);
});

// The published package as a user gets it: `npm pack` in a fresh checkout (no dist/: the pack
// builds it), installed offline into an empty project from vendor/ (so it needs no registry, and
// a teammate's `npm ci` of that project works too), its CLI run
// through `npx`, and its library imported by TypeScript with the shipped declarations, without
// @types/node. Slow (build + pack + install): one file, one shared install.

import fs from "node:fs";
import path from "node:path";
import { execa, execaSync } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli, T } from "../helpers/cli.js";
import { makeProject, REPO_DIR, type Project } from "../helpers/project.js";

const TSC = path.join(REPO_DIR, "node_modules", "typescript", "bin", "tsc");
const EXAMPLE = path.join(REPO_DIR, ".devrites.example");

let consumer: Project;
let installLog = "";
/** The paths inside the tarball (npm pack --json). */
let packedFiles: string[] = [];
/** The fresh checkout the tarball was packed from. */
let checkout: string;
/** The tarball's path inside the consumer project (vendor/…). */
let vendored = "";

/** The environment of a user's shell: no DEVRITES_* leaking in from the test run, no network. */
function userEnv(extra: Record<string, string> = {}): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith("DEVRITES_") && !k.startsWith("npm_")) env[k] = v;
  return { ...env, npm_config_offline: "true", npm_config_audit: "false", npm_config_fund: "false", NO_COLOR: "1", ...extra };
}

/**
 * The repository as `git clone` gives it (tracked files and new ones not ignored: no dist/, no
 * node_modules/), with the repo's node_modules linked in, as `npm ci` would install them.
 */
function freshCheckout(dir: string): void {
  const listed = execaSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: REPO_DIR }).stdout.split("\0");
  for (const f of listed.filter((f) => f !== "" && fs.existsSync(path.join(REPO_DIR, f)))) {
    fs.mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
    fs.copyFileSync(path.join(REPO_DIR, f), path.join(dir, f));
  }
  fs.symlinkSync(path.join(REPO_DIR, "node_modules"), path.join(dir, "node_modules"), "dir");
}

/**
 * A strict consumer that checks the package's declarations too, without skipLibCheck. With
 * `node: false` it has no Node types at all (`types: []`): the public API must not need
 * @types/node. The docs' examples use `process` and `fs`, so they get the repo's @types/node.
 */
function consumerTsconfig(node: boolean, files: string[]): string {
  const types = node ? { typeRoots: [path.join(REPO_DIR, "node_modules", "@types")], types: ["node"] } : { typeRoots: [], types: [] };
  const compilerOptions = { target: "ES2022", module: "ESNext", moduleResolution: "bundler", lib: ["ES2023"], ...types, strict: true, noEmit: true, skipLibCheck: false };
  return JSON.stringify({ compilerOptions, files });
}

/** The ```ts examples of docs/library.md, each as a module. */
function libraryExamples(): string[] {
  const doc = fs.readFileSync(path.join(REPO_DIR, "docs", "library.md"), "utf8");
  return [...doc.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => `${m[1]}export {};\n`);
}

/** `start` run once, at its first call (from beforeAll, which starts them all together): its promise. */
function once<T>(start: () => Promise<T>): () => Promise<T> {
  let started: Promise<T> | undefined;
  return () => (started ??= start());
}

async function tsc(config: string) {
  return execa(process.execPath, [TSC, "-p", config], { cwd: consumer.dir, env: userEnv(), reject: false, all: true, stripFinalNewline: false }).then((r) => ({ exit: r.exitCode, out: String(r.all) }));
}

/**
 * One compile for the checks below (tsc costs seconds): a consumer without Node's types and a
 * file with a deliberate error, beside the docs' examples (with Node's types, for process and
 * fs); only the deliberate error may be reported, and it must.
 */
const compileConsumer = once(async () => {
  const examples = libraryExamples();
  expect(examples.length).toBeGreaterThan(0);
  examples.forEach((text, i) => consumer.write(`example-${i + 1}.ts`, text));
  consumer.write("tsconfig.json", consumerTsconfig(false, ["good.ts", "bad.ts"]));
  consumer.write("tsconfig.examples.json", consumerTsconfig(true, examples.map((_, i) => `example-${i + 1}.ts`)));
  consumer.write(
    "good.ts",
    [
      'import { EXIT_CODES, main, parseQuestions, planResolve, statusOf, type Bytes, type Io, type QuestionsDoc } from "devrites-engine";',
      "const doc: QuestionsDoc = parseQuestions(\"# Questions\\n\");",
      "const states: string[] = doc.blocks.map((b) => String(statusOf(b)));",
      "const io: Io = { env: {}, cwd: \".\", stdout: () => {}, stderr: () => {}, stdinIsTTY: false, stdoutIsTTY: false, now: () => new Date(), pid: 1, hostname: \"h\" };",
      "const code: Promise<number> = main([\"--version\"], io);",
      "declare const bytes: Bytes;",
      'const plan = planResolve({ slug: "s", questions: bytes, state: "", decisions: undefined }, { entries: [], human: false, recordDecision: false, now: new Date() });',
      "const pieces: readonly Uint8Array[] | undefined = plan.questions;",
      "export { states, code, pieces, EXIT_CODES };",
      "",
    ].join("\n"),
  );
  consumer.write("bad.ts", 'import { parseQuestions } from "devrites-engine";\nexport const n: number = parseQuestions("# Questions\\n");\n');
  const [c, e] = await Promise.all([tsc("tsconfig.json"), tsc("tsconfig.examples.json")]);
  return { consumer: c, examples: e };
});

/** A teammate's clone: the committed files (package.json, the lock, vendor/), no node_modules; `npm ci` there, then its bin. */
const teammateCi = once(async () => {
  const clone = `${consumer.dir}-clone`;
  try {
    fs.mkdirSync(path.join(clone, "vendor"), { recursive: true });
    for (const f of ["package.json", "package-lock.json", vendored]) fs.copyFileSync(consumer.path(f), path.join(clone, f));
    const ci = await execa("npm", ["ci", "--offline", "--no-audit", "--no-fund"], { cwd: clone, env: userEnv(), reject: false, all: true });
    const r = await execa(path.join(clone, "node_modules/.bin/devrites-engine"), ["--version"], { cwd: clone, env: userEnv(), reject: false });
    return { ci, r };
  } finally {
    fs.rmSync(clone, { recursive: true, force: true });
  }
});

/** `npx --no-install devrites-engine --version` in a project that did not install it. */
const npxOutside = once(async () => {
  const empty = makeProject({ "package.json": "{}\n" });
  try {
    return await execa("npx", ["--no-install", "devrites-engine", "--version"], { cwd: empty.dir, env: userEnv(), reject: false, all: true, timeout: 30_000 });
  } finally {
    empty.cleanup();
  }
});

/** `npx devrites-engine status` in the consumer (the example workspace copied in), and the repo's build's status there. */
const npxStatus = once(async () => {
  const env = userEnv({ DEVRITES_NOW: T, TZ: "UTC" });
  const [r, repo] = await Promise.all([
    execa("npx", ["--no-install", "devrites-engine", "status"], { cwd: consumer.dir, env, reject: false, stripFinalNewline: false }),
    runCli(["status"], { cwd: consumer.dir, env: { TZ: "UTC" } }),
  ]);
  return { r, repo };
});

/** The installed library imported by a Node script: a parser, and main(["check"]) on the example workspace. */
const runLibrary = once(async () => {
  consumer.write(
    "run.mjs",
    [
      'import { main, parseQuestions } from "devrites-engine";',
      "const out = [];",
      'const io = { env: { NO_COLOR: "1" }, cwd: process.cwd(), stdout: (t) => out.push(t), stderr: (t) => out.push(t), stdinIsTTY: false, stdoutIsTTY: false, now: () => new Date(), pid: process.pid, hostname: "h" };',
      'const code = await main(["check"], io);',
      'console.log(JSON.stringify({ blocks: parseQuestions("# Questions\\n").blocks.length, code, out: out.join("") }));',
      "",
    ].join("\n"),
  );
  return execa(process.execPath, ["run.mjs"], { cwd: consumer.dir, env: userEnv({ DEVRITES_NOW: T }), reject: false });
});

beforeAll(async () => {
  consumer = makeProject({ "package.json": JSON.stringify({ name: "consumer", version: "1.0.0", private: true, type: "module" }, null, 2) + "\n" });
  const packDir = path.join(consumer.dir, "..", `${path.basename(consumer.dir)}-pack`);
  checkout = path.join(consumer.dir, "..", `${path.basename(consumer.dir)}-checkout`);
  fs.mkdirSync(packDir);
  freshCheckout(checkout);
  try {
    const pack = await execa("npm", ["pack", "--pack-destination", packDir, "--json"], { cwd: checkout, env: userEnv() });
    const [packed] = JSON.parse(pack.stdout) as { filename: string; files: { path: string }[] }[];
    packedFiles = packed!.files.map((f) => f.path);
    const tarball = path.join(packDir, packed!.filename);
    // As the README says: the tarball kept inside the project, so a teammate's clone has it.
    vendored = `vendor/${path.basename(tarball)}`;
    fs.mkdirSync(consumer.path("vendor"));
    fs.copyFileSync(tarball, consumer.path(vendored));
    const install = await execa("npm", ["install", "--save-dev", `./${vendored}`, "--offline", "--no-audit", "--no-fund"], { cwd: consumer.dir, env: userEnv(), all: true });
    installLog = String(install.all);
  } finally {
    fs.rmSync(packDir, { recursive: true, force: true });
  }
  // The processes below only read the installed project (or a copy of it): they start together
  // here, each test awaits its own. The example workspace is copied first, for status and check.
  fs.cpSync(EXAMPLE, consumer.path(".devrites"), { recursive: true });
  for (const run of [teammateCi, npxOutside, npxStatus, compileConsumer, runLibrary]) void run().catch(() => {});
}, 300_000);

afterAll(() => {
  consumer?.cleanup();
  if (checkout) fs.rmSync(checkout, { recursive: true, force: true });
});

describe("the packed tarball installed into an empty project", () => {
  it("`npm pack` in a fresh checkout builds first (prepare): the tarball holds every built file, LICENSE and README", () => {
    const built = fs.readdirSync(path.join(checkout, "dist"), { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.relative(checkout, path.join(e.parentPath, e.name)));
    for (const f of ["dist/devrites-engine.cjs", "dist/index.mjs", "dist/types/index.d.ts"]) expect(built).toContain(f);
    expect(built.some((f) => /^dist\/engine-[\w-]+\.cjs$/.test(f))).toBe(true);
    expect(built.some((f) => /^dist\/chunks\/commands-[\w-]+\.cjs$/.test(f))).toBe(true);
    expect(built.filter((f) => !packedFiles.includes(f))).toEqual([]);
    for (const f of ["LICENSE", "README.md", "package.json"]) expect(packedFiles).toContain(f);
  });

  it("the install a team can share: package.json records the tarball inside the project, and `npm ci` on a fresh clone of it installs offline and runs", async () => {
    const manifest = JSON.parse(fs.readFileSync(consumer.path("package.json"), "utf8")) as { devDependencies?: Record<string, string> };
    expect(manifest.devDependencies).toEqual({ "devrites-engine": `file:${vendored}` });
    const { ci, r } = await teammateCi();
    expect(ci.exitCode, String(ci.all)).toBe(0);
    expect({ exit: r.exitCode, stdout: String(r.stdout) }).toEqual({ exit: 0, stdout: JSON.parse(fs.readFileSync(path.join(REPO_DIR, "package.json"), "utf8")).version });
  });

  it("outside a project that installed it, `npx --no-install devrites-engine` (the README's warning) stops at once and asks no registry", async () => {
    const r = await npxOutside();
    expect(r.exitCode).not.toBe(0);
    expect(String(r.all)).not.toContain("0.1.0");
  });

  it("the installed bin runs: node_modules/.bin/devrites-engine --version prints the package's version", async () => {
    const { version } = JSON.parse(fs.readFileSync(path.join(REPO_DIR, "package.json"), "utf8")) as { version: string };
    const r = await execa(consumer.path("node_modules/.bin/devrites-engine"), ["--version"], { cwd: consumer.dir, env: userEnv(), reject: false });
    expect({ exit: r.exitCode, stdout: String(r.stdout), stderr: String(r.stderr) }).toEqual({ exit: 0, stdout: version, stderr: "" });
  });

  it("ships the MIT license that package.json and the README name", () => {
    const license = fs.readFileSync(consumer.path("node_modules/devrites-engine/LICENSE"), "utf8");
    expect(license).toMatch(/^MIT License\n\nCopyright \(c\) 2026 the devrites-engine authors\n\nPermission is hereby granted, free of charge,/);
    expect(license).toContain('THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND');
    const manifest = JSON.parse(fs.readFileSync(consumer.path("node_modules/devrites-engine/package.json"), "utf8")) as { license: string };
    expect(manifest.license).toBe("MIT");
    expect(fs.readFileSync(path.join(REPO_DIR, "README.md"), "utf8")).toMatch(/\bMIT\b/);
  });

  it("installs offline as exactly one package: everything it runs is bundled in dist/", () => {
    expect(installLog).toMatch(/added 1 package/);
    const installed = fs.readdirSync(consumer.path("node_modules")).filter((n) => !n.startsWith("."));
    expect(installed).toEqual(["devrites-engine"]);
  });

  it("`npx devrites-engine status` on a copy of the example prints what the repo's build prints, its commands as npx runs them, exit 0", async () => {
    const { r, repo } = await npxStatus();
    expect(r.exitCode, String(r.stderr)).toBe(0);
    expect(repo.exit).toBe(0);
    // Installed in the project only, the commands to paste start as the person started it (docs/cli.md, How printed commands start).
    expect(String(r.stdout)).toBe(repo.stdout.replace(/^( +)devrites-engine /gm, "$1npx devrites-engine "));
    expect(String(r.stdout)).toContain("\n    npx devrites-engine state resolve q-2026-09-02-003 --option 1 --human\n");
    expect(String(r.stdout)).toContain("session-token-rotation");
  });

  it("the package runs no script at install (npm 11 warns, pnpm and bun skip them) and ships no code cache of its own", () => {
    const manifest = JSON.parse(fs.readFileSync(consumer.path("node_modules/devrites-engine/package.json"), "utf8")) as { scripts?: Record<string, string> };
    expect(Object.keys(manifest.scripts ?? {}).filter((k) => /^(pre|post)?install$/.test(k))).toEqual([]);
    expect(packedFiles.filter((f) => /v8cache|code-cache/.test(f)), packedFiles.join("\n")).toEqual([]);
  });

  /** The files tsc reported a diagnostic in. */
  const reported = (out: string) => [...new Set([...out.matchAll(/^([^\s(]+)\(\d+,\d+\): error/gm)].map((m) => m[1]!))];

  it("TypeScript compiles a consumer of the library API without @types/node (types: []), with the shipped declarations and no skipLibCheck", async () => {
    const { consumer: r } = await compileConsumer();
    expect(reported(r.out), r.out).toEqual(["bad.ts"]);
  });

  it("the examples of docs/library.md compile against the shipped declarations", async () => {
    const { examples: r } = await compileConsumer();
    expect({ exit: r.exit, out: r.out }).toEqual({ exit: 0, out: "" });
  });

  it("the same check reports a deliberate type error, so a missing or `any` declaration cannot pass", async () => {
    const { consumer: r } = await compileConsumer();
    expect(r.exit).not.toBe(0);
    expect(r.out).toMatch(/^bad\.ts\(2,14\): error TS2322/m);
    expect(r.out.match(/error TS/g), r.out).toHaveLength(1);
  });

  it("the installed library entry imports only Node builtins up front: the lazily loaded commands (with micromark, execa, the MCP stand-in, yaml and remark-stringify) and help are lazy chunks", () => {
    const entry = fs.readFileSync(consumer.path("node_modules/devrites-engine/dist/index.mjs"), "utf8");
    const staticImports = [...entry.matchAll(/^import\b[^;]*?from\s+"([^"]+)"/gm)].map((m) => m[1] as string);
    expect(staticImports.filter((s) => !s.startsWith("node:"))).toEqual([]);
    // A chunk is <name>-<hash>.mjs, and the 8-character hash may itself hold a "-".
    const lazy = [...new Set([...entry.matchAll(/import\("\.\/lib\/([a-z-]+)-[\w-]{8}\.mjs"\)/g)].map((m) => m[1]))].sort();
    // micromark (check), execa (notify, from question add), the MCP stand-in (mcp), and since
    // status and budget check load on first use (hotChunk in the command table) remark-stringify
    // (status --markdown) and yaml (the sentinel) are reached through the commands chunk, each
    // itself lazy.
    expect(lazy).toEqual(["commands", "person-facing"]);
    expect(entry.length).toBeLessThan(400_000);
  });

  it("the installed library runs under Node: a parser, and main([\"check\"]), which loads the micromark chunk", async () => {
    const r = await runLibrary();
    expect(r.exitCode, String(r.stderr)).toBe(0);
    const res = JSON.parse(String(r.stdout)) as { blocks: number; code: number; out: string };
    expect(res).toMatchObject({ blocks: 0, code: 0 });
    expect(res.out).toContain("session-token-rotation: 0 error(s)");
  });
});

// `detect commands [--json]`: the Go engine's tests (engine/internal/lib/detect_test.go), each
// ported by name on a real project tree run in process: per slot a Makefile target wins over a
// package.json script, which wins over a language manifest; unresolved slots are reported,
// never an error (exit 0); the text lines are the Go engine's writeCommandReport format.

import { afterEach, describe, expect, it } from "vitest";
import { runMain } from "../helpers/cli.js";
import { makeProject, type Project } from "../helpers/project.js";
import { COMMAND_SLOTS, detectCommands, type DetectProbe } from "../../src/domain/detect-commands.js";

let project: Project | undefined;
afterEach(() => project?.cleanup());

async function detect(files: Record<string, string>, ...args: string[]) {
  project = makeProject(files);
  return runMain(["detect", "commands", "--root", project.dir, ...args], { cwd: project.dir });
}

describe("detect commands (Go: detect_test.go)", () => {
  it("TestDetectMakefileWins: a Makefile target outranks go.mod; go.mod fills the slots the Makefile leaves", async () => {
    const r = await detect({ Makefile: "test:\n\tgo test ./internal/...\n\nlint:\n\tgolangci-lint run\n\nbuild:\n\tgo build ./cmd/x\n", "go.mod": "module example.com/x\n\ngo 1.25\n" });
    expect(r.exit).toBe(0);
    for (const want of ["make test", "make lint", "make build", "go vet ./...", "go test -tags=integration"]) expect(r.stdout).toContain(want);
  });

  it("TestDetectPackageJSONAndManager: scripts run through the lockfile's manager; integration stays unresolved", async () => {
    const r = await detect({ "package.json": `{"scripts":{"test":"vitest","lint":"eslint .","typecheck":"tsc -b","build":"vite build"}}`, "pnpm-lock.yaml": "lockfileVersion: '9.0'\n" });
    expect(r.exit).toBe(0);
    for (const want of ["pnpm test", "pnpm run lint", "pnpm run typecheck", "pnpm run build", "package-manager: pnpm"]) expect(r.stdout).toContain(want);
    expect(r.stdout).toMatch(/^integration {2}= unresolved — no Makefile target, package script, or known manifest covers it$/m);
  });

  it("TestDetectManifestFallbackAndJSON: --json carries the commands by slot name", async () => {
    const r = await detect({ "go.mod": "module example.com/y\n\ngo 1.25\n" }, "--json");
    expect(r.exit).toBe(0);
    const report = JSON.parse(r.stdout) as { project_root: string; commands: { name: string; command: string; source: string }[]; unresolved?: string[] };
    const found = Object.fromEntries(report.commands.map((c) => [c.name, c.command]));
    expect(found.unit).toBe("go test ./...");
    expect(found.vet).toBe("go vet ./...");
    expect(report.project_root).toBe(project!.dir);
    expect(report.unresolved).toBeUndefined();
  });

  it("TestDetectEmptyRepoReportsUnresolved: every slot unresolved, still exit 0", async () => {
    const r = await detect({});
    expect(r.exit).toBe(0);
    expect(r.stdout.split("\n").filter((l) => l.includes("unresolved"))).toHaveLength(COMMAND_SLOTS.length);
    expect(r.stdout).not.toContain("package-manager:");
  });

  it("TestDetectMixedSources: Makefile, package.json and pyproject.toml each fill their own slots", async () => {
    const r = await detect({ Makefile: "test:\n\tpytest -q\n", "package.json": `{"scripts":{"lint":"eslint ."}}`, "package-lock.json": "{}", "pyproject.toml": "[project]\nname='x'\n" });
    expect(r.exit).toBe(0);
    expect(r.stdout).toContain("make test");
    expect(r.stdout).toContain("npm run lint");
    expect(r.stdout).toContain("mypy .");
  });

  // Go answers both with exit 2; here an unknown option is bad input (exit 5), as for every
  // command of this engine, and names the usage.
  it("TestDetectUsageError: `detect` without `commands` is exit 2, an unknown option exit 5 with the usage", async () => {
    project = makeProject({});
    expect((await runMain(["detect"], { cwd: project.dir })).exit).toBe(2);
    const bad = await runMain(["detect", "commands", "--bogus"], { cwd: project.dir });
    expect(bad.exit).toBe(5);
    expect(bad.stderr).toContain("usage: devrites-engine detect commands");
  });

  it("the text lines are the Go format: slot padded to 12, command to 34, then its source", async () => {
    const r = await detect({ Makefile: "test:\n\tx\n" });
    expect(r.stdout.split("\n")).toContain("unit         = make test                          (source: Makefile)");
  });

  it("without --root the project is the nearest .devrites directory's parent, not the working directory", async () => {
    project = makeProject({ ".devrites/work/.keep": "", "Makefile": "lint:\n\tx\n", "sub/deeper/.keep": "" });
    const r = await runMain(["detect", "commands"], { cwd: project.path("sub/deeper") });
    expect(r.exit).toBe(0);
    expect(r.stdout).toContain(`project-root: ${project.dir}\n`);
    expect(r.stdout).toContain("make lint");
  });

  it("writes nothing: the project tree is the same after a run", async () => {
    const r = await detect({ Makefile: "build:\n\tx\n", "package.json": "{}" });
    expect(r.exit).toBe(0);
    expect(project!.listDevrites()).toEqual([]);
  });
});

/** A probe over an in-memory root. */
function probe(files: Record<string, string>, onPath: string[] = []): DetectProbe {
  return { text: (n) => files[n], exists: (n) => n in files, rootFiles: () => Object.keys(files).filter((n) => !n.includes("/")), onPath: (b) => onPath.includes(b) };
}

describe("detect commands' manifest notes and .NET (Go: manifestFallback)", () => {
  it.each<[string, Record<string, string>, string[], string, string, string | undefined]>([
    ["a linter missing from PATH is noted", { "pyproject.toml": "" }, [], "lint", "ruff check", "binary not on PATH"],
    ["a linter on PATH has no note", { "pyproject.toml": "" }, ["ruff"], "lint", "ruff check", undefined],
    ["composer's tools missing under vendor/bin are noted", { "composer.json": "{}" }, [], "unit", "vendor/bin/phpunit", "not installed under vendor/bin"],
    ["composer's tools present under vendor/bin have no note", { "composer.json": "{}", "vendor/bin/phpstan": "" }, [], "vet", "vendor/bin/phpstan analyse", undefined],
    ["a .sln at the root gives dotnet", { "app.sln": "" }, [], "build", "dotnet build", undefined],
  ])("%s", (_name, files, path, slot, command, note) => {
    const c = detectCommands("/p", probe(files, path)).commands.find((x) => x.name === slot);
    expect(c?.command).toBe(command);
    expect(c?.note).toBe(note);
  });

  it("the first manifest present decides: a slot it lacks stays unresolved even if a later manifest has it", () => {
    const r = detectCommands("/p", probe({ "pom.xml": "", "build.gradle": "" }));
    expect(r.unresolved).toEqual(["lint"]);
  });

  it("a package.json that is not JSON gives no scripts but still a package manager", () => {
    const r = detectCommands("/p", probe({ "package.json": "{not json", "yarn.lock": "" }));
    expect(r.package_manager).toBe("yarn");
    expect(r.commands).toEqual([]);
  });
});

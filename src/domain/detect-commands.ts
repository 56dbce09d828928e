// `detect commands`: the conventional gate slots (unit, integration, lint, vet, build) resolved
// from the repository's own wiring (Go: engine/internal/lib/detect.go, detectCommands). Per
// slot the first match wins: a Makefile target, then a package.json script, then a language
// manifest's toolchain. Pure: the caller reads the files and answers the probes.

export const COMMAND_SLOTS = ["unit", "integration", "lint", "vet", "build"] as const;
export type CommandSlot = (typeof COMMAND_SLOTS)[number];

export interface DetectedCommand {
  name: CommandSlot;
  command: string;
  source: string;
  note?: string;
}

export interface CommandReport {
  project_root: string;
  package_manager?: string;
  commands: DetectedCommand[];
  unresolved?: CommandSlot[];
}

/** What the resolver asks of the project root: every answer about a root-level name only. */
export interface DetectProbe {
  /** The text of a root file, or undefined when there is none. */
  text(name: string): string | undefined;
  exists(name: string): boolean;
  /** The root directory's regular-file names (for `.sln` / `.csproj`). */
  rootFiles(): readonly string[];
  /** Whether a tool is on PATH. */
  onPath(binary: string): boolean;
}

const MAKEFILE_TARGET = /^([A-Za-z0-9_][A-Za-z0-9_-]*)\s*:(?:\s|$)/;

const MAKEFILE_SLOTS: Record<CommandSlot, string[]> = {
  unit: ["test", "test-unit", "unit-test", "test-unit-only", "tests"],
  integration: ["test-integration", "integration-test", "integration", "test-e2e", "e2e"],
  lint: ["lint", "lint-check", "check-lint"],
  vet: ["vet", "typecheck", "type-check", "check", "staticcheck"],
  build: ["build", "all"],
};

const PACKAGE_SCRIPTS: Record<CommandSlot, string[]> = {
  unit: ["test:unit", "unit", "test"],
  integration: ["test:integration", "integration", "test:e2e", "e2e"],
  lint: ["lint", "lint:check"],
  vet: ["typecheck", "type-check", "tsc", "check"],
  build: ["build"],
};

const LOCKFILES: [string, string][] = [
  ["pnpm-lock.yaml", "pnpm"], ["yarn.lock", "yarn"], ["bun.lockb", "bun"], ["bun.lock", "bun"],
  ["package-lock.json", "npm"], ["npm-shrinkwrap.json", "npm"],
];

const MANIFESTS: [string, Partial<Record<CommandSlot, string>>][] = [
  ["go.mod", { unit: "go test ./...", integration: "go test -tags=integration ./...", lint: "golangci-lint run", vet: "go vet ./...", build: "go build ./..." }],
  ["Cargo.toml", { unit: "cargo test", integration: "cargo test -- --ignored", lint: "cargo clippy --all-targets", vet: "cargo check", build: "cargo build" }],
  ["pyproject.toml", { unit: "python -m pytest", integration: "python -m pytest -m integration", lint: "ruff check", vet: "mypy .", build: "python -m build" }],
  ["setup.py", { unit: "python -m pytest", integration: "python -m pytest -m integration", lint: "flake8", vet: "mypy ." }],
  ["pom.xml", { unit: "mvn test", integration: "mvn verify", vet: "mvn -q compile", build: "mvn package" }],
  ["build.gradle", { unit: "gradle test", integration: "gradle integrationTest", lint: "gradle check", build: "gradle build" }],
  ["composer.json", { unit: "vendor/bin/phpunit", lint: "vendor/bin/phpcs", vet: "vendor/bin/phpstan analyse" }],
  ["Gemfile", { unit: "bundle exec rspec", integration: "bundle exec rspec --tag integration", lint: "bundle exec rubocop" }],
  ["mix.exs", { unit: "mix test", lint: "mix format --check-formatted", vet: "mix compile --warnings-as-errors", build: "mix compile" }],
];

const VENDOR_BINARIES = new Set(["vendor/bin/phpunit", "vendor/bin/phpcs", "vendor/bin/phpstan"]);
const PATH_PROBED = new Set(["golangci-lint", "ruff", "mypy", "flake8"]);
const DOTNET: Partial<Record<CommandSlot, string>> = { unit: "dotnet test", lint: "dotnet format --verify-no-changes", build: "dotnet build" };

/** The target names a root Makefile defines (the first of Makefile, makefile, GNUmakefile). */
export function makefileTargets(probe: DetectProbe): Set<string> {
  const targets = new Set<string>();
  for (const name of ["Makefile", "makefile", "GNUmakefile"]) {
    const raw = probe.text(name);
    if (raw === undefined) continue;
    for (const line of raw.split("\n")) {
      if (line.startsWith("\t") || line.startsWith(" ")) continue;
      const m = MAKEFILE_TARGET.exec(line);
      if (m) targets.add(m[1] as string);
    }
    break;
  }
  return targets;
}

/** The script names of a root package.json, or undefined when it is absent or not JSON. */
export function packageScripts(probe: DetectProbe): Set<string> | undefined {
  const raw = probe.text("package.json");
  if (raw === undefined) return undefined;
  try {
    const parsed = JSON.parse(raw) as unknown;
    const scripts = parsed !== null && typeof parsed === "object" ? (parsed as { scripts?: unknown }).scripts : undefined;
    if (scripts === undefined || scripts === null) return new Set();
    if (typeof scripts !== "object" || Array.isArray(scripts)) return undefined;
    return new Set(Object.keys(scripts));
  } catch {
    return undefined;
  }
}

/** The JS package manager by lockfile; none without a package.json. */
export function packageManager(probe: DetectProbe): string {
  if (!probe.exists("package.json")) return "";
  for (const [lockfile, manager] of LOCKFILES) if (probe.exists(lockfile)) return manager;
  return "npm";
}

function manifestFallback(probe: DetectProbe, slot: CommandSlot): DetectedCommand | undefined {
  for (const [file, cmds] of MANIFESTS) {
    if (!probe.exists(file)) continue;
    const command = cmds[slot];
    if (command === undefined) return undefined;
    const out: DetectedCommand = { name: slot, command, source: file };
    const binary = command.split(/\s+/)[0] as string;
    if (VENDOR_BINARIES.has(binary) && !probe.exists(binary)) out.note = "not installed under vendor/bin";
    else if (PATH_PROBED.has(binary) && !probe.onPath(binary)) out.note = "binary not on PATH";
    return out;
  }
  const dotnet = DOTNET[slot];
  if (dotnet === undefined) return undefined;
  const project = probe.rootFiles().find((n) => n.endsWith(".sln") || n.endsWith(".csproj"));
  return project === undefined ? undefined : { name: slot, command: dotnet, source: project };
}

/** Every slot resolved for one project root. */
export function detectCommands(projectRoot: string, probe: DetectProbe): CommandReport {
  const resolved = new Map<CommandSlot, DetectedCommand>();
  const targets = makefileTargets(probe);
  for (const slot of COMMAND_SLOTS) {
    const target = MAKEFILE_SLOTS[slot].find((t) => targets.has(t));
    if (target !== undefined) resolved.set(slot, { name: slot, command: `make ${target}`, source: "Makefile" });
  }
  const pm = packageManager(probe);
  const scripts = packageScripts(probe);
  if (scripts !== undefined) {
    for (const slot of COMMAND_SLOTS) {
      if (resolved.has(slot)) continue;
      const name = PACKAGE_SCRIPTS[slot].find((s) => scripts.has(s));
      if (name === undefined) continue;
      const command = name === "test" && ["npm", "pnpm", "yarn"].includes(pm) ? `${pm} test` : `${pm} run ${name}`;
      resolved.set(slot, { name: slot, command, source: "package.json" });
    }
  }
  for (const slot of COMMAND_SLOTS) {
    if (resolved.has(slot)) continue;
    const found = manifestFallback(probe, slot);
    if (found) resolved.set(slot, found);
  }
  const report: CommandReport = { project_root: projectRoot, commands: [] };
  if (pm !== "") report.package_manager = pm;
  const unresolved: CommandSlot[] = [];
  for (const slot of COMMAND_SLOTS) {
    const c = resolved.get(slot);
    if (c) report.commands.push(c);
    else unresolved.push(slot);
  }
  if (unresolved.length > 0) report.unresolved = unresolved;
  return report;
}

const pad = (s: string, n: number) => (s.length >= n ? s : s + " ".repeat(n - s.length));

/** The report as the Go engine prints it (writeCommandReport): aligned `slot = command (source: …)` lines. */
export function commandReportLines(report: CommandReport): string[] {
  const lines = [`project-root: ${report.project_root}`];
  if (report.package_manager) lines.push(`package-manager: ${report.package_manager}`);
  for (const c of [...report.commands].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    lines.push(`${pad(c.name, 12)} = ${pad(c.command, 34)} (source: ${c.source})${c.note ? ` — ${c.note}` : ""}`);
  }
  for (const slot of report.unresolved ?? []) {
    lines.push(`${pad(slot, 12)} = unresolved — no Makefile target, package script, or known manifest covers it`);
  }
  return lines;
}

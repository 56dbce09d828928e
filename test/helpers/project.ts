// Temporary project directories for e2e and workspace tests: write files, read them back.

import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export interface Project {
  dir: string;
  path(rel: string): string;
  read(rel: string): string;
  exists(rel: string): boolean;
  write(rel: string, content: string): void;
  /** Every file under `.devrites`, relative, sorted (to assert "no temp files"). */
  listDevrites(): string[];
  cleanup(): void;
}

/** Create a temp project with `files` (relative path → content). */
export function makeProject(files: Record<string, string> = {}): Project {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "devrites-test-")));
  const p: Project = {
    dir,
    path: (rel) => path.join(dir, rel),
    read: (rel) => fs.readFileSync(path.join(dir, rel), "utf8"),
    exists: (rel) => fs.existsSync(path.join(dir, rel)),
    write(rel, content) {
      fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      fs.writeFileSync(path.join(dir, rel), content);
    },
    listDevrites() {
      const out: string[] = [];
      const walk = (d: string) => {
        for (const e of fs.readdirSync(d, { withFileTypes: true })) {
          const full = path.join(d, e.name);
          if (e.isDirectory()) walk(full);
          else out.push(path.relative(dir, full));
        }
      };
      if (fs.existsSync(path.join(dir, ".devrites"))) walk(path.join(dir, ".devrites"));
      return out.sort();
    },
    cleanup: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
  for (const [rel, content] of Object.entries(files)) p.write(rel, content);
  return p;
}

/** Copy a fixture workspace directory (fixtures/<name>) into a new temp project. */
export function projectFromFixture(name: string): Project {
  const p = makeProject();
  fs.cpSync(path.join(FIXTURES_DIR, name), p.dir, { recursive: true });
  return p;
}

/** A project holding a copy of the bundled example workspace (`.devrites.example/` as `.devrites/`). */
export function projectFromExample(): Project {
  const p = makeProject();
  fs.cpSync(path.join(REPO_DIR, ".devrites.example"), p.path(".devrites"), { recursive: true });
  return p;
}

/**
 * A project whose `questions` listing (≈ 300 KB: 3,000 open questions) is far larger than a
 * pipe buffer, for the tests of what the CLI does when a pipe fills or closes.
 */
export function projectWithLongListing(): Project {
  const blocks = Array.from({ length: 3000 }, (_, i) => `## q-2026-07-01-${String(i + 1).padStart(3, "0")}\nstatus: open\ngate: advisory\nquestion: Question ${i + 1}, padded so the listing is much longer than one pipe buffer?\n`);
  return makeProject({
    ".devrites/ACTIVE": "big\n",
    ".devrites/work/big/state.md": "# State: big\n\n## Cursor\n| Key | Value |\n| --- | --- |\n| schema | 4 |\n| phase | build |\n| status | running |\n| next_action | /rite-build SLICE-001 |\n\n## Log\n",
    ".devrites/work/big/questions.md": `# Questions: big\n\n${blocks.join("\n")}`,
  });
}

export const REPO_DIR = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
export const FIXTURES_DIR = path.join(REPO_DIR, "fixtures");
/** The built CLI; DEVRITES_TEST_CLI points tests at another build (parallel work, bench). */
export const CLI_PATH = process.env.DEVRITES_TEST_CLI ?? path.join(REPO_DIR, "dist", "devrites-engine.cjs");


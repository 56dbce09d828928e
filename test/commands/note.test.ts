// `note add|list|check|rm` in process on real projects: the Go engine's contract
// (engine/internal/notes/cli.go; grading tests ported from engine/internal/notes/notes_test.go,
// each named after its Go twin), each verb's exit codes (0, 3 refused or drifted, 5 bad
// argument where Go says 2, 2 no workspace where Go says 3) and files (notes.md by splices, an
// event per write, nothing written on a refusal), and the trust boundary (no link followed).

import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { runMain } from "../helpers/cli.js";
import { makeProject, type Project } from "../helpers/project.js";
import { NOTES_SAMPLE } from "../helpers/texts.js";

const W = ".devrites/work/feat";
const NOTES = `${W}/notes.md`;
const SAMPLE = NOTES_SAMPLE;

let project: Project | undefined;
afterEach(() => project?.cleanup());

function repo(files: Record<string, string> = {}): Project {
  project = makeProject({
    ".devrites/ACTIVE": "feat\n",
    [`${W}/state.md`]: "# State\n\n## Cursor\n| Key | Value |\n| --- | --- |\n| schema | 4 |\n| phase | build |\n| status | running |\n",
    "src/pool.go": "package src\n\nconst maxConns = 4\n",
    "src/retry.go": "package src\n\nvar backoff = 250 * attempts\n",
    ...files,
  });
  return project;
}

const note = (p: Project, ...args: string[]) => runMain(["note", ...args], { cwd: p.dir });
const events = (p: Project) => (p.exists(`${W}/events.jsonl`) ? p.read(`${W}/events.jsonl`).trim().split("\n").map((l) => JSON.parse(l).event) : []);

describe("note add", () => {
  it("anchors a note: header on the first, NOTE-### ids in order, an event each", async () => {
    const p = repo();
    let r = await note(p, "add", "feat", "src/pool.go", "maxConns  =\n4", "pool cap rationale", "fairness under bursty saves, not memory");
    expect([r.exit, r.stdout]).toEqual([0, "added: NOTE-001\n"]);
    r = await note(p, "add", "feat", "src/retry.go", "backoff = 250 * attempts", "retry window");
    expect([r.exit, r.stdout]).toEqual([0, "added: NOTE-002\n"]);
    expect(p.read(NOTES)).toBe(SAMPLE.replace("QUOTE: maxConns = 4", "QUOTE: maxConns  = 4"));
    expect(events(p)).toEqual(["note_added", "note_added"]);
  });

  it("keeps a hand-edited notes.md byte for byte, appending after it", async () => {
    const hand = "# Notes we keep\r\n\r\nWritten by hand;  spacing kept.\r\n- NOTE-004: old\r\n  SUBJECT: src/pool.go\r\n  QUOTE: package src\r\n";
    const p = repo({ [NOTES]: hand });
    const r = await note(p, "add", "feat", "src/retry.go", "backoff", "t");
    expect(r.stdout).toBe("added: NOTE-005\n");
    expect(p.read(NOTES)).toBe(hand + "- NOTE-005: t\r\n  SUBJECT: src/retry.go\r\n  QUOTE: backoff\r\n");
  });

  it.each<[string, string[], number, string]>([
    ["a quote the subject does not hold (fail closed)", ["src/pool.go", "maxConns = 9", "t"], 3, "quote not found in src/pool.go"],
    ["a subject that is not there", ["src/none.go", "x", "t"], 3, 'subject "src/none.go" is not a readable repository file'],
    ["a traversing subject", ["../x.go", "x", "t"], 5, "must not contain traversal"],
    ["an absolute subject", ["/etc/passwd", "x", "t"], 5, "not absolute"],
    ["a blank title", ["src/pool.go", "maxConns", "  "], 5, "must be non-blank"],
    ["a blank quote", ["src/pool.go", " \n ", "t"], 5, "must be non-blank"],
  ])("refuses %s (exit %s), writing nothing", async (_name, rest, exit, message) => {
    const p = repo();
    const r = await note(p, "add", "feat", ...rest);
    expect(r.exit).toBe(exit);
    expect(r.stderr).toContain(message);
    expect(p.exists(NOTES)).toBe(false);
    expect(events(p)).toEqual([]);
  });

  it("refuses a malformed notes.md (exit 3) and leaves it as it was", async () => {
    const bad = "- NOTE-001: a\n  QUOTE: q\n";
    const p = repo({ [NOTES]: bad });
    const r = await note(p, "add", "feat", "src/pool.go", "maxConns", "t");
    expect(r.exit).toBe(3);
    expect(r.stderr).toContain("notes.md is malformed; repair or remove it first: note NOTE-001 is missing SUBJECT");
    expect(p.read(NOTES)).toBe(bad);
  });

  it("never reads a subject through a symbolic link, nor writes through a linked notes.md", async () => {
    const p = repo();
    fs.symlinkSync(p.path("src/pool.go"), p.path("src/link.go"));
    expect((await note(p, "add", "feat", "src/link.go", "maxConns", "t")).exit).toBe(3);
    fs.writeFileSync(p.path("elsewhere.md"), "");
    fs.symlinkSync(p.path("elsewhere.md"), p.path(NOTES));
    const r = await note(p, "add", "feat", "src/pool.go", "maxConns", "t");
    expect(r.exit).toBe(3);
    expect(p.read("elsewhere.md")).toBe("");
  });

  it("exit 2 for a workspace that is not there; exit 5 with a missing argument", async () => {
    const p = repo();
    expect((await note(p, "add", "nope", "src/pool.go", "maxConns", "t")).exit).toBe(2);
    expect((await note(p, "add", "feat", "src/pool.go", "maxConns")).exit).toBe(5);
  });
});

describe("note list / check: grades (Go: TestGrade*)", () => {
  it("TestGradeExactMovedStaleAmbiguousLost: each grade in turn, list and check agree", async () => {
    const p = repo({ [NOTES]: SAMPLE });
    let r = await note(p, "check", "feat");
    expect([r.exit, r.stdout]).toEqual([0, "feature: feat\nnotes: 2\nnote: NOTE-001 exact\nnote: NOTE-002 exact\nexact: 2\nmoved: 0\nstale: 0\nambiguous: 0\nlost: 0\nresult: exact\n"]);

    p.write("src/pool.go", "package src\n\nconst maxConns = 8\n");
    p.write("src/config/limits.go", "package config\nconst maxConns = 4\n");
    r = await note(p, "list", "feat");
    expect([r.exit, r.stdout]).toEqual([0, "feature: feat\nNOTE-001: moved | src/pool.go | pool cap rationale -> src/config/limits.go\nNOTE-002: exact | src/retry.go | retry window\n"]);
    r = await note(p, "check", "feat");
    expect(r.exit).toBe(3);
    expect(r.stdout).toContain("note: NOTE-001 moved -> src/config/limits.go (repair with `note check --repair`)\n");
    expect(r.stdout).toContain("moved: 1\n");
    expect(r.stdout.endsWith("result: drifted\n")).toBe(true);

    p.write("src/config/other.go", "package config\nconst maxConns = 4\n");
    expect((await note(p, "check", "feat")).stdout).toContain("note: NOTE-001 ambiguous (re-anchor or `note rm`)\n");

    p.write("src/config/other.go", "package config\nconst other = 1\n");
    p.write("src/config/limits.go", "package config\nconst other = 2\n");
    expect((await note(p, "check", "feat")).stdout).toContain("note: NOTE-001 stale (re-anchor or `note rm`)\n");

    fs.rmSync(p.path("src/pool.go"));
    r = await note(p, "list", "feat", "--json");
    expect(JSON.parse(r.stdout).notes[0]).toMatchObject({ id: "NOTE-001", grade: "lost", moved_to: null });
    expect(p.read(NOTES)).toBe(SAMPLE);
  });

  it("TestGradeSkipsDependencyAndWorkspaceDirs: node_modules and .devrites never hold a moved quote; nor does a linked file", async () => {
    const p = repo({
      [NOTES]: "- NOTE-001: x\n  SUBJECT: src/missing.go\n  QUOTE: depAnchor = 1\n",
      "node_modules/dep/index.js": "var depAnchor = 1\n",
      [`${W}/scratch.md`]: "depAnchor = 1\n",
    });
    const extra = makeProject({ "far.js": "depAnchor = 1\n", "dir/in.js": "depAnchor = 1\n" });
    try {
      fs.symlinkSync(extra.path("far.js"), p.path("src/far.js"));
      fs.symlinkSync(extra.path("dir"), p.path("src/linked"));
      const r = await note(p, "list", "feat");
      expect(r.stdout).toContain("NOTE-001: lost | src/missing.go | x\n");
    } finally {
      extra.cleanup();
    }
  });

  it("a malformed notes.md: list names the errors (exit 3), check says malformed (exit 3)", async () => {
    const p = repo({ [NOTES]: "- NOTE-001: a\nSUBJECT: f.go\n  QUOTE: q\n" });
    const list = await note(p, "list", "feat");
    expect(list.exit).toBe(3);
    expect(list.stdout).toContain('error: line 2: attribute must be indented beneath its note: "SUBJECT: f.go"\n');
    const check = await note(p, "check", "feat");
    expect(check.exit).toBe(3);
    expect(check.stdout.endsWith("result: malformed\n")).toBe(true);
  });

  it("no notes.md: list is the feature line, check is exact (exit 0)", async () => {
    const p = repo();
    expect((await note(p, "list", "feat")).stdout).toBe("feature: feat\n");
    const r = await note(p, "check", "feat");
    expect([r.exit, r.stdout.endsWith("notes: 0\nexact: 0\nmoved: 0\nstale: 0\nambiguous: 0\nlost: 0\nresult: exact\n")]).toEqual([0, true]);
  });
});

describe("note check --repair", () => {
  it("points a moved note's SUBJECT at its new file (only that line changes), then grades exact", async () => {
    const p = repo({ [NOTES]: SAMPLE });
    p.write("src/pool.go", "package src\n\nconst maxConns = 8\n");
    p.write("src/config/limits.go", "package config\nconst maxConns = 4\n");
    const r = await note(p, "check", "feat", "--repair");
    expect(r.exit).toBe(0);
    expect(r.stdout).toContain("note: NOTE-001 exact\n");
    expect(p.read(NOTES)).toBe(SAMPLE.replace("  SUBJECT: src/pool.go", "  SUBJECT: src/config/limits.go"));
    expect(events(p)).toEqual(["notes_repaired"]);
  });

  it("leaves stale notes for a person (exit 3) and writes nothing when nothing moved", async () => {
    const p = repo({ [NOTES]: SAMPLE });
    p.write("src/pool.go", "package src\n");
    const r = await note(p, "check", "feat", "--repair");
    expect(r.exit).toBe(3);
    expect(r.stdout).toContain("note: NOTE-001 stale");
    expect(p.read(NOTES)).toBe(SAMPLE);
    expect(events(p)).toEqual([]);
  });
});

describe("note rm", () => {
  it("removes one block, keeping every other byte; an event", async () => {
    const p = repo({ [NOTES]: SAMPLE + "\nTrailing prose.\n" });
    const r = await note(p, "rm", "feat", "NOTE-001");
    expect([r.exit, r.stdout]).toEqual([0, "removed: NOTE-001\n"]);
    expect(p.read(NOTES)).toBe("# Anchored notes\n\n- NOTE-002: retry window\n  SUBJECT: src/retry.go\n  QUOTE: backoff = 250 * attempts\n\nTrailing prose.\n");
    expect(events(p)).toEqual(["note_removed"]);
  });

  it("an unknown id is exit 3 and writes nothing", async () => {
    const p = repo({ [NOTES]: SAMPLE });
    const r = await note(p, "rm", "feat", "NOTE-009");
    expect(r.exit).toBe(3);
    expect(r.stderr).toContain('unknown note id "NOTE-009"');
    expect(p.read(NOTES)).toBe(SAMPLE);
  });
});

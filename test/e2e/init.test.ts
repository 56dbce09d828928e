// `init <slug>`: a new workspace from the templates in one transaction, ACTIVE switched to
// it (unless --no-activate), and refusals that create nothing.

import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import type { EngineError } from "../../src/errors.js";
import { disk } from "../../src/workspace/disk.js";
import { createWorkspaceDir } from "../../src/workspace/locate.js";
import { parseState, cursorValue } from "../../src/documents/state/parse-state.js";
import { T, runMain } from "../helpers/cli.js";
import { CLI_PATH, makeProject, type Project } from "../helpers/project.js";
import { litter, readEventsOf, snapshot } from "../helpers/snapshot.js";

let p: Project;
afterEach(() => p?.cleanup());

const run = (args: string[], env: Record<string, string> = {}, cwd?: string) => runMain(args, { cwd: cwd ?? p.dir, env });
const W = ".devrites/work/session-token-rotation";

describe("init", () => {
  it("creates the four files from the templates (table-form state, schema 4, phase spec, running) and writes ACTIVE", async () => {
    p = makeProject();
    const r = await run(["init", "session-token-rotation"]);
    expect(r).toEqual({
      exit: 0,
      stdout: `Initialized: session-token-rotation\nWorkspace: ${W}/ (state.md, questions.md, decisions.md, touched-files.md)\nActive:    session-token-rotation\n`,
      stderr: "",
    });
    expect(p.read(`${W}/state.md`)).toBe(
      "# State: session-token-rotation\n\n## Cursor\n| Key | Value |\n| --- | --- |\n| schema | 4 |\n| phase | spec |\n| status | running |\n"
        + "| active_slice | none |\n| slice_mode | none |\n| risk | none |\n| next_action | /rite-spec session-token-rotation |\n",
    );
    expect(p.read(`${W}/questions.md`)).toBe("# Questions: session-token-rotation\n");
    expect(p.read(`${W}/decisions.md`)).toBe("# Decisions: session-token-rotation\n");
    expect(p.read(`${W}/touched-files.md`)).toContain("## Candidate manifest\nNo project files.");
    expect(p.read(".devrites/ACTIVE")).toBe("session-token-rotation\n");
    expect(readEventsOf(p, W)).toMatchObject([{ v: 1, ts: T, event: "initialized", detail: { slug: "session-token-rotation", activated: true } }]);
    expect(litter(p)).toEqual([]);
    const doc = parseState(p.read(`${W}/state.md`));
    expect(doc.form).toBe("table");
    expect([cursorValue(doc, "schema"), cursorValue(doc, "phase"), cursorValue(doc, "status")]).toEqual(["4", "spec", "running"]);
  });

  it("--title names the files' headings; the slug stays in next_action", async () => {
    p = makeProject();
    expect((await run(["init", "billing-export", "--title", "Billing   export\tv2"])).exit).toBe(0);
    const state = p.read(".devrites/work/billing-export/state.md");
    expect(state.startsWith("# State: Billing export v2\n")).toBe(true);
    expect(state).toContain("| next_action | /rite-spec billing-export |");
  });

  it("a second workspace switches ACTIVE and keeps the first untouched", async () => {
    p = makeProject();
    await run(["init", "first"]);
    const first = snapshot(p);
    expect((await run(["init", "second"])).exit).toBe(0);
    expect(p.read(".devrites/ACTIVE")).toBe("second\n");
    for (const [rel, bytes] of first) if (rel.includes("work/first/")) expect(snapshot(p).get(rel)).toBe(bytes);
  });

  it("--no-activate leaves ACTIVE alone (and creates none)", async () => {
    p = makeProject();
    await run(["init", "first"]);
    expect((await run(["init", "second", "--no-activate"])).stdout).toContain("Active:    unchanged (--no-activate)");
    expect(p.read(".devrites/ACTIVE")).toBe("first\n");
    const q = makeProject();
    try {
      expect((await run(["init", "solo", "--no-activate"], {}, q.dir)).exit).toBe(0);
      expect(q.exists(".devrites/ACTIVE")).toBe(false);
    } finally {
      q.cleanup();
    }
  });

  it("an existing workspace is refused (exit 3) and nothing changes", async () => {
    p = makeProject();
    await run(["init", "feat"]);
    p.write(".devrites/work/feat/questions.md", "# Questions: feat\n\n## q-1\nstatus: open\n");
    const before = snapshot(p);
    const r = await run(["init", "feat"]);
    expect(r.exit).toBe(3);
    expect(r.stderr).toContain("workspace feat already exists");
    expect(snapshot(p)).toEqual(before);
  });

  it.each([
    ["", "init takes <slug> (got none)"],
    ["Feat", "invalid workspace slug"],
    ["feat_x", "invalid workspace slug"],
    ["-feat", "invalid workspace slug"],
    ["feat-", "invalid workspace slug"],
    ["feat--x", "invalid workspace slug"],
    ["a/b", "invalid workspace slug"],
    ["..", "invalid workspace slug"],
    ["a".repeat(65), "invalid workspace slug"],
  ])("slug %j is exit 5 and creates nothing", async (slug, message) => {
    p = makeProject();
    const r = await run(slug === "" ? ["init"] : slug.startsWith("-") ? ["init", "--", slug] : ["init", slug]);
    expect(r.exit).toBe(5);
    expect(r.stderr).toContain(message);
    expect(p.exists(".devrites")).toBe(false);
  });

  it("a 64-character slug is fine", async () => {
    p = makeProject();
    expect((await run(["init", "a".repeat(64)])).exit).toBe(0);
  });

  it.each([
    ["--root", (dir: string) => ["init", "feat", "--root", `${dir}/proj`], {}],
    ["DEVRITES_ROOT", () => ["init", "feat"], { DEVRITES_ROOT: "proj" }],
  ])("%s chooses where .devrites is created", async (_name, args, env) => {
    p = makeProject({ "proj/README.md": "x" });
    expect((await run(args(p.dir), env)).exit).toBe(0);
    expect(p.exists("proj/.devrites/work/feat/state.md")).toBe(true);
    expect(p.exists(".devrites")).toBe(false);
  });

  it("a symlinked .devrites is refused (exit 2, unsafe root) and nothing is written through it", async () => {
    p = makeProject({ "real/.keep": "" });
    fs.symlinkSync(p.path("real"), p.path(".devrites"));
    const r = await run(["init", "feat"]);
    expect(r.exit).toBe(2);
    expect(r.stderr).toContain("unsafe root");
    expect(fs.readdirSync(p.path("real"))).toEqual([".keep"]);
  });

  it("run in a subdirectory of a project, joins the project's .devrites (no second one) and says where on stdout", async () => {
    p = makeProject({ "src/lib/x.ts": "" });
    await run(["init", "first"]);
    const r = await run(["init", "second"], {}, p.path("src/lib"));
    expect(r.exit, r.stderr).toBe(0);
    expect(r.stdout).toContain("Workspace: ../../.devrites/work/second/ (");
    expect(r.stdout).toContain(`Root:      ${p.path(".devrites")}\n`);
    expect(p.exists("src/lib/.devrites")).toBe(false);
    expect(p.read(".devrites/ACTIVE")).toBe("second\n");
  });

  it("keeps ACTIVE's mode when it switches it", async () => {
    p = makeProject();
    await run(["init", "first"]);
    fs.chmodSync(p.path(".devrites/ACTIVE"), 0o600);
    await run(["init", "second"]);
    expect(fs.statSync(p.path(".devrites/ACTIVE")).mode & 0o777).toBe(0o600);
  });

  it("a workspace made by init is immediately resolvable end to end", async () => {
    p = makeProject();
    await run(["init", "feat"]);
    p.write(".devrites/work/feat/questions.md", "# Questions: feat\n\n## q-1\nstatus: open\ngate: advisory\nanswered_at:\nanswer:\n");
    expect((await run(["state", "resolve", "q-1", "yes"])).stdout).toBe("Resolved: q-1\nStatus:   answered\nWorkspace: questions.md updated.\n");
  });
});

// A read-only mount, for real: a private mount namespace (`unshare -rm`, no root needed where
// user namespaces are allowed) with a read-only tmpfs, the built CLI run inside it.
const unshareWorks = spawnSync("unshare", ["-rm", "true"]).status === 0;

describe("init on a read-only file system names EROFS, not ENOENT", () => {
  it("Node's recursive mkdir says ENOENT for a parent it could not make: the real code is found level by level", () => {
    p = makeProject();
    const root = p.path(".devrites");
    const real = disk.mkdirSync;
    // What Node does on a read-only mount: the recursive call reports ENOENT, a single level EROFS.
    disk.mkdirSync = (dir, opts) => {
      const err = new Error(`${opts?.recursive ? "ENOENT" : "EROFS"}: mkdir '${dir}'`) as NodeJS.ErrnoException;
      err.code = opts?.recursive ? "ENOENT" : "EROFS";
      throw err;
    };
    try {
      const e = (() => {
        try {
          createWorkspaceDir(root, "demo", ["state.md"]);
        } catch (x) {
          return x as EngineError;
        }
        throw new Error("expected a throw");
      })();
      expect(e.exitCode).toBe(1);
      expect(e.message).toBe(`cannot create ${root}/work/demo (EROFS: read-only file system)`);
      expect(e.hint).toMatch(/read-only/);
    } finally {
      disk.mkdirSync = real;
    }
  });

  it.skipIf(!unshareWorks)("the built CLI on a real read-only tmpfs: exit 1, EROFS and a hint, no 'internal error'", () => {
    p = makeProject();
    const mnt = p.path("ro");
    fs.mkdirSync(mnt);
    const r = spawnSync("unshare", ["-rm", "sh", "-c", 'mount -t tmpfs -o ro tmpfs "$1" && cd "$1" && exec "$2" "$3" init demo', "sh", mnt, process.execPath, CLI_PATH], { encoding: "utf8" });
    expect(r.status, r.stderr).toBe(1);
    expect(r.stderr).toContain(`cannot create ${mnt}/.devrites/work/demo (EROFS: read-only file system)`);
    expect(r.stderr).not.toMatch(/ENOENT|internal error/);
  });
});

import fs from "node:fs";
import os from "node:os";
import { afterEach, describe, expect, it } from "vitest";
import { runMain } from "../helpers/cli.js";
import { makeProject, type Project } from "../helpers/project.js";
import { manifestMd, row, stateMd } from "../domain/sequence-fixtures.js";

let project: Project | undefined;
afterEach(() => project?.cleanup());

const RT = ".devrites/work/release/touched-files.md";
const EV = ".devrites/work/release/events.jsonl";

const ws = (where: "work" | "archive", slug: string, state: string, manifest: string) => ({
  [`.devrites/${where}/${slug}/state.md`]: state,
  [`.devrites/${where}/${slug}/touched-files.md`]: manifest,
  [`.devrites/${where}/${slug}/questions.md`]: `# Questions: ${slug}\n`,
});

/** Two milestones (the second archived) and a release recording the chain. */
function sequence(releaseRows = [row("src/r.ts")], extra: Record<string, string> = {}): Project {
  return makeProject({
    ".devrites/ACTIVE": "release\n",
    ...ws("work", "m1", stateMd(), manifestMd([row("src/a.ts"), row("src/shared.ts", "SLICE-001", "present", "First write.")])),
    ...ws("archive", "m2", stateMd({ sequence_parent: "m1" }), manifestMd([row("src/b.ts", "SLICE-002"), row("src/shared.ts", "SLICE-002", "present", "Rewritten.")])),
    ...ws("work", "release", stateMd({ sequence_parent: "m2", sequence_role: "release" }), manifestMd(releaseRows)),
    ...extra,
  });
}

const MERGED = manifestMd([row("src/a.ts"), row("src/b.ts", "SLICE-002"), row("src/r.ts"), row("src/shared.ts", "SLICE-002", "present", "Rewritten.")]);
const merge = (...args: string[]) => runMain(["state", "merge-manifest", ...args], { cwd: project!.dir });
const events = () => (project!.exists(EV) ? project!.read(EV).trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>) : []);

describe("state merge-manifest (built CLI)", () => {
  it("walks the chain, writes only the release manifest and one manifest_merged event", async () => {
    project = sequence();
    const before = project.listDevrites();
    const r = await merge("release");
    expect(r).toMatchObject({ exit: 0, stderr: "" });
    expect(r.stdout).toBe("merge-manifest: merged 3 manifest(s) into 4 row(s) (1 path collision(s), later position kept)\n");
    expect(project.read(RT)).toBe(MERGED);
    expect(project.listDevrites()).toEqual([...before, EV].sort());
    expect(events()).toMatchObject([
      { v: 1, event: "manifest_merged", ts: "2026-07-20T10:00:00Z", detail: { workspace: "release", mode: "chain", manifests: 3, rows: 4, collisions: 1, predecessors: [{ slug: "m1", archived: false }, { slug: "m2", archived: true }] } },
    ]);
  });

  it("an identical re-run leaves the file byte-identical, prints exactly the one merged line and records nothing", async () => {
    project = sequence();
    await merge("release");
    const merged = project.read(RT);
    const eventsBefore = project.read(EV);
    const r = await merge("release", "m1", "m2");
    expect(r.exit).toBe(0);
    expect(r.stdout).toBe("merge-manifest: merged 3 manifest(s) into 4 row(s) (4 path collision(s), later position kept)\n");
    expect(project.read(RT)).toBe(merged);
    expect(project.read(EV)).toBe(eventsBefore);
  });

  it("--json reports the counts and the predecessors", async () => {
    project = sequence();
    const r = await merge("release", "--json");
    expect(JSON.parse(r.stdout)).toEqual({
      ok: true, exit: 0, workspace: "release", mode: "chain", manifests: 3, rows: 4, collisions: 1, changed: true,
      predecessors: [{ slug: "m1", archived: false }, { slug: "m2", archived: true }],
    });
  });

  it.each([
    ["a target that does not exist", ["ghost"], "no workspace ghost in work/"],
    ["an archived target (archive/ is read-only)", ["m2", "m1"], "workspace m2 is archived"],
    ["a target name that escapes the root", ["../x"], "no workspace ../x in work/"],
    ["a predecessor manifest that breaks the grammar", ["release", "m1", "bad", "m2"], "work/bad/touched-files.md:9:13"],
  ])("%s is BLOCKED with exit 3 and nothing written", async (_name, args, message) => {
    project = sequence(undefined, ws("work", "bad", stateMd(), manifestMd([row("C:/x.ts")])));
    const r = await merge(...args);
    expect(r.exit).toBe(3);
    expect(r.stderr.split("\n")[0]).toMatch(/^merge-manifest: BLOCKED: /);
    expect(r.stderr).toContain(message);
    expect(r.stdout).toBe("");
    expect(project.read(RT)).toBe(manifestMd([row("src/r.ts")]));
    expect(project.exists(EV)).toBe(false);
  });

  it("a symlinked release workspace is BLOCKED (exit 3), never written through", async () => {
    project = sequence();
    fs.renameSync(project.path(".devrites/work/release"), project.path("real-release"));
    fs.symlinkSync(project.path("real-release"), project.path(".devrites/work/release"));
    const r = await merge("release");
    expect(r.exit).toBe(3);
    expect(r.stderr).toMatch(/^merge-manifest: BLOCKED: unsafe workspace/);
    expect(project.read("real-release/touched-files.md")).toBe(manifestMd([row("src/r.ts")]));
  });

  it("a symlinked touched-files.md in the target is BLOCKED (exit 3)", async () => {
    project = sequence();
    fs.renameSync(project.path(RT), project.path("manifest.md"));
    fs.symlinkSync(project.path("manifest.md"), project.path(RT));
    const r = await merge("release");
    expect(r.exit).toBe(3);
    expect(r.stderr).toMatch(/^merge-manifest: BLOCKED: touched-files.md is a symbolic link/);
    expect(project.read("manifest.md")).toBe(manifestMd([row("src/r.ts")]));
  });

  it("the schema gate refuses an old release workspace (exit 3, quoted message)", async () => {
    project = sequence(undefined, { ".devrites/work/release/state.md": stateMd({ sequence_parent: "m2" }, "3") });
    const r = await merge("release");
    expect(r.exit).toBe(3);
    expect(r.stderr).toContain("workspace schema version refused: workspace release predates workspace schema 4");
  });

  it("runs under the release workspace's lock: a live holder makes it busy (exit 9), nothing written", async () => {
    project = sequence();
    project.write(".devrites/work/release/.engine.lock", JSON.stringify({ pid: process.pid, host: os.hostname(), since: "2026-07-20T09:59:00Z" }));
    const r = await runMain(["state", "merge-manifest", "release"], { cwd: project.dir, env: { DEVRITES_LOCK_TIMEOUT_MS: "300" } });
    expect(r.exit).toBe(9);
    expect(project.read(RT)).toBe(manifestMd([row("src/r.ts")]));
  });

  it("no arguments is exit 5", async () => {
    project = sequence();
    const r = await merge();
    expect(r.exit).toBe(5);
    expect(project.read(RT)).toBe(manifestMd([row("src/r.ts")]));
  });
});

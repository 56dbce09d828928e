import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { assertNoCycle } from "../../src/domain/continue-sequence.js";
import { findSequenceMember, sequenceSource } from "../../src/workspace/sequence.js";
import { makeProject, type Project } from "../helpers/project.js";

let project: Project | undefined;
afterEach(() => project?.cleanup());

const root = () => project!.path(".devrites");

describe("finding a sequence member", () => {
  it("a live workspace wins over an archived one of the same name", () => {
    project = makeProject({ ".devrites/work/a/state.md": "live\n", ".devrites/archive/a/state.md": "archived\n" });
    const m = findSequenceMember(root(), "a")!;
    expect(m).toMatchObject({ slug: "a", archived: false, label: "work/a" });
    expect(m.readState()).toBe("live\n");
  });

  it("an archived workspace is found when no live one exists", () => {
    project = makeProject({ ".devrites/archive/a/touched-files.md": "m\n" });
    const m = findSequenceMember(root(), "a")!;
    expect(m).toMatchObject({ archived: true, label: "archive/a" });
    expect(m.readManifest()).toBe("m\n");
    expect(m.readState()).toBeUndefined();
  });

  it.each([["ghost"], [".."], ["a/b"], [""]])("%j is no workspace", (slug) => {
    project = makeProject({ ".devrites/work/a/state.md": "x\n" });
    expect(findSequenceMember(root(), slug)).toBeUndefined();
  });

  it("a symlinked workspace directory is refused (exit 3), not followed", () => {
    project = makeProject({ "elsewhere/state.md": "x\n", ".devrites/archive/a/state.md": "archived\n" });
    fs.mkdirSync(project.path(".devrites/work"), { recursive: true });
    fs.symlinkSync(project.path("elsewhere"), project.path(".devrites/work/a"));
    expect(() => findSequenceMember(root(), "a")).toThrow(expect.objectContaining({ exitCode: 3, message: expect.stringContaining("unsafe workspace: work/a is a symbolic link") }));
  });

  it("a symlinked touched-files.md is refused when read (exit 3)", () => {
    project = makeProject({ "other.md": "x\n", ".devrites/work/a/state.md": "x\n" });
    fs.symlinkSync(project.path("other.md"), project.path(".devrites/work/a/touched-files.md"));
    const m = findSequenceMember(root(), "a")!;
    expect(() => m.readManifest()).toThrow(expect.objectContaining({ exitCode: 3 }));
  });
});

describe("workspaces reached through a symlinked parent directory", () => {
  it("an archive/ that resolves outside the root is refused (exit 3)", () => {
    project = makeProject({ "outside/a/state.md": "x\n", ".devrites/work/b/state.md": "x\n" });
    fs.symlinkSync(project.path("outside"), project.path(".devrites/archive"));
    expect(() => findSequenceMember(root(), "a")).toThrow(expect.objectContaining({ exitCode: 3, message: expect.stringContaining("archive/a resolves outside the root") }));
  });
});

describe("the init --continues cycle check over the disk", () => {
  const st = (parent: string) => `## Cursor\n| Key | Value |\n| --- | --- |\n| schema | 4 |\n| sequence_parent | ${parent} |\n`;

  it("an ancestor in archive/ that names the child is found behind a live parent", () => {
    project = makeProject({ ".devrites/work/p/state.md": st("a"), ".devrites/archive/a/state.md": st("c") });
    expect(() => assertNoCycle("c", "p", sequenceSource(root()))).toThrow(expect.objectContaining({ exitCode: 3, message: "sequence_parent cycle: p already descends from c" }));
  });

  it("a symlinked ancestor fails the check (exit 3) instead of silently ending the walk", () => {
    project = makeProject({ ".devrites/work/p/state.md": st("a"), "elsewhere/state.md": st("c") });
    fs.mkdirSync(project.path(".devrites/archive"), { recursive: true });
    fs.symlinkSync(project.path("elsewhere"), project.path(".devrites/archive/a"));
    expect(() => assertNoCycle("c", "p", sequenceSource(root()))).toThrow(expect.objectContaining({ exitCode: 3, message: expect.stringContaining("unsafe workspace: archive/a is a symbolic link") }));
  });

  it("an ancestor named outside the workspaces (../elsewhere) is no workspace: the walk ends there", () => {
    project = makeProject({ ".devrites/work/p/state.md": st("../../elsewhere"), "elsewhere/state.md": st("c") });
    expect(() => assertNoCycle("c", "p", sequenceSource(root()))).not.toThrow();
  });
});

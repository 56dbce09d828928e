// Root discovery and workspace selection (commands.md, Global behaviour): where the engine
// looks, which slug wins, and the refusals that keep it inside the project.

import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { NoWorkspaceError, RefusedError } from "../../src/errors.js";
import {
  NO_WORKSPACE_MESSAGE, createWorkspaceDir, findRoot, locateAnyWorkspace, isExistingSlug, openWorkspace, readWorkspaceFile, rootForInit, selectedSlug,
} from "../../src/workspace/locate.js";
import { makeProject, type Project } from "../helpers/project.js";
import { thrown } from "../helpers/thrown.js";

let p: Project;
afterEach(() => p?.cleanup());

const project = () => {
  p = makeProject({ ".devrites/ACTIVE": "feat\n", ".devrites/work/feat/state.md": "- Schema: 4\n", "src/deep/nested/file.ts": "" });
  return p;
};

describe("findRoot", () => {
  it("walks up from the working directory to the nearest .devrites", () => {
    project();
    expect(findRoot(p.path("src/deep/nested"), undefined, undefined)).toBe(p.path(".devrites"));
  });

  it("the nearest .devrites wins over one further up", () => {
    project();
    fs.mkdirSync(p.path("src/.devrites/work"), { recursive: true });
    expect(findRoot(p.path("src/deep"), undefined, undefined)).toBe(p.path("src/.devrites"));
  });

  it.each([
    ["the project directory", "."],
    ["the .devrites directory", ".devrites"],
    ["a relative path from elsewhere", "../.."],
  ])("--root may name %s", (_name, rel) => {
    project();
    const cwd = rel === "../.." ? p.path("src/deep") : p.dir;
    expect(findRoot(cwd, rel, undefined)).toBe(p.path(".devrites"));
  });

  it("--root wins over DEVRITES_ROOT, which wins over walking up", () => {
    project();
    const other = makeProject({ ".devrites/work/x/state.md": "" });
    try {
      expect(findRoot(p.dir, undefined, other.dir)).toBe(path.join(other.dir, ".devrites"));
      expect(findRoot(other.dir, p.dir, other.dir)).toBe(p.path(".devrites"));
      expect(findRoot(p.dir, undefined, "")).toBe(p.path(".devrites"));
    } finally {
      other.cleanup();
    }
  });

  it("no .devrites anywhere is exit 2 with the no-workspace message", () => {
    p = makeProject({ "a/b.txt": "" });
    const e = thrown(() => findRoot(p.path("a"), undefined, undefined));
    // The temp dir may sit under a directory with its own .devrites only on odd machines.
    expect(e).toBeInstanceOf(NoWorkspaceError);
    expect(e.message).toBe(NO_WORKSPACE_MESSAGE);
  });

  it("--root naming a directory without .devrites is exit 2", () => {
    p = makeProject({ "empty/x": "" });
    expect(thrown(() => findRoot(p.dir, "empty", undefined)).exitCode).toBe(2);
  });

  it.each([
    ["walking up", (dir: string) => findRoot(dir, undefined, undefined)],
    ["--root", (dir: string) => findRoot(dir, ".", undefined)],
    ["--root naming the link itself", (dir: string) => findRoot(dir, ".devrites", undefined)],
  ])("a symlinked .devrites is refused (%s): exit 2, unsafe root", (_name, find) => {
    p = makeProject({ "real/work/feat/state.md": "" });
    fs.symlinkSync(p.path("real"), p.path(".devrites"));
    const e = thrown(() => find(p.dir));
    expect(e).toBeInstanceOf(NoWorkspaceError);
    expect(e.message).toMatch(/^unsafe root: /);
  });
});

describe("selectedSlug", () => {
  it.each([
    ["--workspace wins", "opt", "env", "active\n", "opt"],
    ["DEVRITES_WORKSPACE next", undefined, "env", "active\n", "env"],
    ["an empty DEVRITES_WORKSPACE is ignored", undefined, "", "active\n", "active"],
    ["ACTIVE's first line, trimmed", undefined, undefined, "  active  \nsecond\n", "active"],
    ["a CRLF ACTIVE", undefined, undefined, "active\r\n", "active"],
    ["a CR alone does not end ACTIVE's first line", undefined, undefined, "act\rive\nsecond\n", "act\rive"],
    ["an ACTIVE with no line end", undefined, undefined, "  active", "active"],
    ["an empty ACTIVE names none", undefined, undefined, "\n", undefined],
    ["a missing ACTIVE names none", undefined, undefined, null, undefined],
  ])("%s", (_name, option, env, active, want) => {
    p = makeProject(active === null ? { ".devrites/work/.keep": "" } : { ".devrites/ACTIVE": active });
    expect(selectedSlug(p.path(".devrites"), option, env)).toBe(want);
  });
});

describe("openWorkspace", () => {
  it("opens work/<slug> inside the root", () => {
    project();
    expect(openWorkspace(p.path(".devrites"), "feat")).toEqual({ root: p.path(".devrites"), slug: "feat", dir: p.path(".devrites/work/feat") });
  });

  it.each([
    ["no slug", undefined],
    ["an empty slug", ""],
    ["a path", "../feat"],
    ["a nested path", "work/feat"],
    ["a backslash", "a\\b"],
    ["dot", "."],
    ["dot-dot", ".."],
    ["an unknown slug", "other"],
    ["a space", "my feat"],
  ])("%s is exit 2 (No active workspace); a slug that was given is named first", (_name, slug) => {
    project();
    const e = thrown(() => openWorkspace(p.path(".devrites"), slug));
    expect(e).toBeInstanceOf(NoWorkspaceError);
    if (slug === undefined) expect(e.message).toBe(NO_WORKSPACE_MESSAGE);
    else {
      expect(e.message.startsWith(JSON.stringify(slug)) || e.message.startsWith(`unknown workspace ${JSON.stringify(slug)}: `)).toBe(true);
      expect(e.message.endsWith(`. ${NO_WORKSPACE_MESSAGE}`)).toBe(true);
    }
  });

  it.each([
    ["a missing ACTIVE", undefined, /ACTIVE does not exist; workspaces here: feat \(pick one with --workspace SLUG\), or start one with devrites-engine init <slug>/],
    ["an empty ACTIVE", "\n", /ACTIVE names no workspace \(write a workspace slug into it\); workspaces here: feat/],
  ])("no slug with %s: the hint says which, and how to get one", (_name, active, hint) => {
    project();
    if (active === undefined) fs.rmSync(p.path(".devrites/ACTIVE"), { force: true });
    else p.write(".devrites/ACTIVE", active);
    expect(thrown(() => openWorkspace(p.path(".devrites"), undefined)).hint).toMatch(hint);
  });

  it("existing workspaces may use letters, digits, '.', '_' and '-' in any case", () => {
    p = makeProject({ ".devrites/work/Legacy_Import.v2/state.md": "" });
    expect(openWorkspace(p.path(".devrites"), "Legacy_Import.v2").slug).toBe("Legacy_Import.v2");
    expect(["Legacy_Import.v2", "a", "a-b", "..a", "a..b"].every(isExistingSlug)).toBe(true);
    expect(["", ".", "..", "a/b", "a b", "é"].some(isExistingSlug)).toBe(false);
  });

  it("a symlinked work/<slug> is refused: exit 2, unsafe workspace", () => {
    project();
    fs.mkdirSync(p.path("elsewhere"));
    fs.symlinkSync(p.path("elsewhere"), p.path(".devrites/work/linked"));
    const e = thrown(() => openWorkspace(p.path(".devrites"), "linked"));
    expect(e.exitCode).toBe(2);
    expect(e.message).toMatch(/^unsafe workspace: .*symbolic link/);
  });

  it("a work/ directory that is a symlink out of the root is refused: exit 2, resolves outside the root", () => {
    p = makeProject({ "outside/feat/state.md": "", ".devrites/ACTIVE": "feat\n" });
    fs.symlinkSync(p.path("outside"), p.path(".devrites/work"));
    const e = thrown(() => openWorkspace(p.path(".devrites"), "feat"));
    expect(e.exitCode).toBe(2);
    expect(e.message).toMatch(/^unsafe workspace: .*resolves outside the root/);
  });

  it("a file named like the workspace is not a workspace (exit 2)", () => {
    p = makeProject({ ".devrites/work/feat": "not a dir" });
    expect(thrown(() => openWorkspace(p.path(".devrites"), "feat")).exitCode).toBe(2);
  });
});

describe("locateAnyWorkspace", () => {
  it("looks in live work/ first, then archive/; a symlinked workspace is refused (exit 2), never followed", () => {
    p = makeProject({ ".devrites/work/a/state.md": "", ".devrites/archive/a/state.md": "", ".devrites/archive/b/state.md": "" });
    fs.symlinkSync(p.path(".devrites/archive/b"), p.path(".devrites/work/c"));
    const root = p.path(".devrites");
    expect(locateAnyWorkspace(root, "a")).toEqual({ ws: { root, slug: "a", dir: p.path(".devrites/work/a") }, archived: false });
    expect(locateAnyWorkspace(root, "b")).toEqual({ ws: { root, slug: "b", dir: p.path(".devrites/archive/b") }, archived: true });
    expect(locateAnyWorkspace(root, "ghost")).toBeUndefined();
    expect(locateAnyWorkspace(root, "../work/a")).toBeUndefined();
    const err = thrown(() => locateAnyWorkspace(root, "c"));
    expect(err.exitCode).toBe(2);
    expect(err.message).toContain("unsafe workspace");
  });
});

describe("readWorkspaceFile", () => {
  it("reads a regular file as UTF-8, bytes as they are (CRLF kept)", () => {
    project();
    p.write(".devrites/work/feat/questions.md", "a\r\nb");
    expect(readWorkspaceFile(p.path(".devrites/work/feat"), "questions.md", true)).toBe("a\r\nb");
  });

  it("a missing required file is exit 2 naming it and its path", () => {
    project();
    const e = thrown(() => readWorkspaceFile(p.path(".devrites/work/feat"), "questions.md", true));
    expect(e).toBeInstanceOf(NoWorkspaceError);
    expect(e.message).toBe(`questions.md missing at ${p.path(".devrites/work/feat/questions.md")}`);
  });

  it("a missing optional file is undefined", () => {
    project();
    expect(readWorkspaceFile(p.path(".devrites/work/feat"), "decisions.md", false)).toBeUndefined();
  });

  it.each([true, false])("a symlinked file is refused with exit 3 (required: %s), even when its target exists", (required) => {
    project();
    p.write("target.md", "x");
    fs.symlinkSync(p.path("target.md"), p.path(".devrites/work/feat/questions.md"));
    const e = thrown(() => readWorkspaceFile(p.path(".devrites/work/feat"), "questions.md", required));
    expect(e).toBeInstanceOf(RefusedError);
    expect(e.message).toMatch(/questions.md is a symbolic link/);
  });

  it("a directory in a file's place is refused with exit 3", () => {
    project();
    fs.mkdirSync(p.path(".devrites/work/feat/questions.md"));
    expect(thrown(() => readWorkspaceFile(p.path(".devrites/work/feat"), "questions.md", true)).exitCode).toBe(3);
  });
});

describe("createWorkspaceDir and rootForInit", () => {
  it("creates work/<slug> with its parents", () => {
    p = makeProject();
    const ws = createWorkspaceDir(p.path(".devrites"), "new-feat", ["state.md"]);
    expect(fs.statSync(ws.dir).isDirectory()).toBe(true);
  });

  it("an existing workspace holding a workspace file is refused with exit 3", () => {
    project();
    const e = thrown(() => createWorkspaceDir(p.path(".devrites"), "feat", ["state.md", "questions.md"]));
    expect(e).toBeInstanceOf(RefusedError);
    expect(e.message).toMatch(/workspace feat already exists/);
  });

  it("an existing empty directory (an init killed before its commit) is reused", () => {
    p = makeProject();
    fs.mkdirSync(p.path(".devrites/work/feat"), { recursive: true });
    expect(createWorkspaceDir(p.path(".devrites"), "feat", ["state.md"]).dir).toBe(p.path(".devrites/work/feat"));
  });

  it("a symlink at work/<slug> is refused with exit 2", () => {
    p = makeProject({ "elsewhere/x": "" });
    fs.mkdirSync(p.path(".devrites/work"), { recursive: true });
    fs.symlinkSync(p.path("elsewhere"), p.path(".devrites/work/feat"));
    expect(thrown(() => createWorkspaceDir(p.path(".devrites"), "feat", ["state.md"])).exitCode).toBe(2);
  });

  it.each([
    [undefined, undefined, ".devrites"],
    ["sub", undefined, "sub/.devrites"],
    ["sub/.devrites", undefined, "sub/.devrites"],
    [undefined, "envdir", "envdir/.devrites"],
  ])("init's root for --root %j and DEVRITES_ROOT %j is %s", (opt, env, want) => {
    p = makeProject();
    expect(rootForInit(p.dir, opt, env)).toBe(p.path(want));
  });

  it.each([
    ["a subdirectory of a project uses the project's .devrites", "proj/src/deep", undefined, "proj/.devrites"],
    ["--root overrides the one found walking up", "proj/src/deep", "proj/src", "proj/src/.devrites"],
    ["no .devrites anywhere up is the working directory's", "other/sub", undefined, "other/sub/.devrites"],
  ])("init's root: %s", (_name, cwd, opt, want) => {
    p = makeProject({ "proj/.devrites/ACTIVE": "feat\n", "proj/src/deep/x.ts": "", "other/sub/x": "" });
    expect(rootForInit(p.path(cwd), opt === undefined ? undefined : p.path(opt), undefined)).toBe(p.path(want));
  });

  it("init refuses a symlinked .devrites (exit 2)", () => {
    p = makeProject({ "real/x": "" });
    fs.symlinkSync(p.path("real"), p.path(".devrites"));
    expect(thrown(() => rootForInit(p.dir, undefined, undefined)).exitCode).toBe(2);
  });
});

describe("readWorkspaceFile: encoding", () => {
  it("a file that is not valid UTF-8 is refused with exit 5 (decoding would change its bytes on the next write)", () => {
    project();
    fs.writeFileSync(p.path(".devrites/work/feat/questions.md"), Buffer.from([0x23, 0x20, 0x63, 0x61, 0x66, 0xe9, 0x0a]));
    const e = thrown(() => readWorkspaceFile(p.path(".devrites/work/feat"), "questions.md", true));
    expect(e.exitCode).toBe(5);
    expect(e.message).toMatch(/^questions.md is not valid UTF-8/);
  });

  it("a UTF-8 byte-order mark is kept as text, so it is written back unchanged", () => {
    project();
    p.write(".devrites/work/feat/questions.md", "\ufeff# Q\n");
    expect(readWorkspaceFile(p.path(".devrites/work/feat"), "questions.md", true)).toBe("\ufeff# Q\n");
  });
});

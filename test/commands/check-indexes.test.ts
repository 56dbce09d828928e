// `check indexes`: the Go engine's tests (engine/internal/lib/environment_report_test.go), each
// ported by name, plus the trust boundary: presence is looked at, nothing is opened, and a
// path reached through a link is absent (the Go engine followed it).

import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { ENGINE_VERSION } from "../../src/version.js";
import { runMain } from "../helpers/cli.js";
import { makeProject, type Project } from "../helpers/project.js";

let project: Project | undefined;
afterEach(() => project?.cleanup());

interface Report { engine_version: string; project_root: string; devrites_root?: string; manifest: { path: string; present: boolean }; indexes: { path: string; present: boolean }[] }

describe("check indexes (Go: environment_report_test.go)", () => {
  it("TestEnvironmentReportForDetectsManifestAndIndexes: the manifest and .codegraph present, four index probes in order", async () => {
    project = makeProject({ ".devrites/work/.keep": "", ".claude/devrites.manifest": "devrites\n", ".codegraph/db": "" });
    const r = await runMain(["check", "indexes", "--json"], { cwd: project.dir });
    expect(r.exit).toBe(0);
    const report = JSON.parse(r.stdout) as Report;
    expect(report.project_root).toBe(project.dir);
    expect(report.devrites_root).toBe(project.path(".devrites"));
    expect(report.manifest).toEqual({ path: ".claude/devrites.manifest", present: true });
    expect(report.indexes).toEqual([
      { path: ".codegraph", present: true },
      { path: ".code-review-graph", present: false },
      { path: ".codebase-memory", present: false },
      { path: "graph.json", present: false },
    ]);
  });

  it("TestRunEnvironmentCheckWritesJSON: --root a project without .devrites prints the JSON object (text mode too), exit 0", async () => {
    project = makeProject({ "graph.json": "{}" });
    const r = await runMain(["check", "indexes", "--root", project.dir], { cwd: project.dir });
    expect(r.exit).toBe(0);
    const report = JSON.parse(r.stdout) as Report;
    expect(report.engine_version).toBe(ENGINE_VERSION);
    expect(report.manifest.present).toBe(false);
    expect(report.devrites_root).toBeUndefined();
    expect(report.indexes.find((i) => i.path === "graph.json")?.present).toBe(true);
  });

  it("an index or manifest reached through a symbolic link is absent: never followed", async () => {
    project = makeProject({ ".devrites/work/.keep": "", "real/devrites.manifest": "x\n", "real-index/x": "" });
    fs.symlinkSync(project.path("real"), project.path(".claude"));
    fs.symlinkSync(project.path("real-index"), project.path(".codegraph"));
    const report = JSON.parse((await runMain(["check", "indexes"], { cwd: project.dir })).stdout) as Report;
    expect(report.manifest.present).toBe(false);
    expect(report.indexes[0]).toEqual({ path: ".codegraph", present: false });
  });
});

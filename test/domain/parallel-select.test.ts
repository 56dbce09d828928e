// `parallel select`'s rule, ported from the Go engine's engine/internal/parallel/select_test.go
// (each case names its Go test), and the command through main(): the Go engine's
// `select: n_eff=<n> mode=<mode> slices=<ids>` line, exit 3 `parallel select: <why>`.

import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { formatSelection, selectGreedy, selectMode } from "../../src/domain/parallel-select.js";
import { isProjectSymlink } from "../../src/workspace/project-files.js";
import { runMain } from "../helpers/cli.js";
import { makeProject, type Project } from "../helpers/project.js";

let p: Project | undefined;
afterEach(() => p?.cleanup());

const ids = (r: ReturnType<typeof selectGreedy>) => ("problem" in r ? r : r.selected.map((s) => s.id));

describe("parallel select (Go: select_test.go)", () => {
  it("a one-slice round is not a latch: the next round with four ready selects four (TestSelectGreedyOneThenMany)", () => {
    expect(ids(selectGreedy(5, [{ id: "SLICE-001", paths: ["src/a.go"] }]))).toEqual(["SLICE-001"]);
    const round2 = selectGreedy(5, ["b", "c", "d", "e"].map((x, i) => ({ id: `SLICE-00${i + 2}`, paths: [`src/${x}.go`] })));
    expect(ids(round2)).toEqual(["SLICE-002", "SLICE-003", "SLICE-004", "SLICE-005"]);
  });

  it("an overlapping slice is skipped, the later disjoint one still taken (TestSelectGreedySkipsOverlapKeepsCap)", () => {
    const r = selectGreedy(5, [
      { id: "SLICE-001", paths: ["src/shared.go"] },
      { id: "SLICE-002", paths: ["src/shared.go", "src/b.go"] },
      { id: "SLICE-003", paths: ["src/c.go"] },
    ]);
    expect(ids(r)).toEqual(["SLICE-001", "SLICE-003"]);
  });

  it.each([0, 11, -1, 2.5])("refuses the cap %d (TestSelectGreedyRejectsBadCap)", (cap) => {
    expect(selectGreedy(cap, [])).toEqual({ problem: `cap must be 1-10 (got ${cap})` });
  });

  it("never selects more than the cap, in plan order, and overlap is judged on normalized paths", () => {
    const ready = [
      { id: "A", paths: ["x/1"] },
      { id: "B", paths: ["./x\\1"] },
      { id: "C", paths: ["x/2"] },
      { id: "D", paths: ["x/3"] },
    ];
    expect(ids(selectGreedy(2, ready))).toEqual(["A", "C"]);
    expect(ids(selectGreedy(1, ready))).toEqual(["A"]);
  });

  it("refuses a missing, malformed or repeated id and a bad path in any ready slice, chosen or not", () => {
    expect(selectGreedy(2, [{ id: "", paths: ["a"] }])).toEqual({ problem: "slice 0: missing id" });
    expect(selectGreedy(2, [{ id: "a/b", paths: ["a"] }])).toEqual({ problem: 'slice 0: invalid slice id "a/b"' });
    expect(selectGreedy(2, [{ id: "a", paths: ["x"] }, { id: "a", paths: ["y"] }])).toEqual({ problem: 'duplicate slice id "a"' });
    expect(selectGreedy(1, [{ id: "a", paths: ["x"] }, { id: "b", paths: [".devrites/state.md"] }])).toEqual({ problem: 'slice "b": path must not include .devrites: ".devrites/state.md"' });
  });

  it("refuses a symbolic link under the root", () => {
    p = makeProject({ "real.go": "x" });
    fs.symlinkSync(p.path("real.go"), p.path("link.go"));
    expect(selectGreedy(2, [{ id: "a", paths: ["link.go"] }], (rel) => isProjectSymlink(p!.dir, rel))).toEqual({ problem: 'slice "a": symlink path is not allowed: "link.go"' });
  });

  it.each([[0, "none"], [1, "serial"], [2, "parallel"], [10, "parallel"]] as const)("%d selected is mode %s (Go: selectMode)", (n, mode) => {
    expect(selectMode(n)).toBe(mode);
  });

  it("formats the Go engine's line (formatSelect)", () => {
    expect(formatSelection({ selected: [{ id: "S1", paths: [] }, { id: "S2", paths: [] }], mode: "parallel" })).toBe("select: n_eff=2 mode=parallel slices=S1,S2");
    expect(formatSelection({ selected: [], mode: "none" })).toBe("select: n_eff=0 mode=none slices=");
  });
});

describe("parallel select on the command line", () => {
  it("one round then many from standard input, the Go engine's lines (TestSelectCLIOneThenMany)", async () => {
    p = makeProject({});
    expect(await runMain(["parallel", "select", "--cap", "5", "-"], { cwd: p.dir, input: '{"slices":[{"id":"SLICE-001","paths":["src/a.go"]}]}' })).toEqual({ exit: 0, stdout: "select: n_eff=1 mode=serial slices=SLICE-001\n", stderr: "" });
    const input = '{"slices":[{"id":"SLICE-002","paths":["src/b.go"]},{"id":"SLICE-003","paths":["src/c.go"]},{"id":"SLICE-004","paths":["src/d.go"]}]}';
    expect(await runMain(["parallel", "select", "--cap", "5", "-"], { cwd: p.dir, input })).toEqual({ exit: 0, stdout: "select: n_eff=3 mode=parallel slices=SLICE-002,SLICE-003,SLICE-004\n", stderr: "" });
  });

  it("without --cap, or with a cap outside 1-10, is a usage error that reads nothing (TestSelectCLIRequiresCap)", async () => {
    p = makeProject({});
    const none = await runMain(["parallel", "select", "-"], { cwd: p.dir, input: '{"slices":[]}' });
    expect(none.exit).toBe(5);
    expect(none.stderr).toMatch(/--cap/);
    for (const cap of ["0", "11", "two", "-1"]) expect((await runMain(["parallel", "select", "--cap", cap, "-"], { cwd: p.dir, input: "[]" })).exit).toBe(5);
  });

  it("an overlapping slice is forced serial: --json names it not selected; bad input is exit 3 `parallel select: …`", async () => {
    p = makeProject({ "ready.json": '[{"id":"S1","paths":["a"]},{"id":"S2","paths":["a","b"]},{"id":"S3","paths":["c"]}]' });
    const r = await runMain(["parallel", "select", "--cap", "3", "ready.json", "--json"], { cwd: p.dir });
    expect(r.exit).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ n_eff: 2, mode: "parallel", slices: ["S1", "S3"], not_selected: ["S2"], cap: 3 });
    const bad = await runMain(["parallel", "select", "--cap", "3", "-"], { cwd: p.dir, input: "{}" });
    expect(bad.exit).toBe(3);
    expect(bad.stdout).toBe("");
    expect(bad.stderr).toMatch(/^parallel select: input must be/);
  });
});

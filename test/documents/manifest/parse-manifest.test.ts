import { describe, expect, it } from "vitest";
import {
  firstManifestViolation, manifestViolations, MANIFEST_MAX_BYTES, MANIFEST_MAX_ROWS, parseManifest,
} from "../../../src/documents/manifest/parse-manifest.js";
import { PATH_RULE_CASES } from "./path-cases.js";

const HEAD = "# Touched files: rel\n\n## Touched files\nScope.\n\n## Candidate manifest\n";
const TRAIL = "\n## Review trail\n- src/x.ts:1 — looked\n";
const TABLE = "| State | File | Slice | Reason |\n| --- | --- | --- | --- |\n";
const row = (path: string, state = "present", slice = "SLICE-001", reason = "Added.") => `| ${state} | \`${path}\` | ${slice} | ${reason} |\n`;
/** A manifest whose body starts at line 7 (the header) and whose first row is line 9. */
const doc = (body: string, trail = TRAIL) => HEAD + body + trail;
const table = (...rows: string[]) => doc(TABLE + rows.join(""));

const rules = (text: string) => manifestViolations(text).map((v) => `${v.line}:${v.col} ${v.rule}`);

describe("valid manifests", () => {
  it.each([
    ["the empty form", doc("No project files.\n")],
    ["one row", table(row("src/a.ts"))],
    ["rows in byte order (uppercase before lowercase, '-' before '/')", table(row("B.md"), row("a.md"), row("src-x/a"), row("src/a"))],
    ["a deleted row", table(row("src/legacy.ts", "deleted", "SLICE-003", "Removed after contract phase."))],
    ["an escaped pipe in the Reason", table(row("src/a.ts", "present", "SLICE-1", "a \\| b"))],
    ["blank lines around the body", doc("\n\n" + TABLE + row("a") + "\n\n")],
    ["CRLF line endings", table(row("a"), row("b")).replace(/\n/g, "\r\n")],
    ["no final newline, manifest last", HEAD + TABLE + row("a").trimEnd()],
    ["trailing spaces after the fixed lines", doc("No project files.  \n")],
    ["a fenced `## Candidate manifest` is not a second section", table(row("a")) + "```\n## Candidate manifest\n```\n"],
    ["a level-3 heading elsewhere", "## Touched files\n### Notes\nx\n## Candidate manifest\nNo project files.\n"],
  ])("%s has no violation", (_name, text) => {
    expect(manifestViolations(text)).toEqual([]);
    expect(firstManifestViolation(text)).toBeUndefined();
  });

  it("rows keep their cells as written and their line numbers", () => {
    const d = parseManifest(table(row("src/a.ts"), row("src/b.ts", "deleted", "SLICE-9", "Gone \\| moved.")));
    expect(d.form).toBe("table");
    expect(d.rows).toEqual([
      { state: "present", path: "src/a.ts", slice: "SLICE-001", reason: "Added.", line: 9 },
      { state: "deleted", path: "src/b.ts", slice: "SLICE-9", reason: "Gone \\| moved.", line: 10 },
    ]);
    expect(d.body).toMatchObject({ heading: 5, start: 6, first: 6, last: 9 });
  });

  it("the empty form has no rows", () => {
    const d = parseManifest(doc("No project files.\n"));
    expect(d.form).toBe("empty");
    expect(d.rows).toEqual([]);
  });
});

describe("section rules", () => {
  it.each([
    ["no ## Touched files", "## Candidate manifest\nNo project files.\n", ["1:1 manifest-section"]],
    ["no ## Candidate manifest", "## Touched files\nx\n", ["1:1 manifest-section"]],
    ["an empty file", "", ["1:1 manifest-section", "1:1 manifest-section"]],
    ["two ## Touched files", "## Touched files\n## Touched files\n## Candidate manifest\nNo project files.\n", ["2:1 manifest-section"]],
    ["two ## Candidate manifest", "## Touched files\n## Candidate manifest\nNo project files.\n## Candidate manifest\nNo project files.\n", ["4:1 manifest-section"]],
    ["a level-3 Candidate manifest does not count", "## Touched files\n### Candidate manifest\nNo project files.\n", ["1:1 manifest-section"]],
    ["heading text is exact", "## Touched files\n## Candidate Manifest\nNo project files.\n", ["1:1 manifest-section"]],
  ])("%s is a violation", (_name, text, expected) => expect(rules(text)).toEqual(expected));
});

describe("body and table rules", () => {
  it.each([
    ["an empty body", doc(""), ["6:1 manifest-body"]],
    ["a blank body", doc("\n\n"), ["6:1 manifest-body"]],
    ["prose instead of a table", doc("Some files.\n"), ["7:1 manifest-body"]],
    ["`No project files.` with more lines", doc("No project files.\n" + TABLE + row("a")), ["8:1 manifest-body"]],
    ["indented `No project files.`", doc("  No project files.\n"), ["7:1 manifest-body"]],
    ["a different header", doc("| State | Path | Slice | Reason |\n| --- | --- | --- | --- |\n" + row("a")), ["7:1 manifest-header"]],
    ["a header only", doc("| State | File | Slice | Reason |\n"), ["7:1 manifest-separator"]],
    ["an aligned separator", doc("| State | File | Slice | Reason |\n| :-- | --- | --- | --- |\n" + row("a")), ["8:1 manifest-separator"]],
    ["no rows", doc(TABLE), ["8:1 manifest-empty-table"]],
    ["a blank line inside the table", table(row("a"), "\n", row("b")), ["10:1 manifest-row"]],
    ["a line that is not a row", table(row("a"), "and more\n"), ["10:1 manifest-row"]],
    ["a row with three cells", table("| present | `a` | SLICE-1 |\n"), ["9:1 manifest-row"]],
    ["a row with five cells", table("| present | `a` | SLICE-1 | x | y |\n"), ["9:1 manifest-row"]],
    ["a row without the closing pipe", table("| present | `a` | SLICE-1 | x\n"), ["9:1 manifest-row"]],
  ])("%s is a violation", (_name, text, expected) => expect(rules(text)).toEqual(expected));
});

describe("row rules", () => {
  it.each([
    ["an unknown State", row("a", "modified"), "9:3 manifest-state"],
    ["a capitalised State", row("a", "Present"), "9:3 manifest-state"],
    ["a File without backticks", "| present | a.ts | S | R |\n", "9:13 manifest-file-cell"],
    ["a File with two pairs of backticks", "| present | `a``b` | S | R |\n", "9:13 manifest-file-cell"],
    ["a File with text outside the backticks", "| present | `a` b | S | R |\n", "9:13 manifest-file-cell"],
    ["an empty Slice", "| present | `a` |  | R |\n", "9:18 manifest-slice"],
    ["an empty Reason", "| present | `a` | S |   |\n", "9:22 manifest-reason"],
  ])("%s is a violation at the cell's column", (_name, r, expected) => expect(rules(table(r))).toEqual([expected]));

  it.each([
    ["rows out of order", [row("src/r.ts"), row("src/b.ts")], ["10:13 manifest-order"]],
    ["lowercase before uppercase", [row("a.md"), row("B.md")], ["10:13 manifest-order"]],
    ["a duplicate path", [row("a"), row("a", "deleted")], ["10:13 manifest-duplicate"]],
    ["a duplicate path further down", [row("a"), row("b"), row("a")], ["11:13 manifest-duplicate"]],
    ["paths equal under case folding", [row("SRC/a.ts"), row("src/A.ts")], ["10:13 manifest-case-fold"]],
    ["case folding across other rows", [row("A/x"), row("B"), row("a/x")], ["11:13 manifest-case-fold"]],
  ])("%s is a violation", (_name, rows, expected) => expect(rules(table(...rows))).toEqual(expected));

  it("only the misplaced row is reported, not every row after it", () => {
    expect(rules(table(row("a"), row("c"), row("b"), row("d"), row("e")))).toEqual(["11:13 manifest-order"]);
  });

  it("an invalid row is left out of the rows, the valid ones are kept", () => {
    const d = parseManifest(table(row("a"), row("b", "gone"), row("c")));
    expect(d.rows.map((r) => r.path)).toEqual(["a", "c"]);
  });

  it("check gets every violation, merge-manifest the first by position", () => {
    const text = table(row("b"), row("a", "x"), "| present | `/abs` | S | R |\n", row("c", "present", "S", ""));
    expect(rules(text)).toEqual(["10:3 manifest-state", "11:13 path-absolute", "12:22 manifest-reason"]);
    expect(firstManifestViolation(text)).toMatchObject({ line: 10, col: 3, rule: "manifest-state" });
  });
});

describe("every path rule inside a manifest row", () => {
  it.each(PATH_RULE_CASES)("%s: the refused path %j is a violation on its row, the accepted %j is not", (rule, refused, accepted) => {
    // A `|` ends the cell, so inside a table it breaks the row before the path rule can.
    const expected = refused.includes("|") ? "9:1 manifest-row" : `9:13 ${rule}`;
    expect(rules(table(row(refused)))).toEqual([expected]);
    expect(rules(table(row(accepted)))).toEqual([]);
  });

  it("violation messages name the rule's path", () => {
    const [v] = manifestViolations(table(row("../x.ts")));
    expect(v!.message).toContain('"../x.ts"');
  });
});

describe("limits", () => {
  const rows = (n: number) => Array.from({ length: n }, (_, i) => row(`src/f${String(i).padStart(5, "0")}.ts`));

  it("4,096 rows are accepted", () => {
    expect(rules(table(...rows(MANIFEST_MAX_ROWS)))).toEqual([]);
  });

  it("4,097 rows are refused at the 4,097th row", () => {
    expect(rules(table(...rows(MANIFEST_MAX_ROWS + 1)))).toEqual([`${8 + MANIFEST_MAX_ROWS + 1}:1 manifest-row-limit`]);
  });

  it("a file of exactly 1 MiB is accepted, one byte more is refused", () => {
    const base = table(row("a", "present", "S", "R"));
    const pad = (extra: number) => base.replace("| R |", `| ${"r".repeat(MANIFEST_MAX_BYTES - Buffer.byteLength(base) + extra)}R |`);
    expect(Buffer.byteLength(pad(0))).toBe(MANIFEST_MAX_BYTES);
    expect(rules(pad(0))).toEqual([]);
    expect(rules(pad(1))).toEqual(["1:1 manifest-size"]);
  });

  it("the size limit counts UTF-8 bytes, not characters", () => {
    const base = table(row("a", "present", "S", "R"));
    const chars = Math.ceil((MANIFEST_MAX_BYTES - Buffer.byteLength(base)) / 2) + 1;
    const text = base.replace("| R |", `| ${"é".repeat(chars)} |`);
    expect(text.length).toBeLessThan(MANIFEST_MAX_BYTES);
    expect(rules(text)).toEqual(["1:1 manifest-size"]);
  });
});

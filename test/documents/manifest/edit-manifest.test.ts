import { describe, expect, it } from "vitest";
import { renderManifestBody, renderRow, replaceBodyEdit } from "../../../src/documents/manifest/edit-manifest.js";
import { parseManifest } from "../../../src/documents/manifest/parse-manifest.js";
import { applyEdits } from "../../../src/documents/text-edit.js";

const NEW = renderManifestBody([
  { state: "present", path: "src/a.ts", slice: "SLICE-1", reason: "Added." },
  { state: "deleted", path: "src/z.ts", slice: "SLICE-2", reason: "Gone \\| moved." },
]);
const NEW_TEXT = NEW.join("\n");
const replace = (text: string, lines = NEW) => applyEdits(text, [replaceBodyEdit(parseManifest(text), lines)]);

describe("rendering", () => {
  it("a row renders as | state | `path` | slice | reason |", () => {
    expect(renderRow({ state: "deleted", path: "src/legacy/export-v1.ts", slice: "SLICE-003", reason: "Removed after contract phase." })).toBe(
      "| deleted | `src/legacy/export-v1.ts` | SLICE-003 | Removed after contract phase. |",
    );
  });

  it("no rows render as the single line `No project files.`", () => {
    expect(renderManifestBody([])).toEqual(["No project files."]);
  });

  it("rows render under the exact header and separator", () => {
    expect(NEW.slice(0, 2)).toEqual(["| State | File | Slice | Reason |", "| --- | --- | --- | --- |"]);
  });
});

describe("replacing the body keeps every other byte", () => {
  it.each([
    [
      "the canonical layout (blank line before the next section)",
      "# T\n\n## Touched files\nx\n\n## Candidate manifest\nNo project files.\n\n## Review trail\n- r\n",
      `# T\n\n## Touched files\nx\n\n## Candidate manifest\n${NEW_TEXT}\n\n## Review trail\n- r\n`,
    ],
    [
      "the manifest as the last section, final newline kept",
      "## Touched files\nx\n\n## Candidate manifest\nNo project files.\n",
      `## Touched files\nx\n\n## Candidate manifest\n${NEW_TEXT}\n`,
    ],
    [
      "no final newline stays without one",
      "## Touched files\nx\n\n## Candidate manifest\nNo project files.",
      `## Touched files\nx\n\n## Candidate manifest\n${NEW_TEXT}`,
    ],
    [
      "the body's own leading and trailing blank lines are kept",
      "## Touched files\n## Candidate manifest\n\n\nNo project files.\n\n\n\n## Review trail\n",
      `## Touched files\n## Candidate manifest\n\n\n${NEW_TEXT}\n\n\n\n## Review trail\n`,
    ],
    [
      "no blank line before the next section stays that way",
      "## Touched files\n## Candidate manifest\nNo project files.\n## Review trail\n",
      `## Touched files\n## Candidate manifest\n${NEW_TEXT}\n## Review trail\n`,
    ],
    [
      "a trailing-space `No project files.` line is replaced whole",
      "## Touched files\n## Candidate manifest\nNo project files.   \n",
      `## Touched files\n## Candidate manifest\n${NEW_TEXT}\n`,
    ],
  ])("%s", (_name, before, after) => {
    expect(replace(before)).toBe(after);
  });

  it("a CRLF file gets CRLF body lines and keeps CRLF everywhere else", () => {
    const crlf = (s: string) => s.replace(/\n/g, "\r\n");
    const before = crlf("# T\n\n## Touched files\nx\n\n## Candidate manifest\n| State | File | Slice | Reason |\n| --- | --- | --- | --- |\n| present | `b` | S | R |\n\n## Review trail\n- r\n");
    expect(replace(before)).toBe(crlf(`# T\n\n## Touched files\nx\n\n## Candidate manifest\n${NEW_TEXT}\n\n## Review trail\n- r\n`));
  });

  it("an empty body gets the lines right after the heading", () => {
    expect(replace("## Touched files\n## Candidate manifest\n\n## Review trail\n")).toBe(`## Touched files\n## Candidate manifest\n${NEW_TEXT}\n\n## Review trail\n`);
    expect(replace("## Touched files\n## Candidate manifest")).toBe(`## Touched files\n## Candidate manifest\n${NEW_TEXT}`);
  });

  it("replacing a body with itself returns the identical text", () => {
    const text = "# T\r\n\r\n## Touched files\r\nx\r\n\r\n## Candidate manifest\r\n| State | File | Slice | Reason |\r\n| --- | --- | --- | --- |\r\n| present | `b` | S | R |\r\n";
    expect(replace(text, renderManifestBody(parseManifest(text).rows))).toBe(text);
  });

  it("without a single Candidate manifest section there is nothing to replace", () => {
    expect(() => replace("## Touched files\n")).toThrow(/Candidate manifest/);
  });
});

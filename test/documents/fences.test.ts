// CommonMark fence rules (spec 4.5) as the engine applies them: a line inside a fence is
// never a field, heading or section, so every rule here protects a look-alike line.

import { describe, expect, it } from "vitest";
import { fenceMask } from "../../src/documents/fences.js";
import { splitLines } from "../../src/documents/lines.js";

/** The mask as a string: F for a fenced line (delimiters included), . otherwise. */
const mask = (text: string) => fenceMask(splitLines(text)).map((m) => (m ? "F" : ".")).join("");

describe("fenceMask", () => {
  it.each([
    ["three backticks open and close", "a\n```\nb\n```\nc", ".FFF."],
    ["three tildes open and close", "a\n~~~\nb\n~~~\nc", ".FFF."],
    ["two backticks are not a fence", "``\nb\n``", "..."],
    ["up to three spaces of indentation open a fence", "   ```\nb\n```\nc", "FFF."],
    ["four spaces of indentation do not open a fence", "    ```\nb\n```\nc", "..FF"],
    ["a tab before the run does not open a fence", "\t```\nb", ".."],
    ["a backtick info string opens a fence", "```ts\nb\n```", "FFF"],
    ["a tilde info string may contain backticks", "~~~ a`b`\nb\n~~~", "FFF"],
    ["a backtick info string containing a backtick is not a fence", "```js `x` ```\nb", ".."],
    ["a closing fence must use the same character", "```\nb\n~~~\nc\n```\nd", "FFFFF."],
    ["a closing fence may be longer", "```\nb\n`````\nc", "FFF."],
    ["a shorter run does not close a longer fence", "````\nb\n```\nc\n````\nd", "FFFFF."],
    ["a closing fence takes no info string", "```\nb\n``` x\nc\n```\nd", "FFFFF."],
    ["a closing fence may be indented up to three spaces and have trailing spaces", "```\nb\n   ```  \nc", "FFF."],
    ["a closing fence indented four spaces does not close", "```\nb\n    ```\nc", "FFFF"],
    ["an unclosed fence runs to the end of the file", "a\n```\nb\n## heading\n- Status: done", ".FFFF"],
    ["a fence opener with nothing after it at end of file masks only itself", "a\n~~~", ".F"],
    ["consecutive fences are masked independently", "```\na\n```\nb\n~~~\nc\n~~~\nd", "FFF.FFF."],
    ["CRLF lines follow the same rules", "a\r\n```\r\nb\r\n```\r\nc\r\n", ".FFF."],
  ])("%s", (_name, text, want) => {
    expect(mask(text)).toBe(want);
  });
});

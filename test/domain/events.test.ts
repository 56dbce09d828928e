// events.jsonl is read in one place (parseJsonl): `log` lists what it parses and `check`
// warns on exactly the lines it leaves out, so the two can never disagree about a line.

import { describe, expect, it } from "vitest";
import { parseJsonl } from "../../src/domain/events.js";

describe("parseJsonl", () => {
  it.each([
    ["", [], []],
    ['{"v":1}\n', [{ v: 1 }], []],
    ['{"v":1}\n\n  \n{"v":2}', [{ v: 1 }, { v: 2 }], []],
    ['{"v":1}\r\n{"v":2}\r\n', [{ v: 1 }, { v: 2 }], []],
    ['{"v":1}\n{"v":\n{"v":3}\n', [{ v: 1 }, { v: 3 }], [2]],
    ['not json\n\n{"torn', [], [1, 3]],
  ])("%j: blank lines skipped, parsed records in order, bad lines named by 1-based number", (text, records, invalid) => {
    expect(parseJsonl(text)).toEqual({ records, invalid });
  });
});

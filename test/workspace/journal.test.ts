// The journal's check line is the same whether its body is given as text or as the UTF-8
// bytes commit writes (a journal written from bytes must read back as untorn).

import { describe, expect, it } from "vitest";
import { bodySum } from "../../src/workspace/journal.js";

describe("bodySum", () => {
  it.each<[string, string, 1 | 3]>([
    ["an empty body", "", 3],
    ["ASCII JSON", '{"v":3,"files":[],"appends":[]}', 3],
    ["non-ASCII event data", '{"appends":[{"data":"é — ✓ \\u2028 😀\\n"}]}', 3],
    ["a version 1 body (SHA-256)", '{"v":1,"data":"é — ✓"}', 1],
  ])("%s: the text and its bytes give the same check line", (_name, body, v) => {
    expect(bodySum(Buffer.from(body, "utf8"), v)).toBe(bodySum(body, v));
  });
});

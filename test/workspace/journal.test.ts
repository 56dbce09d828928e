// The journal's check line is the same whether its body is given as text or as the UTF-8
// bytes commit writes (a journal written from bytes must read back as untorn), and its CRC-32
// is zlib's whether computed here (small commits) or by node:zlib.

import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { bodySum, crc32, matchTempName, smallCrc32, TEMP_NAME } from "../../src/workspace/journal.js";
import { concatenations, makeRng } from "../helpers/generate.js";

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

describe("crc32 is zlib's CRC-32 on both sides of the size from which it loads zlib", () => {
  const rng = makeRng(0xc2c32);
  const bytes = (n: number) => Uint8Array.from({ length: n }, () => rng.int(0, 255));
  it.each([0, 1, 7, 255, 4096, 32 * 1024 - 1, 32 * 1024, 32 * 1024 + 1, 100_000])("%i bytes, whole and in pieces", (n) => {
    const data = bytes(n);
    const want = zlib.crc32(data);
    expect(crc32(Buffer.from(data))).toBe(want);
    expect(smallCrc32(data)).toBe(want);
    const cut = Math.floor(n / 3);
    expect(crc32([data.subarray(0, cut), data.subarray(cut)])).toBe(want);
    expect(smallCrc32(data.subarray(cut), smallCrc32(data.subarray(0, cut)))).toBe(want);
  });
  it.each(["", "a", "é — ✓ 😀\n", "x".repeat(40_000)])("the text %#: its UTF-8 bytes' CRC-32", (text) => {
    expect(crc32(text)).toBe(zlib.crc32(Buffer.from(text, "utf8")));
  });
});

describe("matchTempName", () => {
  it.each([
    [".questions.md.4242.0123456789abcdef.tmp", ["questions.md", "4242", "0123456789abcdef", undefined]],
    [".state.md.7.deadbeef.old.tmp", ["state.md", "7", "deadbeef", ".old"]],
    [".ACTIVE.12.0123456789abcdef.tmp", ["ACTIVE", "12", "0123456789abcdef", undefined]],
    ["questions.md", null],
    [".journal", null],
    [".engine.lock", null],
    [".notes.md.1.deadbeef.tmp", null],
    [".questions.md.1.DEADBEEF.tmp", null],
    [".questions.md.1.deadbeef.tmp.bak", null],
  ])("%j", (name, want) => {
    const m = matchTempName(name);
    expect(m === null ? null : [m[1], m[2], m[3], m[4]]).toEqual(want);
  });

  it("matches exactly what TEMP_NAME matches (its cheap first look rejects no temp name)", () => {
    const choices = [
      ["", ".", "x."],
      ["questions.md", "ACTIVE", "notes.md"],
      ["", ".1", ".12345678901"],
      ["", ".deadbeef", ".0123456789abcdef", ".DEADBEEF"],
      ["", ".old"],
      ["", ".tmp", ".tmp.x", ".tm"],
    ];
    const names = concatenations(choices);
    let temps = 0;
    for (const name of names) {
      const want = TEMP_NAME.exec(name);
      if (want) temps++;
      expect(matchTempName(name)?.[0], name).toBe(want?.[0]);
    }
    expect(temps).toBeGreaterThan(0);
  });
});

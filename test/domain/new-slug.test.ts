// suggestNewSlug: the slug an error hint offers to init is one init accepts, or none.

import { describe, expect, it } from "vitest";
import { isNewSlug, suggestNewSlug } from "../../src/domain/new-slug.js";

describe("suggestNewSlug", () => {
  it.each([
    ["nope", "nope"],
    ["New-Feature", "new-feature"],
    ["Legacy_Import.v2", "legacy-import-v2"],
    ["  two  words ", "two-words"],
    ["--x--", "x"],
    ["é", undefined],
    ["___", undefined],
    ["", undefined],
    ["A".repeat(80), "a".repeat(64)],
    [`${"a".repeat(63)}-b`, "a".repeat(63)],
  ])("%j → %j, which init accepts", (name, want) => {
    const s = suggestNewSlug(name);
    expect(s).toBe(want);
    if (s !== undefined) expect(isNewSlug(s)).toBe(true);
  });
});

// The claims.jsonl reader: no file is an empty ledger; a link is refused like every file the engine reads.
import { mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readClaims } from "../../src/workspace/claims.js";

const dir = () => mkdtempSync(join(tmpdir(), "claims-"));

describe("readClaims", () => {
  it("a .devrites without claims.jsonl has an empty ledger", () => {
    expect(readClaims(dir())).toEqual({ claims: [], unparsed: 0 });
  });
  it("reads the records of the file", () => {
    const d = dir();
    writeFileSync(join(d, "claims.jsonl"), '{"id":"cl-1","session":"s","paths":["a"],"claimed_at":"t","expires_at":"u"}\nbad\n');
    const ledger = readClaims(d);
    expect(ledger.claims.map((c) => c.id)).toEqual(["cl-1"]);
    expect(ledger.unparsed).toBe(1);
  });
  it("a symlinked claims.jsonl is refused (exit 3), never followed", () => {
    const d = dir();
    writeFileSync(join(d, "real"), "");
    symlinkSync(join(d, "real"), join(d, "claims.jsonl"));
    expect(() => readClaims(d)).toThrow(/symbolic link/);
  });
});

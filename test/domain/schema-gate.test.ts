// The schema gate: which schema rows pass, and the exact exit-3 message for each refusal.

import { describe, expect, it } from "vitest";
import { RefusedError } from "../../src/errors.js";
import { assertSchema } from "../../src/domain/schema-gate.js";
import { parseState } from "../../src/documents/state/parse-state.js";

describe("assertSchema (the schema gate)", () => {
  it.each([
    ["- Schema: 4\n"],
    ["| schema | 4 |\n"],
    ["| Schema |  4  |\n"],
  ])("%j passes", (text) => {
    expect(() => assertSchema(parseState(text), "feat")).not.toThrow();
  });

  it.each([
    ["- Phase: build\n", "workspace schema version refused: workspace feat predates workspace schema 4 (it records schema 2); run devrites-engine migrate feat"],
    ["| schema | 3 |\n", "workspace schema version refused: workspace feat predates workspace schema 4 (it records schema 3); run devrites-engine migrate feat"],
    ["- Schema: 5\n", "workspace schema version refused: workspace feat declares schema 5, newer than this engine's 4; upgrade devrites-engine"],
    ["- Schema: four\n", 'state.md schema row is invalid (value "four"); expected the workspace schema version'],
    ["- Schema: 4.0\n", 'state.md schema row is invalid (value "4.0"); expected the workspace schema version'],
    ["- Schema:\n", 'state.md schema row is invalid (value ""); expected the workspace schema version'],
    ["```\n- Schema: 4\n```\n", "workspace schema version refused: workspace feat predates workspace schema 4 (it records schema 2); run devrites-engine migrate feat"],
  ])("%j is refused with exit 3 and the exact message", (text, message) => {
    let err: unknown;
    try {
      assertSchema(parseState(text), "feat");
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(RefusedError);
    expect((err as RefusedError).exitCode).toBe(3);
    expect((err as RefusedError).message).toBe(message);
  });
});

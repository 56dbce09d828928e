// tools/list carries JSON Schemas written straight from the tool table (no converter run at
// start-up); they must be exactly what zod's own converter makes of the schemas the server
// validates calls with, key order included.

import { expect, it } from "vitest";
import * as z from "zod";
import { TOOLS } from "../../src/mcp/tools.js";
import { OUTPUT_JSON_SCHEMA, objectJsonSchema, zodObject } from "../../src/adapters/mcp-sdk.js";

function zodJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io: "input" }) as Record<string, unknown>;
  return rest;
}

it("every tool's input schema is the one zod derives from its validator", () => {
  for (const t of TOOLS) {
    const ours = objectJsonSchema(t.input);
    const zods = zodJsonSchema(zodObject(t.input));
    expect(ours, t.name).toStrictEqual(zods);
    expect(JSON.stringify(ours), t.name).toBe(JSON.stringify(zods));
  }
});

it("the output schema is the one zod derives from the CLI's JSON shape", () => {
  const shape = z.looseObject({
    ok: z.boolean().describe("true when exit is 0"),
    exit: z.number().int().describe("the CLI's exit code (0 done, 3 refused, 5 bad input, 7 budget stop, 9 busy, …)"),
    error: z.string().optional().describe("what went wrong, when ok is false"),
    hint: z.string().optional().describe("what to do next, when ok is false"),
  });
  expect(JSON.stringify(OUTPUT_JSON_SCHEMA)).toBe(JSON.stringify(zodJsonSchema(shape)));
});

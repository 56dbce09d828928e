// tools/list carries JSON Schemas written straight from the tool table (no converter run at
// start-up); they must be exactly what zod's own converter makes of the schemas the server
// validates calls with, key order included.

import { expect, it } from "vitest";
import * as z from "zod";
import { allCommands } from "../../src/cli/command-table.js";
import { toolsFrom } from "../../src/mcp/tools.js";

const TOOLS = toolsFrom(allCommands());
import { EXIT_DESCRIPTION, objectJsonSchema, outputJsonSchema, zodObject } from "../../src/adapters/mcp-sdk.js";

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

it("every tool's output schema is the one zod derives from the CLI's JSON shape with the tool's result fields", () => {
  for (const t of TOOLS) {
    const fields: Record<string, z.ZodType> = {};
    for (const [name, d] of Object.entries(t.result)) fields[name] = z.unknown().optional().describe(d);
    const shape = z.looseObject({
      ok: z.boolean().describe("true when exit is 0"),
      exit: z.number().int().describe(EXIT_DESCRIPTION),
      error: z.string().optional().describe("what went wrong, when ok is false"),
      hint: z.string().optional().describe("what to do next, when ok is false"),
      ...fields,
    });
    expect(JSON.stringify(outputJsonSchema(t.result)), t.name).toBe(JSON.stringify(zodJsonSchema(shape)));
  }
});

// What the `mcp` chunk builds at start-up: the build marks the SDK's schema declarations pure so
// the ones the server never reaches are dropped, and zod is switched to jitless before the SDK
// builds any schema. The table tests the build's transform; the rest reads the built chunk.

import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { mcpSdkPureSchemas } from "../../vite.config.js";
import { CLI_PATH } from "../helpers/project.js";

const TYPES_JS = "/x/node_modules/@modelcontextprotocol/sdk/dist/esm/types.js";

function transform(code: string, id = TYPES_JS): string | null {
  const hook = mcpSdkPureSchemas().transform as (code: string, id: string) => { code: string } | null;
  return hook(code, id)?.code ?? null;
}

describe("the build's pure-schema transform", () => {
  it.each([
    ["an exported schema call", "export const FooSchema = z.object({ a: z.string() });", "export const FooSchema = /* @__PURE__ */ (() => z.object({ a: z.string() }))();"],
    ["a schema built from another", "const BarSchema = FooSchema.extend({ b: z.number() });", "const BarSchema = /* @__PURE__ */ (() => FooSchema.extend({ b: z.number() }))();"],
    ["a guard function (not a call)", "export const isFoo = (v) => FooSchema.safeParse(v).success;", "export const isFoo = (v) => FooSchema.safeParse(v).success;"],
    ["a constant", "export const LATEST = '2025-11-25';", "export const LATEST = '2025-11-25';"],
    ["a let (may be reassigned)", "export let XSchema = z.string();", "export let XSchema = z.string();"],
    ["a call not named …Schema", "export const codes = make();", "export const codes = make();"],
  ])("%s: %j becomes %j", (_what, input, output) => {
    expect(transform(input)).toBe(output);
  });

  it("leaves every other file alone", () => {
    expect(transform("export const FooSchema = z.object({});", "/x/node_modules/zod/v4/core/schemas.js")).toBeNull();
  });

  it("the wrapped declarations evaluate to the same values, in the same order", () => {
    const src = "const order = [];\nconst z = { s: (n) => (order.push(n), { n }) };\nexport const ASchema = z.s('a');\nconst BSchema = z.s(ASchema.n + 'b');\nexport const out = [ASchema, BSchema, order];";
    const run = (code: string) => new Function(code.replace(/export /g, "") + "\nreturn out;")() as unknown;
    expect(run(transform(src)!)).toEqual(run(src));
  });
});

describe("the built mcp chunk", () => {
  const chunks = path.join(path.dirname(CLI_PATH), "chunks");
  const serve = fs.readdirSync(chunks).find((f) => /^serve-.*\.cjs$/.test(f));
  const text = serve ? fs.readFileSync(path.join(chunks, serve), "utf8") : "";

  it("leaves out the schemas of requests the server never handles and keeps tools/call", () => {
    expect(serve).toBeDefined();
    expect(text).toContain("tools/call");
    expect(text).not.toContain("resources/subscribe");
    expect(text).not.toContain("ref/prompt");
  });

  it("sets zod jitless before the SDK's first schema is built", () => {
    const jitless = text.search(/jitless:(!0|true)/);
    expect(jitless).toBeGreaterThan(-1);
    expect(jitless).toBeLessThan(text.indexOf("io.modelcontextprotocol/related-task"));
  });
});

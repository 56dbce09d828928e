// Stands in for the SDK's Ajv validator provider in the CLI bundle (vite.config.ts aliases it):
// the engine's server never validates client-sent JSON Schemas (no elicitation), and Ajv is a
// third of the mcp chunk's start-up. The server passes its own validator (adapters/mcp-sdk.ts).

export class AjvJsonSchemaValidator {
  constructor() {
    throw new Error("devrites-engine mcp: Ajv is not bundled; pass a jsonSchemaValidator");
  }
}

// Imported first by adapters/mcp-sdk.ts, so it runs before the SDK builds its zod schemas: zod
// without its per-schema code generation (a `new Function` compiled at each object schema's
// first parse), which a server answering small messages pays at start-up and never gets back.

import { config } from "zod/v4/core";

config({ jitless: true });

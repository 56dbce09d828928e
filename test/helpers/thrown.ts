// The engine error a call throws, for tests that assert on its fields (kind, exit code, text,
// hint, data). Anything else thrown is rethrown; no throw at all fails the test.

import { EngineError } from "../../src/errors.js";

export function thrown(run: () => unknown): EngineError {
  try {
    run();
  } catch (e) {
    if (e instanceof EngineError) return e;
    throw e;
  }
  throw new Error("expected a throw");
}

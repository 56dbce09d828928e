// The read-back after every state.md edit: the new text is parsed again and the intended
// cursor values checked before anything is written.

import { InternalError } from "../errors.js";
import { cursorValue, parseState, type StateDoc } from "../documents/state/parse-state.js";

/** Parse edited state.md text and check the cursor reads back as intended. */
export function verifyState(text: string, expect: Record<string, string | null>, check?: (doc: StateDoc) => string | undefined): StateDoc {
  const doc = parseState(text);
  for (const [key, want] of Object.entries(expect)) {
    const got = cursorValue(doc, key);
    if (want === null ? got !== undefined : got !== want) {
      throw new InternalError(`state.md did not read back: ${key} is ${JSON.stringify(got)}, expected ${JSON.stringify(want)}; nothing was written`, { kind: "read-back" });
    }
  }
  const problem = check?.(doc);
  if (problem) throw new InternalError(`state.md did not read back: ${problem}; nothing was written`, { kind: "read-back" });
  return doc;
}

// CommonMark code-fence masking: lines inside a fence (and the fence lines themselves)
// are never read as fields, headings or sections by any parser of the engine.

import type { Line } from "./lines.js";

const FENCE_OPEN = /^( {0,3})(`{3,}|~{3,})(.*)$/;

/** Per line, true when it is a fence delimiter or inside a fenced code block. */
export function fenceMask(lines: readonly Line[]): boolean[] {
  const mask = new Array<boolean>(lines.length).fill(false);
  let fenceChar = "";
  let fenceLen = 0;
  for (let i = 0; i < lines.length; i++) {
    const text = (lines[i] as Line).text;
    if (fenceLen === 0) {
      const m = FENCE_OPEN.exec(text);
      if (!m) continue;
      const run = m[2] as string;
      // A backtick fence's info string may not contain a backtick (CommonMark 4.5).
      if (run[0] === "`" && (m[3] as string).includes("`")) continue;
      fenceChar = run[0] as string;
      fenceLen = run.length;
      mask[i] = true;
    } else {
      mask[i] = true;
      const m = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(text);
      if (m && (m[1] as string)[0] === fenceChar && (m[1] as string).length >= fenceLen) {
        fenceLen = 0;
        fenceChar = "";
      }
    }
  }
  return mask;
}

// Rules every workspace markdown file shares: fences that never close swallow the rest of
// the file, which silently hides fields and sections from every reader.

import type { MarkdownView } from "../../documents/headings.js";
import type { Diagnostic } from "./diagnostic.js";

/** Warnings for fenced code blocks that run to the end of the file. */
export function lintFences(view: MarkdownView, file: string): Diagnostic[] {
  return view.fences
    .filter((f) => f.close === undefined)
    .map((f) => ({
      file,
      line: view.lines[f.open]!.number,
      col: 1,
      severity: "warning" as const,
      rule: "unclosed-fence",
      message: "this code fence is never closed; everything after it is read as code (close it with the same fence)",
    }));
}

// A string as the Go engine's encoding/json writes it, for the files this engine writes in the
// Go engine's form (dispatch.json, metrics.jsonl): JSON.stringify's escapes, plus `<`, `>`, `&`
// and U+2028/U+2029 as \u escapes (Go's HTML-safe default).

export function goString(s: string): string {
  return JSON.stringify(s).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

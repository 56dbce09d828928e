// The version-1 JSON object of a recorded baseline (`check drift --record`, `check regression
// --update`; Go: engine/internal/lib/drift.go and regression.go), or the Go engine's words for
// why it is unreadable: `corrupt baseline: …`, `unsupported baseline version <n>`.

export function parseBaselineObject(text: string): { object: Record<string, unknown> } | { problem: string } {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    return { problem: `corrupt baseline: ${(e as Error).message}` };
  }
  if (typeof v !== "object" || v === null || Array.isArray(v)) return { problem: "corrupt baseline: not a JSON object" };
  const o = v as Record<string, unknown>;
  if (o.version !== 1) return { problem: `unsupported baseline version ${typeof o.version === "number" ? o.version : 0}` };
  return { object: o };
}

// The rules `secret-scan` applies to staged blobs, candidate files and stdin: the Go engine's
// six patterns with their severities (engine/internal/lib/secretscan.go, secretPatterns), plus
// every class this engine redacts from what it records (domain/redact.ts): the shapes that are
// a credential by themselves are HIGH, a secret key's value (`password = …`) MEDIUM like Go's
// generic-secret. A finding names the source, line, byte offset and rule — never the match.
// HIGH findings make the scan exit 3 (Go: writeSecretScanResult). Pure.

import { CREDENTIAL_SHAPES, redact } from "./redact.js";

export type Severity = "HIGH" | "MEDIUM" | "LOW";

export interface SecretFinding {
  severity: Severity;
  /** The source as printed: a project path, `<stdin>`, or `<redacted-path>` when the path itself matches a rule. */
  source: string;
  kind: string;
  /** 1-based line and 0-based byte offset of the match in the source. */
  line: number;
  offset: number;
}

/** The Go engine's patterns, in its order (secretPatterns). */
const GO_RULES: readonly { severity: Severity; kind: string; pattern: RegExp }[] = [
  { severity: "HIGH", kind: "private-key", pattern: /-----BEGIN (?:RSA |EC |OPENSSH |DSA |PGP )?PRIVATE KEY-----/g },
  { severity: "HIGH", kind: "aws-secret", pattern: /aws(?:.{0,20})?(?:secret|access).{0,20}[=:]\s*['"]?[A-Za-z0-9/+=]{30,}/gi },
  { severity: "HIGH", kind: "github-token", pattern: /gh[pousr]_[A-Za-z0-9_]{30,}/g },
  { severity: "HIGH", kind: "slack-token", pattern: /xox[baprs]-[A-Za-z0-9-]{20,}/g },
  { severity: "MEDIUM", kind: "generic-secret", pattern: /(?:api[_-]?key|token|secret|password)\s*[:=]\s*['"][^'"\n]{16,}['"]/gi },
  { severity: "LOW", kind: "placeholder-secret", pattern: /(?:api[_-]?key|token|secret|password).{0,20}(?:example|changeme|placeholder|dummy)/gi },
];

/** Every rule, Go's first, then the redaction classes. */
export const SECRET_RULES: readonly { severity: Severity; kind: string; pattern: RegExp }[] = [
  ...GO_RULES,
  ...CREDENTIAL_SHAPES.map((c) => ({ severity: "HIGH" as const, kind: c.kind, pattern: c.pattern })),
];

export const MAX_SCAN_FINDINGS = 4096;

/** Too many findings, or too many bytes: the scan refuses (exit 2), it never passes a partial scan. */
export class ScanLimit extends Error {}

/** Lines start after each `\n`: the 1-based line of `offset`. */
function lineAt(starts: number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] as number) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

/** What the source is printed as: the path, unless the path itself matches a rule. */
export function sourceLabel(path: string): string {
  return SECRET_RULES.some((r) => new RegExp(r.pattern.source, r.pattern.flags.replace("g", "")).test(path)) || redact(path) !== path ? "<redacted-path>" : path;
}

/**
 * Scan `content` (bytes read as Latin-1, so offsets are byte offsets) for every rule.
 * `room` is how many findings may still be added. @throws ScanLimit past it.
 */
export function scanContent(path: string, content: Uint8Array, room: number): SecretFinding[] {
  const text = Buffer.from(content.buffer, content.byteOffset, content.byteLength).toString("latin1");
  const source = sourceLabel(path);
  const starts = [0];
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  const out: SecretFinding[] = [];
  const push = (f: Omit<SecretFinding, "source" | "line">) => {
    if (out.length >= room) throw new ScanLimit("secret scan limit exceeded");
    out.push({ ...f, source, line: lineAt(starts, f.offset) });
  };
  for (const rule of SECRET_RULES) {
    const re = new RegExp(rule.pattern.source, rule.pattern.flags.includes("g") ? rule.pattern.flags : `${rule.pattern.flags}g`);
    // One secret, one finding: a later rule matching where an earlier one did adds nothing.
    for (const m of text.matchAll(re)) if (!out.some((f) => f.offset === m.index)) push({ severity: rule.severity, kind: rule.kind, offset: m.index });
  }
  // A secret key's value on a line no other rule matched (`DB_PASSWORD=hunter2`).
  const hit = new Set(out.map((f) => f.line));
  for (let l = 0; l < starts.length; l++) {
    if (hit.has(l + 1)) continue;
    const end = l + 1 < starts.length ? (starts[l + 1] as number) - 1 : text.length;
    const line = text.slice(starts[l], end);
    if (line.length <= 4096 && redact(line) !== line) push({ severity: "MEDIUM", kind: "secret-key-value", offset: starts[l] as number });
  }
  return out;
}

const SAFE_PATH = /^[A-Za-z0-9._/@+-]+$/;
const ORDER = (a: SecretFinding, b: SecretFinding) =>
  a.severity.localeCompare(b.severity) || (a.source < b.source ? -1 : a.source > b.source ? 1 : 0) || a.kind.localeCompare(b.kind) || a.offset - b.offset;

/** Findings sorted as the Go engine sorts them (severity, source, kind, offset) and printed. */
export function renderFindings(findings: readonly SecretFinding[]): { lines: string[]; high: boolean; sorted: SecretFinding[] } {
  const sorted = [...findings].sort(ORDER);
  if (sorted.length === 0) return { lines: ["secret-scan: PASS"], high: false, sorted };
  const lines = sorted.map((f) => `${f.severity} ${SAFE_PATH.test(f.source) || f.source === "<stdin>" || f.source === "<redacted-path>" ? f.source : JSON.stringify(f.source)}:${f.line} kind=${f.kind} offset=${f.offset}`);
  return { lines, high: sorted.some((f) => f.severity === "HIGH"), sorted };
}

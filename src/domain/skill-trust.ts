// `check skill-trust`: the deterministic trust scan of one skill or agent Markdown file (Go:
// engine/internal/lib/skilltrust.go, analyzeSkillTrustContent): per line, hidden or bidi
// Unicode and four patterns (instruction override, curl with environment variables, sensitive
// paths, remote fetches); a skill-like file without `name:` frontmatter. Pure: text in.

export interface SkillTrustFinding {
  severity: "HIGH" | "MEDIUM";
  rule: string;
  line: number;
  detail: string;
}

const RULES: { severity: "HIGH" | "MEDIUM"; rule: string; re: RegExp; detail: string }[] = [
  { severity: "HIGH", rule: "prompt_injection_disregard", re: /\b(disregard|ignore)\b.{0,40}\b(prior|previous|above|system|instruction|rule|constraint|safety)\b/iu, detail: "instruction attempts to override prior constraints" },
  { severity: "HIGH", rule: "credential_exfil_curl_env", re: /\bcurl\b.{0,120}\$(?:ENV|HOME|[A-Z_][A-Z0-9_]*)/iu, detail: "curl command references environment variables (possible exfiltration)" },
  { severity: "HIGH", rule: "sensitive_path_reference", re: /(~\/.ssh|~\/.aws|\/etc\/passwd|id_rsa|\.pem\b|api[_-]?key\s*[:=])/iu, detail: "references sensitive filesystem or credential material" },
  { severity: "MEDIUM", rule: "hidden_remote_fetch", re: /\b(curl|wget|fetch)\b.{0,80}\b(http|https):\/\//iu, detail: "network fetch instruction in skill prose" },
];

/** Zero-width characters, the BOM, the word joiner and the bidi embeddings and isolates. */
export function isSuspiciousUnicode(cp: number): boolean {
  return cp === 0x200b || cp === 0x200c || cp === 0x200d || cp === 0xfeff || cp === 0x2060 || (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069);
}

const hex4 = (cp: number) => cp.toString(16).toUpperCase().padStart(4, "0");

function looksLikeSkillFile(text: string): boolean {
  const lower = text.toLowerCase();
  return lower.includes("user-invocable:") || lower.includes("# /rite-") || lower.includes("disable-model-invocation:");
}

/** Every finding, in line order, each (rule, line, detail) once. */
export function scanSkillTrust(text: string): SkillTrustFinding[] {
  const findings: SkillTrustFinding[] = [];
  text.split("\n").forEach((line, i) => {
    for (const ch of line) {
      const cp = ch.codePointAt(0) as number;
      if (isSuspiciousUnicode(cp)) {
        findings.push({ severity: "HIGH", rule: "suspicious_unicode", line: i + 1, detail: `suspicious Unicode U+${hex4(cp)}` });
        break;
      }
    }
    for (const r of RULES) if (r.re.test(line)) findings.push({ severity: r.severity, rule: r.rule, line: i + 1, detail: r.detail });
  });
  if (text.includes("---") && !text.includes("\nname:") && looksLikeSkillFile(text)) {
    findings.push({ severity: "MEDIUM", rule: "missing_name_frontmatter", line: 1, detail: "skill-like Markdown lacks name frontmatter" });
  }
  const seen = new Set<string>();
  return findings.filter((f) => {
    const key = `${f.rule}|${f.line}|${f.detail}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A HIGH finding blocks (Go: SkillTrustBlocks). */
export const skillTrustBlocks = (findings: readonly SkillTrustFinding[]) => findings.some((f) => f.severity === "HIGH");

/** The Go engine's report lines (FormatSkillTrust). */
export function skillTrustLines(path: string, findings: readonly SkillTrustFinding[]): string[] {
  if (findings.length === 0) return [`skill-trust: PASS (${path})`];
  return [`skill-trust: FINDINGS (${path})`, ...findings.map((f) => `${f.severity} ${f.rule} line=${f.line} ${f.detail}`)];
}

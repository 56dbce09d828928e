// The gates.md `gates scaffold` creates: one pending gate per AC-### id spec.md names, or one
// placeholder. Ported from the Go engine's engine/internal/acceptance/scaffold.go. Pure.

export function scaffoldLedger(slug: string, spec: string): string {
  const head = `# Gates: ${slug}\n\nAcceptance ledger: one gate per required outcome. Runnable gates pair a\nCHECK (an exact command declared in test-plan.md) with an EXPECT oracle;\nmanual gates carry EVIDENCE only. See devrites-lib standards/gates.md.\n\n`;
  const body = (id: string, title: string): string => `- [ ] ${id}: ${title}\n  CHECK: <exact approved command>\n  EXPECT: <success-only marker>\n  EVIDENCE: pending\n`;
  const ids = [...new Set(spec.match(/\bAC-\d{3}\b/g) ?? [])];
  if (ids.length === 0) return head + body("G1", "<observable outcome>");
  return head + ids.map((id) => body(id, `<observable outcome for ${id}>`)).join("\n");
}

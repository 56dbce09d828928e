// The workflow's phases as the cursor names them: which word of `phase` counts, how the Log
// names it, and the skill verb that resumes the workflow in it.

export const PHASES = [
  "frame", "spec", "clarify", "temper", "define", "plan", "vet", "build",
  "converge", "prove", "polish", "review", "seal", "ship", "done",
] as const;

const VERB: Record<string, string> = { plan: "vet", done: "build" };

/** The cursor's phase as the Log uses it: first word, lowercased, `build` when unknown. */
export function logPhase(phase: string | undefined): string {
  const first = (phase ?? "").trim().split(/\s+/)[0]?.toLowerCase() ?? "";
  return (PHASES as readonly string[]).includes(first) ? first : "build";
}

/** The next_action text that resumes the workflow in `phase`. */
export function resumeCommand(phase: string | undefined): string {
  const p = logPhase(phase);
  const verb = VERB[p] ?? p;
  return `(resume: \`/rite-${verb} (Claude) / $rite-${verb} (Codex)\` to continue the workflow)`;
}

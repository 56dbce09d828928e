// decisions.md's `## Dead ends` bullets: the approaches a workspace has ruled out, which the
// `handoff` record replays so a resuming agent does not retry them. Pure. Contract: the Go
// engine's engine/internal/lib/handoff.go (deadEnds, deadEndCap; TestDeadEndsBoundsAndSectionScope).

/** The Go engine's deadEndCap: older entries stay in decisions.md itself. */
export const DEAD_END_CAP = 10;

const goTrim = (s: string) => s.replace(/^[\t\n\v\f\r ]+|[\t\n\v\f\r ]+$/g, "");

/**
 * The `- …` bullets of every `## Dead ends` section (any heading line starting `##` ends one;
 * the heading compared without case), text after the dash trimmed; the last DEAD_END_CAP.
 */
export function deadEnds(text: string): string[] {
  const ends: string[] = [];
  let inSection = false;
  for (const line of text.split("\n")) {
    const t = goTrim(line);
    if (t.startsWith("##")) {
      inSection = t.toLowerCase() === "## dead ends";
      continue;
    }
    if (inSection && t.startsWith("-")) ends.push(goTrim(t.slice(1)));
  }
  return ends.length > DEAD_END_CAP ? ends.slice(ends.length - DEAD_END_CAP) : ends;
}

// `init`: render the four workspace files from templates/ for a new slug. Pure: the
// command creates the directory and commits these texts in one transaction.

import stateTemplate from "../../templates/state.md?raw";
import questionsTemplate from "../../templates/questions.md?raw";
import decisionsTemplate from "../../templates/decisions.md?raw";
import touchedTemplate from "../../templates/touched-files.md?raw";
import { BadInputError } from "../errors.js";
import { formatTimestamp } from "./clock.js";
import { normalizeText } from "./normalize-text.js";
import { isNewSlug, MAX_NEW_SLUG_LENGTH } from "./new-slug.js";
import { redact } from "./redact.js";
import { detectEol } from "../documents/lines.js";


export const WORKSPACE_FILES = ["state.md", "questions.md", "decisions.md", "touched-files.md"] as const;

/**
 * Check a slug for a workspace the engine creates.
 * @throws BadInputError outside `[a-z0-9]+(-[a-z0-9]+)*` or over 64 characters.
 */
export function assertNewSlug(slug: string | undefined): string {
  if (slug === undefined || slug === "") throw new BadInputError("init needs a workspace slug", { hint: "devrites-engine init <slug>, e.g. init session-token-rotation" });
  if (!isNewSlug(slug)) {
    throw new BadInputError(`invalid workspace slug ${JSON.stringify(slug)}`, {
      hint: `use lowercase letters and digits separated by single hyphens, at most ${MAX_NEW_SLUG_LENGTH} characters (e.g. billing-export)`,
    });
  }
  return slug;
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (m, k: string) => values[k] ?? m);
}

/** The initial contents of a workspace's files. */
export function renderWorkspace(slug: string, title: string | undefined, now: Date): Map<string, string> {
  const t = title === undefined ? slug : normalizeText([title], "title", 200);
  if (t === "") throw new BadInputError("--title is empty");
  // The engine writes the title into state.md (and the other headings): free text it persists, so redacted.
  const values = { slug, title: redact(t), now: formatTimestamp(now) };
  return new Map([
    ["state.md", fill(stateTemplate, values)],
    ["questions.md", fill(questionsTemplate, values)],
    ["decisions.md", fill(decisionsTemplate, values)],
    ["touched-files.md", fill(touchedTemplate, values)],
  ]);
}

/** Files `migrate` and `question add` may create in an existing workspace that lacks them. */
export const CREATABLE_FILES = ["questions.md", "decisions.md"] as const;
type CreatableFile = (typeof CREATABLE_FILES)[number];

/**
 * A missing questions.md / decisions.md for an existing workspace, from templates/: titled
 * with the slug (the workspace's own title is not known), in state.md's line ending.
 */
export function renderMissingFile(name: CreatableFile, slug: string, stateText: string): string {
  const text = fill(name === "questions.md" ? questionsTemplate : decisionsTemplate, { slug, title: slug });
  const eol = detectEol(stateText);
  return eol === "\n" ? text : text.replace(/\n/g, eol);
}

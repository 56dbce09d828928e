// Ticket comments as GitHub's REST API returns them (`gh api …/issues/N/comments`): one JSON
// array, or the arrays `gh api --paginate` prints one after another (or `--slurp`s into an
// array of arrays). Only the fields the engine reads are checked; unknown fields are ignored.

import { BadInputError } from "../../errors.js";

/** One comment, as much of it as the engine reads. */
export interface TicketComment {
  /** The comment's id, as text (GitHub's ids are numbers; a string id is kept as written). */
  id: string;
  /** The author, or null when GitHub reports none (a deleted account). */
  user: { login: string; type: string } | null;
  /** `OWNER`, `MEMBER`, `COLLABORATOR`, `CONTRIBUTOR`, `NONE`, … (`NONE` when absent). */
  association: string;
  body: string;
  createdAt: string;
  /**
   * The GitHub App the comment was made through (`performed_via_github_app`'s slug, or its name,
   * or "app"), null when a person wrote it on the page or through the API with their own token.
   */
  viaApp: string | null;
  /** Its position in the input (0-based), the tie-break for equal timestamps. */
  index: number;
}

function bad(file: string, what: string): BadInputError {
  return new BadInputError(`${file}: ${what}`, {
    kind: "bad-input",
    hint: "pass the JSON that `gh api repos/OWNER/REPO/issues/N/comments` prints (an array of comment objects; --paginate output is fine)",
  });
}

/**
 * The top-level JSON values of `text` when it is one or more values written one after another
 * (what `gh api --paginate` prints), each as its own source slice. Strings are skipped whole,
 * so a bracket inside a comment body never ends a value.
 */
function topLevelValues(text: string): string[] {
  const values: string[] = [];
  let depth = 0;
  let start = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      if (start < 0) return [text]; // a bare string at the top: let JSON.parse report it
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c /* \ */) i++;
        else if (d === 0x22) break;
      }
      continue;
    }
    if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (depth === 0) start = i;
      depth++;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      depth--;
      if (depth < 0) return [text];
      if (depth === 0) {
        values.push(text.slice(start, i + 1));
        start = -1;
      }
    } else if (depth === 0 && c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) {
      return [text]; // anything else between values: not paginated arrays; JSON.parse decides
    }
  }
  return depth === 0 && values.length > 0 ? values : [text];
}

function parseValue(slice: string, file: string): unknown {
  try {
    return JSON.parse(slice);
  } catch (e) {
    // A RangeError (nesting too deep for the stack) is bad input too, never a crash.
    throw bad(file, `not JSON (${e instanceof Error ? e.message : String(e)})`);
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function commentOf(v: unknown, index: number, file: string): TicketComment {
  if (!isObject(v)) throw bad(file, `item ${index + 1} is not a comment object`);
  const where = `item ${index + 1}`;
  const id = v.id;
  if (!(typeof id === "number" && Number.isSafeInteger(id)) && !(typeof id === "string" && /^[A-Za-z0-9_=-]{1,128}$/.test(id))) {
    throw bad(file, `${where} has no usable "id"`);
  }
  const body = v.body === null || v.body === undefined ? "" : v.body;
  if (typeof body !== "string") throw bad(file, `${where}: "body" is not text`);
  const created = v.created_at;
  if (typeof created !== "string" || Number.isNaN(Date.parse(created))) throw bad(file, `${where}: "created_at" is not a timestamp`);
  let user: TicketComment["user"] = null;
  if (v.user !== null && v.user !== undefined) {
    if (!isObject(v.user) || typeof v.user.login !== "string" || typeof v.user.type !== "string") throw bad(file, `${where}: "user" has no login and type`);
    user = { login: v.user.login, type: v.user.type };
  }
  const association = v.author_association === undefined || v.author_association === null ? "NONE" : v.author_association;
  if (typeof association !== "string") throw bad(file, `${where}: "author_association" is not text`);
  const app = v.performed_via_github_app;
  const viaApp = app === null || app === undefined || app === false ? null : isObject(app) && typeof app.slug === "string" && app.slug !== "" ? app.slug : isObject(app) && typeof app.name === "string" && app.name !== "" ? app.name : "app";
  return { id: String(id), user, association, body, createdAt: created, viaApp, index };
}

/**
 * Read the comments in `text`, in input order.
 * @throws BadInputError (5) when it is not JSON, not an array (or arrays) of comment objects, or a comment lacks id, body, created_at or a well-formed user.
 */
export function parseComments(text: string, file: string): TicketComment[] {
  const items: unknown[] = [];
  for (const slice of topLevelValues(text.replace(/^\uFEFF/, ""))) {
    const value = parseValue(slice, file);
    if (!Array.isArray(value)) throw bad(file, "not an array of comments");
    // `gh api --paginate --slurp` wraps the pages in one more array.
    for (const item of value) {
      if (Array.isArray(item)) for (const inner of item) items.push(inner);
      else items.push(item);
    }
  }
  return commentsOf(items, file);
}

/**
 * The comments among already-parsed JSON values (an MCP call's array), checked as parseComments checks a file's.
 * @throws BadInputError (5) when an item is not a comment object.
 */
export function commentsOf(items: readonly unknown[], file: string): TicketComment[] {
  return items.map((item, i) => commentOf(item, i, file));
}

// The `sequence_parent` chain of a release sequence: the one walker (live work/ first, then
// archive/, through an injected source) and, over it, the predecessors with their strictly
// parsed manifests that `state merge-manifest` and `check`'s release-union rule read.

import { RefusedError, type ErrorDetails } from "../errors.js";
import { parseManifest, type ManifestDoc } from "../documents/manifest/parse-manifest.js";
import { cursorValue, parseState, type StateDoc } from "../documents/state/parse-state.js";
import { shellWord } from "../shell-word.js";

/** A chain longer than this many `sequence_parent` links is refused, never truncated. */
export const MAX_CHAIN_LINKS = 64;

/** commands.md quotes merge-manifest failures with this prefix instead of `devrites-engine: `. */
export const BLOCKED_PREFIX = "merge-manifest: BLOCKED: ";

/** A workspace of the sequence as the disk layer found it; files are read on demand. */
export interface SequenceMember {
  slug: string;
  archived: boolean;
  /** `work/<slug>` or `archive/<slug>`, for messages. */
  label: string;
  /** state.md's text, undefined when the file is missing. */
  readState(): string | undefined;
  /** touched-files.md's text, undefined when the file is missing. */
  readManifest(): string | undefined;
}

/** How the domain reaches other workspaces: injected by commands from workspace/. */
export interface SequenceSource {
  /** The live workspace of that name, else the archived one, else undefined. */
  find(slug: string): SequenceMember | undefined;
}

/** One predecessor with its parsed, valid manifest. */
interface Predecessor {
  slug: string;
  archived: boolean;
  label: string;
  manifest: ManifestDoc;
}

/** A refusal in merge-manifest's own words (exit 3). */
export function blocked(message: string, details: ErrorDetails = {}): RefusedError {
  return new RefusedError(message, { kind: "manifest-blocked", ...details, prefix: BLOCKED_PREFIX });
}

/** The recorded parent of a cursor; an empty value counts as none. */
export function sequenceParent(state: StateDoc): string | undefined {
  const v = cursorValue(state, "sequence_parent");
  return v === undefined || v === "" ? undefined : v;
}

/**
 * Parse a manifest and refuse it at its first violation, naming file, line and column.
 * @throws RefusedError (exit 3, BLOCKED) for any violation of the manifest grammar.
 */
export function requireValidManifest(text: string, file: string): ManifestDoc {
  const doc = parseManifest(text);
  const v = doc.violations[0];
  if (v) {
    throw blocked(`${file}:${v.line}:${v.col}: ${v.message} (${v.rule})`, {
      hint: `fix ${file} (devrites-engine check lists every problem), then run merge-manifest again`,
      data: { file, line: v.line, col: v.col, rule: v.rule },
    });
  }
  return doc;
}

function predecessorOf(member: SequenceMember): Predecessor {
  const file = `${member.label}/touched-files.md`;
  const text = member.readManifest();
  if (text === undefined) {
    throw blocked(`predecessor ${member.slug} has no touched-files.md (${file})`, { hint: "restore the predecessor's manifest, or leave it out of the list" });
  }
  return { slug: member.slug, archived: member.archived, label: member.label, manifest: requireValidManifest(text, file) };
}

/** A workspace the walk reached through a `sequence_parent` link, with its parsed state.md. */
interface ChainLink {
  member: SequenceMember;
  state: StateDoc;
}

/**
 * Why a walk stopped: at the head (a workspace recording no parent), or at the first fault
 * of the chain — a name seen before, one link past MAX_CHAIN_LINKS, a name that is no
 * workspace in work/ or archive/ (an unsafe name included), a workspace without state.md.
 */
export type ChainEnd =
  | { end: "head" }
  | { end: "cycle"; at: string }
  | { end: "too_long"; at: string }
  | { end: "missing"; at: string; child: string }
  | { end: "no_state"; at: string; member: SequenceMember };

/**
 * The one walker of `sequence_parent`: from `start`, whose parent is `parent`, towards the
 * head, calling `visit` on each link as it is reached (newest first) and never revisiting or
 * reading past MAX_CHAIN_LINKS links. The faults of the chain are the result, worded by each
 * caller; what `source` or `visit` throws (an unsafe or unreadable workspace) propagates.
 */
export function walkChain(start: string, parent: string | undefined, source: SequenceSource, visit: (link: ChainLink) => void): ChainEnd {
  const visited = new Set<string>([start]);
  let child = start;
  let links = 0;
  for (let at = parent; at !== undefined; ) {
    if (visited.has(at)) return { end: "cycle", at };
    if (links === MAX_CHAIN_LINKS) return { end: "too_long", at };
    visited.add(at);
    const member = source.find(at);
    if (!member) return { end: "missing", at, child };
    const text = member.readState();
    if (text === undefined) return { end: "no_state", at, member };
    const state = parseState(text);
    visit({ member, state });
    links++;
    child = at;
    at = sequenceParent(state);
  }
  return { end: "head" };
}

/** merge-manifest's words for a chain that cannot be followed to its head. */
function chainRefusal(target: string, end: Exclude<ChainEnd, { end: "head" }>): RefusedError {
  switch (end.end) {
    case "cycle":
      return blocked(`sequence_parent cycle at "${end.at}"`, { hint: "fix the sequence_parent rows so the chain ends at a workspace without one" });
    case "too_long":
      return blocked(`the sequence_parent chain of ${target} is longer than ${MAX_CHAIN_LINKS} links (still going at "${end.at}"); it is refused, not truncated`, {
        hint: "pass an explicit ordered predecessor list, or shorten the chain",
      });
    case "missing":
      return blocked(`sequence_parent "${end.at}" of ${end.child} is not a workspace in work/ or archive/`, {
        hint: "restore that workspace, or pass an explicit ordered predecessor list",
      });
    case "no_state":
      return blocked(`sequence_parent "${end.at}" has no state.md (${end.member.label}/state.md), so the chain cannot be followed`, {
        hint: "pass an explicit ordered predecessor list",
      });
  }
}

/**
 * The predecessors of `target` through its recorded chain, oldest first, each manifest
 * checked as its link is reached.
 * @throws RefusedError (BLOCKED) for no parent, a cycle, more than 64 links, a parent that
 * is neither live nor archived, a parent without state.md, or an invalid manifest.
 */
export function walkSequenceChain(target: string, targetState: StateDoc, source: SequenceSource): Predecessor[] {
  const parent = sequenceParent(targetState);
  if (parent === undefined) {
    throw blocked(`${target} has no sequence_parent; pass an explicit ordered predecessor list`, {
      hint: `devrites-engine state merge-manifest ${shellWord(target)} <oldest> … <newest>`,
    });
  }
  const chain: Predecessor[] = [];
  const end = walkChain(target, parent, source, ({ member }) => chain.push(predecessorOf(member)));
  if (end.end !== "head") throw chainRefusal(target, end);
  return chain.reverse();
}

/**
 * Check an explicit predecessor list (oldest first) and load each one.
 * @throws RefusedError (BLOCKED) for the target itself, a duplicate, an unknown name, a last
 * entry other than the recorded `sequence_parent`, or an invalid manifest.
 */
export function listedPredecessors(target: string, targetState: StateDoc, names: readonly string[], source: SequenceSource): Predecessor[] {
  const seen = new Set<string>();
  for (const name of names) {
    if (name === target) {
      throw blocked(`predecessor "${name}" names the target workspace`, { hint: "list only the workspaces before the release, oldest first" });
    }
    if (seen.has(name)) throw blocked(`duplicate predecessor "${name}"`, { hint: "list each predecessor once, oldest first" });
    seen.add(name);
  }
  const parent = sequenceParent(targetState);
  const last = names[names.length - 1];
  if (parent !== undefined && last !== parent) {
    throw blocked(`${target} records sequence_parent "${parent}" but the list ends with "${last}"; the last predecessor must be the recorded parent`, {
      hint: `end the list with ${parent}, or pass no list to walk the recorded chain: devrites-engine state merge-manifest ${shellWord(target)}`,
    });
  }
  const members: SequenceMember[] = [];
  for (const name of names) {
    const member = source.find(name);
    if (!member) throw blocked(`unknown predecessor "${name}": no workspace of that name in work/ or archive/`, { hint: "check the spelling; list workspaces oldest first" });
    members.push(member);
  }
  return members.map(predecessorOf);
}

// A release sequence's predecessors: walked through `sequence_parent` (live work/ first,
// then archive/) or given as an explicit ordered list, each with its strictly parsed
// manifest. Shared by `state merge-manifest` and the release-union rule of `check`.

import { RefusedError, type ErrorDetails } from "../errors.js";
import { parseManifest, type ManifestDoc } from "../documents/manifest/parse-manifest.js";
import { cursorValue, parseState, type StateDoc } from "../documents/state/parse-state.js";

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
export interface Predecessor {
  slug: string;
  archived: boolean;
  label: string;
  manifest: ManifestDoc;
}

/** A refusal in merge-manifest's own words (exit 3). */
export function blocked(message: string, details: ErrorDetails = {}): RefusedError {
  return new RefusedError(message, { ...details, prefix: BLOCKED_PREFIX });
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

/**
 * Walk `sequence_parent` from the target to the head of the chain; oldest first.
 * @throws RefusedError (BLOCKED) for no parent, a cycle, more than 64 links, a parent that
 * is neither live nor archived, a parent without state.md, or an invalid manifest.
 */
export function walkSequenceChain(target: string, targetState: StateDoc, source: SequenceSource): Predecessor[] {
  let parent = sequenceParent(targetState);
  if (parent === undefined) {
    throw blocked(`${target} has no sequence_parent; pass an explicit ordered predecessor list`, {
      hint: `devrites-engine state merge-manifest ${target} <oldest> … <newest>`,
    });
  }
  const visited = new Set<string>([target]);
  const chain: Predecessor[] = [];
  let child = target;
  while (parent !== undefined) {
    if (visited.has(parent)) {
      throw blocked(`sequence_parent cycle at "${parent}"`, { hint: "fix the sequence_parent rows so the chain ends at a workspace without one" });
    }
    if (chain.length === MAX_CHAIN_LINKS) {
      throw blocked(`the sequence_parent chain of ${target} is longer than ${MAX_CHAIN_LINKS} links (still going at "${parent}"); it is refused, not truncated`, {
        hint: "pass an explicit ordered predecessor list, or shorten the chain",
      });
    }
    visited.add(parent);
    const member = source.find(parent);
    if (!member) {
      throw blocked(`sequence_parent "${parent}" of ${child} is not a workspace in work/ or archive/`, {
        hint: "restore that workspace, or pass an explicit ordered predecessor list",
      });
    }
    const stateText = member.readState();
    if (stateText === undefined) {
      throw blocked(`sequence_parent "${parent}" has no state.md (${member.label}/state.md), so the chain cannot be followed`, {
        hint: "pass an explicit ordered predecessor list",
      });
    }
    chain.push(predecessorOf(member));
    child = parent;
    parent = sequenceParent(parseState(stateText));
  }
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
      hint: `end the list with ${parent}, or pass no list to walk the recorded chain: devrites-engine state merge-manifest ${target}`,
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

// dispatch.json, the wave ledger of `dispatch`, read and written in the Go engine's form
// (engine/internal/lib/dispatch.go: loadDispatch, saveDispatch). The file is the engine's own
// JSON, not a hand-edited document: like the Go engine, a write renders it whole (json.MarshalIndent:
// two-space indent, keys in byte order, empty fields left out, no final newline).

import { RefusedError } from "../../errors.js";
import { goString } from "../go-json.js";

export const DISPATCH_FILE = "dispatch.json";

export interface DispatchRole {
  /** The host's agent id (`start`); "" until started. */
  handle: string;
  /** When `start` recorded the handle (the engine's timestamp form); "" until started. */
  started: string;
  returned: boolean;
}

export interface DispatchWave {
  phase: string;
  /** open, sealed, abandoned or complete (any other text read is kept and refused by the verbs). */
  state: string;
  roles: Map<string, DispatchRole>;
}

export interface DispatchFile {
  waves: Map<string, DispatchWave>;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The Go engine's refusal of a file it cannot read (exit 3, `dispatch: …`). */
const refuse = (message: string) =>
  new RefusedError(message, { prefix: "dispatch: ", hint: `${DISPATCH_FILE} is written by dispatch; restore it from version control or remove the broken wave` });

function text(v: unknown, where: string): string {
  if (v === undefined || v === null) return "";
  if (typeof v !== "string") throw refuse(`${DISPATCH_FILE} is not valid JSON: ${where} is ${Array.isArray(v) ? "an array" : typeof v}, not a string`);
  return v;
}

function role(v: unknown, where: string): DispatchRole {
  if (!isObject(v)) throw refuse(`${DISPATCH_FILE} is not valid JSON: ${where} is not an object`);
  const returned = v.returned ?? false;
  if (typeof returned !== "boolean") throw refuse(`${DISPATCH_FILE} is not valid JSON: ${where}.returned is not true or false`);
  return { handle: text(v.handle, `${where}.handle`), started: text(v.started, `${where}.started`), returned };
}

/**
 * Read dispatch.json; an empty ledger when there is none (`text` undefined).
 * @throws RefusedError (exit 3) for text that is not JSON, fields of the wrong type, or a wave
 * without a state or roles (the Go engine fails closed on a hand-edited impossible state).
 */
export function parseDispatchFile(source: string | undefined): DispatchFile {
  const file: DispatchFile = { waves: new Map() };
  if (source === undefined) return file;
  let raw: unknown;
  try {
    raw = JSON.parse(source);
  } catch (e) {
    throw refuse(`${DISPATCH_FILE} is not valid JSON: ${(e as Error).message}`);
  }
  if (!isObject(raw)) throw refuse(`${DISPATCH_FILE} is not valid JSON: it is not an object`);
  if (raw.waves === undefined || raw.waves === null) return file;
  if (!isObject(raw.waves)) throw refuse(`${DISPATCH_FILE} is not valid JSON: waves is not an object`);
  for (const [name, w] of Object.entries(raw.waves)) {
    const where = `wave ${JSON.stringify(name)}`;
    if (!isObject(w) || !isObject(w.roles) || text(w.state, `${where} state`) === "") throw refuse(`${where} is malformed (missing state or roles)`);
    const roles = new Map<string, DispatchRole>();
    for (const [r, v] of Object.entries(w.roles)) roles.set(r, role(v, `${where} role ${JSON.stringify(r)}`));
    file.waves.set(name, { phase: text(w.phase, `${where} phase`), state: text(w.state, `${where} state`), roles });
  }
  return file;
}

/** Go's sort.Strings: byte order of the UTF-8 text (not UTF-16 code units). */
export function byteOrder(names: Iterable<string>): string[] {
  return [...names].sort((a, b) => Buffer.compare(Buffer.from(a, "utf8"), Buffer.from(b, "utf8")));
}

function goObject(entries: [string, string][], indent: string): string {
  if (entries.length === 0) return "{}";
  const inner = `${indent}  `;
  return `{\n${entries.map(([k, v]) => `${inner}${goString(k)}: ${v}`).join(",\n")}\n${indent}}`;
}

/** dispatch.json's text as the Go engine's saveDispatch writes it. */
export function renderDispatchFile(file: DispatchFile): string {
  const waves = byteOrder(file.waves.keys()).map((name): [string, string] => {
    const w = file.waves.get(name)!;
    const roles = byteOrder(w.roles.keys()).map((r): [string, string] => {
      const v = w.roles.get(r)!;
      const fields: [string, string][] = [];
      if (v.handle !== "") fields.push(["handle", goString(v.handle)]);
      if (v.started !== "") fields.push(["started", goString(v.started)]);
      if (v.returned) fields.push(["returned", "true"]);
      return [r, goObject(fields, "        ")];
    });
    return [name, goObject([["phase", goString(w.phase)], ["state", goString(w.state)], ["roles", goObject(roles, "      ")]], "    ")];
  });
  return goObject([["waves", goObject(waves, "  ")]], "");
}

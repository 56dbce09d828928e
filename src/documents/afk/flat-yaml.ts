// A reader for the flat YAML a sentinel is in practice — `key: scalar` lines, `[a, b]` lists,
// comments — producing exactly what the yaml adapter produces, so `budget check` (called
// before every dispatch) does not load the yaml package. Anything outside this subset returns
// undefined and goes to the real parser; a property test keeps the two readings equal.

import type { YamlPos, YamlTop, YamlValue } from "./yaml-model.js";

const PAIR = /^([A-Za-z_][A-Za-z0-9_]*):(?: +(.*))?$/;
/** A plain scalar this reader vouches for: no indicator first, nothing YAML would read specially. */
function isSafePlain(s: string): boolean {
  if (s === "" || /^[,[\]{}#&*!|>'"%@`]/.test(s)) return false;
  if (/^[-?:]( |$)/.test(s)) return false;
  return !/[{}[\],]|: | #|:$/.test(s);
}
const ITEM = /^[A-Za-z0-9_.+-]+$/;

/** True for one or more ASCII digits and nothing else (`/^[0-9]+$/`). */
function isDigits(s: string): boolean {
  if (s.length === 0) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** What YAML 1.2's core schema makes of a plain scalar (the yaml package's default). */
function coreValue(s: string): unknown {
  if (s === "~" || s === "null" || s === "Null" || s === "NULL") return null;
  if (s === "true" || s === "True" || s === "TRUE") return true;
  if (s === "false" || s === "False" || s === "FALSE") return false;
  // The usual sentinel value (a count, a gate name) is decided here: each regex below is
  // compiled at its first use, which costs a one-command process more than the reading.
  if (isDigits(s)) return Number(s);
  // None of the forms below starts with a letter (`.inf`, `0x…`, a sign or a digit).
  const c = s.charCodeAt(0) | 0x20;
  if (c >= 97 && c <= 122) return s;
  if (/^[-+]?[0-9]+$/.test(s)) return Number(s);
  if (/^0o[0-7]+$/.test(s)) return parseInt(s.slice(2), 8);
  if (/^0x[0-9a-fA-F]+$/.test(s)) return parseInt(s.slice(2), 16);
  if (/^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/.test(s)) return Number(s);
  if (/^[-+]?\.(?:inf|Inf|INF)$/.test(s)) return s.startsWith("-") ? -Infinity : Infinity;
  if (/^\.(?:nan|NaN|NAN)$/.test(s)) return NaN;
  return s;
}

function scalar(source: string, value: unknown, quoted: boolean, pos: YamlPos): YamlValue {
  return { kind: "scalar", source, value, quoted, tag: undefined, pos, items: [] };
}

/** Split `value # comment` into the value text (comments need a space before `#`). */
function withoutComment(rest: string): string | undefined {
  if (rest.startsWith("#")) return "";
  const hash = rest.search(/[ ]#/);
  const body = (hash < 0 ? rest : rest.slice(0, hash)).replace(/ +$/, "");
  return body;
}

function readValue(rest: string, line: number, col: number): YamlValue | undefined {
  const body = withoutComment(rest);
  if (body === undefined) return undefined;
  const pos = { line, col };
  if (body === "") return undefined; // an empty value's position is the parser's business
  if (body.startsWith("[")) {
    if (!body.endsWith("]")) return undefined;
    const inner = body.slice(1, -1);
    const items: YamlValue[] = [];
    if (inner.trim() !== "") {
      let at = 1;
      for (const part of inner.split(",")) {
        const lead = part.length - part.trimStart().length;
        const item = part.trim();
        if (!ITEM.test(item)) return undefined;
        items.push(scalar(item, coreValue(item), false, { line, col: col + at + lead }));
        at += part.length + 1;
      }
    }
    return { kind: "seq", source: body, value: undefined, quoted: false, tag: undefined, pos, items };
  }
  if (body.startsWith('"')) {
    const m = /^"([^"\\]*)"$/.exec(body);
    return m ? scalar(body, m[1], true, pos) : undefined;
  }
  if (body.startsWith("'")) {
    const m = /^'([^']*)'$/.exec(body);
    return m ? scalar(body, m[1], true, pos) : undefined;
  }
  if (!isSafePlain(body)) return undefined;
  return scalar(body, coreValue(body), false, pos);
}

/**
 * Read a sentinel body in the flat subset, or undefined when any line is outside it (the
 * caller then uses the yaml adapter).
 */
export function parseFlatYaml(text: string): YamlTop | undefined {
  if (/[\r\t\u0000-\u0008\u000b-\u001f\u007f\ufeff]/.test(text)) return undefined;
  const pairs: YamlTop["pairs"] = [];
  const rows = text.split("\n");
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    if (/^ *(#.*)?$/.test(row)) continue;
    const m = PAIR.exec(row);
    if (!m) return undefined;
    const key = m[1]!;
    const rest = m[2] ?? "";
    const valueCol = row.length - rest.length + 1;
    const value = readValue(rest, i + 1, valueCol);
    if (!value) return undefined;
    pairs.push({ key, keyPos: { line: i + 1, col: 1 }, value });
  }
  return pairs.length === 0 ? { kind: "empty", pairs: [], errors: [] } : { kind: "map", pairs, errors: [] };
}

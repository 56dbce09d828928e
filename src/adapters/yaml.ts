// Adapter over the `yaml` package for the AFK sentinel: translates its document into our
// model (documents/afk/yaml-model.ts). Loaded lazily (its own chunk) and imports only types
// from src/, so commands that never read a sentinel never pay for it.

import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node } from "yaml";

import type { YamlPair, YamlPos, YamlTop, YamlValue } from "../documents/afk/yaml-model.js";

function toValue(node: Node | null | undefined, text: string, lc: LineCounter, fallback: number): YamlValue {
  const at = (offset: number): YamlPos => lc.linePos(offset);
  if (!node) return { kind: "null", source: "", value: null, quoted: false, tag: undefined, pos: at(fallback), items: [] };
  const [start, valueEnd] = node.range ?? [fallback, fallback];
  const source = text.slice(start, valueEnd).trim();
  const tag = node.tag;
  if (isSeq(node)) {
    return { kind: "seq", source, value: undefined, quoted: false, tag, pos: at(start), items: node.items.map((n) => toValue(n as Node, text, lc, start)) };
  }
  if (isMap(node)) return { kind: "map", source, value: undefined, quoted: false, tag, pos: at(start), items: [] };
  if (isScalar(node)) {
    const quoted = node.type === "QUOTE_DOUBLE" || node.type === "QUOTE_SINGLE";
    const kind = node.value === null && source === "" ? "null" : "scalar";
    return { kind, source, value: node.value, quoted, tag, pos: at(start), items: [] };
  }
  // An alias (`*a`): its source text is refused by every rule that wants a plain value.
  return { kind: "scalar", source, value: undefined, quoted: false, tag, pos: at(start), items: [] };
}

/** Parse YAML text into its top-level pairs, keeping positions; duplicate keys are errors. */
export function parseYamlTop(text: string): YamlTop {
  const lc = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lc, uniqueKeys: true, prettyErrors: false, strict: true });
  const errors = doc.errors.map((e) => ({ message: e.message.split("\n")[0] ?? e.message, code: e.code, pos: lc.linePos(e.pos[0]) }));
  const contents = doc.contents;
  if (contents === null || contents === undefined || (isScalar(contents) && contents.value === null)) {
    return { kind: "empty", pairs: [], errors };
  }
  if (!isMap(contents)) return { kind: "other", pairs: [], errors };
  const pairs: YamlPair[] = [];
  for (const item of contents.items) {
    const keyNode = item.key as Node | null;
    const keyStart = keyNode?.range?.[0] ?? 0;
    // A merge key is a symbol under `%YAML 1.1` and the string "<<" otherwise: both read as "<<".
    const key = isScalar(keyNode)
      ? (typeof keyNode.value === "symbol" ? "<<" : String(keyNode.value))
      : text.slice(keyStart, keyNode?.range?.[1] ?? keyStart);
    pairs.push({ key, keyPos: lc.linePos(keyStart), value: toValue(item.value as Node | null, text, lc, keyNode?.range?.[2] ?? keyStart) });
  }
  return { kind: "map", pairs, errors };
}

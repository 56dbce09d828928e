// The sentinel's YAML as our own model: top-level pairs with the source text and position of
// every key and value. The yaml adapter (src/adapters/yaml.ts) builds it; the sentinel
// validators read it, so documents/ never imports the adapter.

export interface YamlPos {
  line: number;
  col: number;
}

export interface YamlValue {
  kind: "scalar" | "seq" | "map" | "null";
  /** The value's source text exactly as written (no trailing comment). */
  source: string;
  /** What YAML makes of a scalar (for booleans and strings); undefined for lists, maps and aliases. */
  value: unknown;
  /** True for a quoted scalar. */
  quoted: boolean;
  /** An explicit tag (`!!str 10`): the source text above excludes it, so validators must look here. */
  tag: string | undefined;
  pos: YamlPos;
  items: YamlValue[];
}

export interface YamlPair {
  key: string;
  keyPos: YamlPos;
  value: YamlValue;
}

export interface YamlTop {
  /** "empty" when the document has no content (comments only); "other" when it is not a mapping. */
  kind: "map" | "empty" | "other";
  pairs: YamlPair[];
  /** `code` is the parser's own name for the error (`DUPLICATE_KEY`), for rules that treat one apart. */
  errors: { message: string; code?: string; pos: YamlPos }[];
}

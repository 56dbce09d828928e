// What a command's row says, applied: its usage line, and the argument checks every command gets
// before it runs (how many positionals, the value options it cannot run without, options that
// conflict or require another) in one wording, and how a value is named in them. Plain code
// over plain rows: the CLI's entry runs it on every call, so it loads nothing.

import type { CommandArgs, CommandSpec, NameOption, OptionDef, PositionalDef } from "../command-row.js";
import { BadInputError } from "../errors.js";
import { personOrAgent, type ForReaders } from "../for-readers.js";

/** Placeholders of the global options' values. */
const GLOBAL_VALUES: Record<string, string> = { root: "DIR", workspace: "SLUG" };

/** The value's name in usage and help: the row's `value`, else the option's name in capitals. */
export function valueName(name: string, o: Pick<OptionDef, "value"> | undefined): string {
  return o?.value ?? GLOBAL_VALUES[name] ?? name.toUpperCase().replace(/-/g, "_");
}

function positionalText(p: PositionalDef): string {
  const one = `<${p.name}>${p.repeatable ? "…" : ""}`;
  return p.optional ? `[${one}]` : one;
}

/** `<slug> [<predecessor>…]`: the positionals as the usage line shows them. */
function positionalsText(positionals: readonly PositionalDef[] | undefined): string {
  return (positionals ?? []).map(positionalText).join(" ");
}

function optionToken(name: string, o: OptionDef): string {
  return `--${name}${o.type === "string" ? ` ${valueName(name, o)}` : ""}`;
}

/**
 * The usage line: the words, the positionals, then the options in the row's order: a required
 * one bare, the others in brackets, `…` after a repeatable one, one that requires another nested
 * in that one's brackets, two that conflict as `[--a | --b]`; then the global options the row shows.
 */
export function usageLine(row: Omit<CommandSpec, "usage">, globals: Record<string, OptionDef>, person = true): string {
  const parts = ["devrites-engine", ...row.words];
  const pos = positionalsText(row.positionals);
  if (pos !== "") parts.push(pos);
  const entries = Object.entries(row.options).filter(([, o]) => person || !o.personOnly);
  const done = new Set<string>();
  for (const [name, o] of entries) {
    if (done.has(name) || o.requires !== undefined) continue;
    done.add(name);
    const nested = entries.filter(([, d]) => d.requires === name).map(([n, d]) => (done.add(n), ` [${optionToken(n, d)}]`)).join("");
    const partner = o.conflicts !== undefined ? row.options[o.conflicts] : undefined;
    if (partner && o.conflicts !== undefined) {
      done.add(o.conflicts);
      parts.push(`[${optionToken(name, o)} | ${optionToken(o.conflicts, partner)}]`);
      continue;
    }
    const token = optionToken(name, o) + nested;
    parts.push(o.required ? token : `[${token}]${o.multiple ? "…" : ""}`);
  }
  for (const g of row.shows ?? []) parts.push(`[${optionToken(g, globals[g]!)}]`);
  return parts.join(" ");
}

/** The usage line in both renderings: an agent's leaves out the options only a person gives. */
export function usageForReaders(row: CommandSpec, globals: Record<string, OptionDef>): string | ForReaders {
  const personal = Object.entries(row.options).filter(([, o]) => o.personOnly);
  if (personal.length === 0) return row.usage;
  // A row's own usage (forms): its bracketed person-only options taken out.
  const agent = row.usage === usageLine(row, globals) ? usageLine(row, globals, false) : personal.reduce((u, [n, o]) => u.split(` [${optionToken(n, o)}]`).join(""), row.usage);
  return personOrAgent(row.usage, agent);
}

/** How many positionals a row takes: at least `min`, at most `max`. */
function arity(positionals: readonly PositionalDef[] | undefined): { min: number; max: number } {
  const ps = positionals ?? [];
  return { min: ps.filter((p) => !p.optional).length, max: ps.some((p) => p.repeatable) ? Infinity : ps.length };
}

/**
 * The checks a row states, before its command runs; the one wording of each:
 * `<words> takes <positionals> (got …)`, `<words> needs <option> VALUE`, `<option> goes with
 * <option>`, `give <a> or <b>, not both`. `flag` names an option as the caller knows it.
 * @throws BadInputError (exit 5) with the usage as its hint.
 */
export function checkArguments(row: CommandSpec, args: CommandArgs, flag: NameOption, usage: () => string | ForReaders): void {
  const fail = (message: string) => new BadInputError(message, { hint: usage() });
  const { min, max } = arity(row.positionals);
  const n = args.positionals.length;
  if (n < min || n > max) {
    const takes = n > 0 && max === 0 ? "no arguments" : positionalsText(row.positionals) || "no arguments";
    const got = n === 0 ? "none" : args.positionals.map((p) => JSON.stringify(p)).join(" ");
    throw fail(`${row.words.join(" ")} takes ${takes} (got ${got})`);
  }
  const given = (name: string) => args.options[name] !== undefined && args.options[name] !== false;
  for (const [name, o] of Object.entries(row.options)) {
    // A required value option left out. (An empty value is the command's to refuse, saying what
    // the value must be; a required flag, such as `--human`, is a declaration: its command
    // refuses without it in words that say who may give it.)
    if (o.required && o.type === "string" && !given(name)) {
      const v = valueName(name, o);
      const hint = typeof o.kind === "object" ? `${v.toLowerCase()}s: ${o.kind.oneOf.join(", ")}` : undefined;
      throw new BadInputError(`${row.words.join(" ")} needs ${flag(name, v)}`, { hint: hint ?? usage() });
    }
    if (!given(name)) continue;
    if (o.conflicts !== undefined && given(o.conflicts)) throw fail(`give ${flag(name)} or ${flag(o.conflicts)}, not both`);
    if (o.requires !== undefined && !given(o.requires)) {
      const r = row.options[o.requires]!;
      throw fail(`${flag(name)} goes with ${flag(o.requires, r.type === "string" ? valueName(o.requires, r) : undefined)}`);
    }
  }
}

// The shape of one command's contract, as its row in the command table (cli/command-table.ts)
// declares it: words, positionals, options, help and its MCP entry. Plain data only, so the CLI's
// entry carries no schema library; the CLI's argument checks, usage lines, help and completion
// and the MCP tool list (mcp/tools.ts) are all derived from it. Here, at the floor, because both
// cli/ and mcp/ read it and neither imports the other.

/** What a value is: what completion offers for it, and the type an MCP field gives it. */
export type ValueKind =
  | "text"
  | "slug"
  | "qid"
  | "slice"
  | "path"
  | "timestamp"
  /** A whole number from 0 (a count); over MCP an integer field. */
  | "count"
  /** A number (a cost); over MCP a number field. */
  | "number"
  /** A whole number from 1 (an option number). */
  | "ordinal"
  /** One of a fixed set of codes (a gate, a pause reason). */
  | { oneOf: readonly string[] };

export interface PositionalDef {
  /** Its name in the usage line (`<slug>`, `<SLICE-ID>`, `<N>`). */
  name: string;
  kind: ValueKind;
  optional?: true;
  /** Takes every further argument (`[<predecessor>…]`). */
  repeatable?: true;
  /** The MCP field that carries it (default: `name` lowercased; a repeatable one gets an `s`). */
  field?: string;
  /** What the MCP field holds. */
  describe?: string;
}

export interface OptionDef {
  type: "string" | "boolean";
  multiple?: boolean;
  short?: string;
  describe: string;
  /** The value's name in usage and help (`--title TEXT`); default the option's name in capitals. */
  value?: string;
  /** What the value is (default text): completion values and the MCP field's type. */
  kind?: ValueKind;
  /**
   * The command refuses to run without it. A value option is checked before the command runs
   * (`<words> needs --name VALUE`, exit 5); a required flag (`--human`) is its command's to
   * refuse, in words that say who may give it.
   */
  required?: true;
  /** Only with this other option (`--release` with `--continues`): usage nests it, the CLI checks it. */
  requires?: string;
  /** Not with this other option (`--open` or `--all`): usage shows `[--a | --b]`, the CLI checks it. */
  conflicts?: string;
  /** Said by a person about themselves (`--human`): an agent is never told to pass it. */
  personOnly?: true;
  /** Its MCP field name (default: the option's name in snake_case); false: not an MCP field. */
  field?: string | false;
}

/** The MCP tool a command is, or why it is not one. */
export type McpEntry =
  | {
      /** The tool's name (snake_case, no `state` word: `pause`, `merge_manifest`). */
      tool: string;
      /** Whether the command only reads. */
      readOnly: boolean;
      /** Said to an agent after the description (what is true only over MCP, or only for agents). */
      note?: string;
      /** The usage a bad-input hint shows over MCP, in the tool's fields (default: the CLI's). */
      usage?: string;
    }
  | { not: string };

/** A command's contract without its runner: everything help, checks and MCP derive from. */
export interface CommandSpec {
  words: string[];
  /** The usage line, derived from the row (command-table.ts fills it in). */
  usage: string;
  describe: string;
  /** Two or three command lines for its help, at least one starting `devrites-engine <words>`. */
  examples: string[];
  options: Record<string, OptionDef>;
  /** Its arguments after the command words, in order (none when absent). */
  positionals?: PositionalDef[];
  /** Global options its usage line names (`--json`, `--root`). */
  shows?: string[];
  mcp?: McpEntry;
  /** A deprecated spelling kept for older skill packs: the command it stands for (not in help). */
  deprecatedFor?: string;
  /**
   * A DevRites pack call outside the workspace writer's job: its arguments are not parsed, it
   * is not in help or completion, and it answers what to use instead (commands/not-provided.ts).
   */
  notProvided?: true;
}

export type OptionValue = string | boolean | string[] | undefined;

export interface CommandArgs {
  /** Positionals after the command words (and everything after `--`). */
  positionals: string[];
  options: Record<string, OptionValue>;
  /**
   * Input a caller in process already holds, instead of the file an option names (the MCP
   * tools): `batch` is the text of `--batch`'s file, `comments` the items of `--from-comments`'
   * JSON. The option still names it in messages.
   */
  input?: { batch?: string; comments?: unknown[] };
}

/** How a message names an option (`--name` on the command line, a tool's field over MCP). */
export type NameOption = (option: string, placeholder?: string) => string;

/** One command run in process with typed arguments (the MCP tools): what runCommand takes. */
export interface CommandCall {
  /** The command's words in the command table (`["state", "resolve"]`). */
  words: readonly string[];
  /** Built inside the run, so a refusal while building it is mapped like any command error. */
  args: () => CommandArgs;
  root: string | undefined;
  workspace: string | undefined;
  /** How messages name an option (default `--name`): the MCP tools name their own fields. */
  flag?: NameOption;
  /** The usage a bad-input hint shows instead of the CLI's (a tool's fields). */
  usage?: string;
}

/** The snake_case name of an option as an MCP field (`record-decision` → `record_decision`). */
export const fieldName = (option: string): string => option.replace(/-/g, "_");

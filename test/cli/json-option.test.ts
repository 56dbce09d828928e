// `--json` is the output switch, except on a command whose row declares its own `--json` that
// takes a value (`parallel lease-write --json FILE` and `parallel create --json FILE`, the Go
// engine's spelling the pack calls verbatim: rite-build/reference/parallel-batch.md "Engine
// verbs"): there it names the input, and the output stays text, errors included.

import { describe, expect, it } from "vitest";
import { jsonOutputAsked, parseCommandLine } from "../../src/cli/argv.js";

describe("which --json asks for JSON output", () => {
  it.each<[string[], boolean]>([
    [["status", "--json"], true],
    [["parallel", "status", "--json"], true],
    [["--json", "parallel", "lease-clear"], true],
    [["status"], false],
    [["parallel", "lease-write", "--json", "lease.json"], false],
    [["parallel", "lease-write", "--json", "-"], false],
    [["parallel", "lease-write", "--json"], false],
    [["parallel", "create", "--batch", "b1", "--base", "HEAD", "--json", "batch.json"], false],
    [["state", "resolve", "q-1", "--", "--json"], false],
  ])("%j → %s", (argv, want) => {
    expect(jsonOutputAsked(argv)).toBe(want);
  });

  it("parseCommandLine agrees, and gives the value option its file", () => {
    const parsed = parseCommandLine(["parallel", "lease-write", "--slug", "feat", "--json", "lease.json"]);
    expect(parsed.json).toBe(false);
    expect(parsed.args.options.json).toBe("lease.json");
    expect(parseCommandLine(["parallel", "lease-clear", "--json"]).json).toBe(true);
  });
});

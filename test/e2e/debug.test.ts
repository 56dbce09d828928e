// DEVRITES_DEBUG through the built CLI: the process environment reaches main()'s env seam,
// the report goes to stderr after the normal lines, and the exit code is the same.

import { afterEach, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { makeProject, type Project } from "../helpers/project.js";

let project: Project | undefined;
afterEach(() => project?.cleanup());

it("DEVRITES_DEBUG=1 in the environment adds the kind and the stack after the normal message; the exit code stays 2", async () => {
  project = makeProject();
  const plain = await runCli(["nope"], { cwd: project.dir });
  const debug = await runCli(["nope"], { cwd: project.dir, env: { DEVRITES_DEBUG: "1" } });
  expect([plain.exit, debug.exit]).toEqual([2, 2]);
  expect(debug.stdout).toBe(plain.stdout);
  expect(debug.stderr.startsWith(plain.stderr)).toBe(true);
  expect(debug.stderr.slice(plain.stderr.length)).toMatch(/^debug: kind unknown-command \(exit 2\)\ndebug: stack:\n.+\n +at /);
});

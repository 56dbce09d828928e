// `npm test` after the bundle: the type check (tsc --noEmit) and every vitest suite, run at the
// same time. The suites spend part of their time waiting on the processes they spawn; the type
// check, at a lower CPU priority, runs in those gaps instead of before the suites. Its report is
// printed once the suites are done, and either one failing fails `npm test`. Arguments go to vitest
// (`npm test -- test/e2e/resolve.test.ts`).

import { spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const TSC = path.join(root, "node_modules", "typescript", "bin", "tsc");
const VITEST = path.join(root, "node_modules", "vitest", "vitest.mjs");

/** Run `node args…` in the repository; resolves to its exit code (1 when a signal ended it). */
function run(args, opts) {
  const child = spawn(process.execPath, args, { cwd: root, ...opts });
  const done = new Promise((resolve) => child.on("close", (code) => resolve(code ?? 1)));
  return { child, done };
}

const tsc = run([TSC, "--noEmit", "--incremental", "--tsBuildInfoFile", "node_modules/.cache/devrites-tsc/noemit.tsbuildinfo"], { stdio: ["ignore", "pipe", "pipe"] });
try {
  os.setPriority(tsc.child.pid, 10);
} catch {
  // A platform that refuses it runs the check at the suites' priority: slower, the same result.
}
let report = "";
tsc.child.stdout.on("data", (d) => (report += d));
tsc.child.stderr.on("data", (d) => (report += d));

const vitest = run([VITEST, "run", ...process.argv.slice(2)], { stdio: "inherit" });
const [suites, types] = await Promise.all([vitest.done, tsc.done]);
if (types !== 0) process.stderr.write(`\ntsc --noEmit failed (exit ${types}):\n${report}`);
process.exitCode = suites !== 0 ? suites : types;

#!/usr/bin/env node
// `npm run conformance`: the black-box conformance suite, which lives in the spec folder beside
// the repository (../shared/conformance/), not in a clone. Without it, say so and exit 0.

import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const suite = path.resolve(repo, "..", "shared", "conformance");
const runner = path.join(suite, "run.mjs");

if (!fs.existsSync(runner)) {
  console.log(`conformance: skipped, the suite is not here (looked for ${runner}); it ships with the spec folder, not with a clone.`);
  process.exit(0);
}
const r = spawnSync(process.execPath, [runner, ...process.argv.slice(2), path.join(suite, "cases-public.mjs")], { cwd: repo, stdio: "inherit" });
process.exit(r.status ?? 1);

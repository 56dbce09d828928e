#!/usr/bin/env node
// Writes test/golden/<case>/expected/ (and stdout.txt) from what the CLI does today, for a
// NEW golden case. Read every resulting diff against input/ before committing it: an
// approved file is a claim that those bytes are right.
//
//   node test/golden/approve.mjs <case> [--cli path/to/devrites-engine.cjs]

import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const name = process.argv[2];
const cliFlag = process.argv.indexOf("--cli");
const cli = cliFlag > 0 ? path.resolve(process.argv[cliFlag + 1]) : path.resolve(here, "../../dist/devrites-engine.cjs");
if (!name) throw new Error("usage: approve.mjs <case> [--cli FILE]");
const caseDir = path.join(here, name);
const spec = JSON.parse(fs.readFileSync(path.join(caseDir, "args.json"), "utf8"));
const tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "golden-")));
fs.cpSync(path.join(caseDir, "input"), tmp, { recursive: true });
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("DEVRITES_")));
Object.assign(env, { DEVRITES_NOW: "2026-07-20T10:00:00Z", NO_COLOR: "1" }, spec.env ?? {});
const r = spawnSync(process.execPath, [cli, ...spec.args], { cwd: path.join(tmp, spec.cwd ?? "."), env, encoding: "utf8" });
if (r.status !== spec.exit) throw new Error(`exit ${r.status}, args.json says ${spec.exit}\n${r.stderr}`);

const walk = (d, base = d) =>
  fs.existsSync(d)
    ? fs.readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name), base) : [path.relative(base, path.join(d, e.name))]))
    : [];
const expectedDir = path.join(caseDir, "expected");
fs.rmSync(expectedDir, { recursive: true, force: true });
for (const rel of walk(tmp)) {
  const before = path.join(caseDir, "input", rel);
  let got = fs.readFileSync(path.join(tmp, rel), "utf8");
  if (fs.existsSync(before) && fs.readFileSync(before, "utf8") === got) continue;
  if (rel.endsWith("events.jsonl")) got = got.replace(/("id":"ev-[^"]*-)[0-9a-f]+"/g, '$1XXXXXX"');
  fs.mkdirSync(path.dirname(path.join(expectedDir, rel)), { recursive: true });
  fs.writeFileSync(path.join(expectedDir, rel), got);
}
fs.writeFileSync(path.join(caseDir, "stdout.txt"), r.stdout);
if (r.stderr !== "") fs.writeFileSync(path.join(caseDir, "stderr.txt"), r.stderr);
fs.rmSync(tmp, { recursive: true, force: true });
process.stdout.write(`${name}: wrote expected/ — now review:\n`);
try {
  execFileSync("diff", ["-r", path.join(caseDir, "input"), expectedDir], { stdio: "inherit" });
} catch {
  // diff exits 1 when files differ, which is the point
}

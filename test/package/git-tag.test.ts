// The README's second install a team can share: a git URL with a tag. npm clones the tag,
// installs the engine's devDependencies in the clone and runs its `prepare` script (the
// build), then installs what `npm pack` would ship. Built here from a local bare repository
// and installed offline (the devDependencies come from the npm cache). Minutes long: only under
// DEVRITES_FULL=1 (`npm run test:full`).

import fs from "node:fs";
import path from "node:path";
import { execa, execaSync } from "execa";
import { afterAll, describe, expect, it } from "vitest";
import { makeProject, REPO_DIR, type Project } from "../helpers/project.js";

const FULL = process.env.DEVRITES_FULL === "1";
let consumer: Project | undefined;
afterAll(() => consumer?.cleanup());

describe.runIf(FULL)("installing a git tag", () => {
  it("npm install -D git+file://…#v<version> builds the tag offline: the bin runs and prints the version", async () => {
    const { version } = JSON.parse(fs.readFileSync(path.join(REPO_DIR, "package.json"), "utf8")) as { version: string };
    consumer = makeProject({ "package.json": '{ "name": "consumer", "version": "1.0.0", "private": true }\n' });
    const bare = consumer.path("engine.git");
    // The committed tree (HEAD) as a remote: what a tag on the team's server holds.
    execaSync("git", ["clone", "--quiet", "--bare", REPO_DIR, bare]);
    execaSync("git", ["-C", bare, "tag", `v${version}`, "HEAD"]);
    const project = consumer.path("project");
    fs.mkdirSync(project);
    fs.writeFileSync(path.join(project, "package.json"), '{ "name": "project", "version": "1.0.0", "private": true }\n');
    const env: Record<string, string | undefined> = {};
    for (const [k, v] of Object.entries(process.env)) if (!k.startsWith("DEVRITES_") && !k.startsWith("npm_")) env[k] = v;
    const install = await execa("npm", ["install", "--save-dev", `git+file://${bare}#v${version}`, "--offline", "--no-audit", "--no-fund"], { cwd: project, env: { ...env, npm_config_offline: "true" }, reject: false, all: true, timeout: 600_000 });
    expect(install.exitCode, String(install.all)).toBe(0);
    const manifest = JSON.parse(fs.readFileSync(path.join(project, "package.json"), "utf8")) as { devDependencies: Record<string, string> };
    expect(manifest.devDependencies["devrites-engine"]).toBe(`git+file://${bare}#v${version}`);
    const r = await execa(path.join(project, "node_modules/.bin/devrites-engine"), ["--version"], { cwd: project, reject: false });
    expect({ exit: r.exitCode, stdout: String(r.stdout) }).toEqual({ exit: 0, stdout: version });
  }, 900_000);
});

// The sandbox every security test runs in: a base directory holding `outside/` (files a hostile
// workspace would like to touch: a shell profile, a victim file) and `project/` (a fixture
// workspace). Commands run in-process through main(); outsideChanges() compares every byte
// outside `.devrites/`, workspaceFiles() tells old from new.

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { main } from "../../src/cli/main.js";
import type { Io } from "../../src/io.js";
import { treeDiff } from "../helpers/cli-cases.js";
import { FIXTURES_DIR } from "../helpers/project.js";

const SLUG = "session-token-rotation";
export const AWAITED = "q-2026-09-02-003";
export const WS_FILES = ["state.md", "questions.md", "decisions.md", "touched-files.md", "events.jsonl"] as const;

export interface Sandbox {
  base: string;
  project: string;
  devrites: string;
  ws: string;
  outside: string;
  /** Paths outside `.devrites/` whose bytes, mode or existence changed since the sandbox was made. */
  outsideChanges(): string[];
  /** The workspace's own files (missing = undefined). */
  workspaceFiles(): Record<string, string | undefined>;
  cleanup(): void;
}

/**
 * Every path under `base` with its kind, mode and bytes (as treeSnapshot), except the project's
 * `.devrites` (where the engine may write, and where tests plant FIFOs that must not be read).
 */
function outsideSnapshot(base: string): Map<string, string> {
  const out = new Map<string, string>();
  const skip = path.join(base, "project", ".devrites");
  const walk = (d: string) => {
    for (const name of fs.readdirSync(d)) {
      const full = path.join(d, name);
      if (full === skip) continue;
      const rel = path.relative(base, full);
      const st = fs.lstatSync(full);
      if (st.isSymbolicLink()) out.set(rel, `link ${fs.readlinkSync(full)}`);
      else if (st.isDirectory()) {
        out.set(rel, `dir ${(st.mode & 0o7777).toString(8)}`);
        walk(full);
      } else if (st.isFile()) out.set(rel, `file ${(st.mode & 0o7777).toString(8)} ${fs.readFileSync(full).toString("base64")}`);
      else out.set(rel, `special ${st.mode.toString(8)}`);
    }
  };
  walk(base);
  return out;
}

/** A fresh sandbox with the table-awaiting fixture as `project/`. */
export function makeSandbox(fixture = "table-awaiting"): Sandbox {
  const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "devrites-sec-")));
  const project = path.join(base, "project");
  fs.cpSync(path.join(FIXTURES_DIR, fixture), project, { recursive: true });
  const outside = path.join(base, "outside");
  fs.mkdirSync(outside);
  fs.writeFileSync(path.join(outside, ".bashrc"), "export PATH=$HOME/bin:$PATH\n");
  fs.writeFileSync(path.join(outside, "victim.txt"), "precious\n");
  fs.writeFileSync(path.join(project, "src.ts"), "export const x = 1;\n");
  const devrites = path.join(project, ".devrites");
  const ws = path.join(devrites, "work", SLUG);
  let before: Map<string, string> | undefined;
  const sb: Sandbox = {
    base,
    project,
    devrites,
    ws,
    outside,
    outsideChanges: () => treeDiff(before!, outsideSnapshot(base)),
    workspaceFiles() {
      const out: Record<string, string | undefined> = {};
      for (const f of WS_FILES) {
        const p = path.join(ws, f);
        const st = fs.existsSync(p) ? fs.lstatSync(p) : undefined;
        // A planted sparse giant is named by its size, never read.
        out[f] = st?.isFile() ? (st.size > 64 * 1024 * 1024 ? `<${st.size} bytes>` : fs.readFileSync(p, "utf8")) : undefined;
      }
      return out;
    },
    cleanup: () => fs.rmSync(base, { recursive: true, force: true }),
  };
  before = outsideSnapshot(base);
  return sb;
}

/** Take a fresh "before" for outsideChanges() after the test laid out its hostile files. */
export function rebaseline(sb: Sandbox): Sandbox {
  const before = outsideSnapshot(sb.base);
  return { ...sb, outsideChanges: () => treeDiff(before, outsideSnapshot(sb.base)) };
}

interface RunResult {
  exit: number;
  out: string;
  err: string;
}

/** Run one command line in-process in `cwd`, the clock pinned, a short lock timeout. */
export async function run(cwd: string, argv: string[], env: Record<string, string> = {}): Promise<RunResult> {
  let out = "";
  let err = "";
  const io: Io = {
    env: { DEVRITES_NOW: "2026-07-20T10:00:00Z", DEVRITES_LOCK_TIMEOUT_MS: "500", ...env },
    cwd,
    stdout: (t) => void (out += t),
    stderr: (t) => void (err += t),
    stdinIsTTY: false,
    stdoutIsTTY: false,
    now: () => new Date("2026-07-20T10:00:00Z"),
    pid: process.pid,
    hostname: os.hostname(),
  };
  const exit = await main(argv, io);
  return { exit, out, err };
}

/** A journal in the on-disk format (`<json>\ncrc32:<hex>\n`): a valid check line for any body. */
export function forgeJournal(body: unknown): string {
  const json = JSON.stringify(body);
  return `${json}\ncrc32:${zlib.crc32(json).toString(16)}\n`;
}

/** A pid that is not running (for stale locks and dead temps). */
export const DEAD_PID = 999_999_999;

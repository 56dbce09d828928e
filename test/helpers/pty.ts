// Run the built CLI on a real pseudo-terminal, the way a person at a shell does: through
// util-linux `script` (python3's pty module when `script` is missing), answering each prompt
// when it appears. Output comes back with CRLF folded to LF and the terminal's echo included.

import { spawn, spawnSync } from "node:child_process";
import { CLI_PATH } from "./project.js";

interface PtyReply {
  /** Wait until the output since the previous reply matches this. */
  after: RegExp;
  /** The line to type (a newline is added). */
  type: string;
}

interface PtyResult {
  exit: number;
  output: string;
  /** How the terminal was provided: `script` or `python3`. */
  via: string;
}

const quote = (s: string) => `'${s.replace(/'/g, "'\\''")}'`;

/** `script` when available (util-linux), else python3's pty module; undefined when neither is. */
export function ptyRunner(): "script" | "python3" | undefined {
  if (spawnSync("script", ["--version"], { encoding: "utf8" }).status === 0) return "script";
  if (spawnSync("python3", ["-c", "import pty"], { encoding: "utf8" }).status === 0) return "python3";
  return undefined;
}

/** Run `devrites-engine ...args` on a pseudo-terminal in `cwd`, typing `replies` as prompts appear. */
export function runInPty(args: string[], opts: { cwd: string; env: Record<string, string | undefined>; replies?: PtyReply[]; timeoutMs?: number }): Promise<PtyResult> {
  const via = ptyRunner();
  if (!via) throw new Error("no pseudo-terminal runner: install util-linux `script` or python3");
  const argv = [process.execPath, CLI_PATH, ...args];
  const [cmd, cmdArgs] =
    via === "script"
      ? ["script", ["-qec", argv.map(quote).join(" "), "/dev/null"]]
      : ["python3", ["-c", "import os,pty,sys; sys.exit(os.waitstatus_to_exitcode(pty.spawn(sys.argv[1:])))", ...argv]];
  const env: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith("DEVRITES_")) env[k] = v;
  Object.assign(env, { TERM: "dumb" }, opts.env);
  for (const k of Object.keys(env)) if (env[k] === undefined) delete env[k];
  const replies = [...(opts.replies ?? [])];
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, cmdArgs as string[], { cwd: opts.cwd, env: env as NodeJS.ProcessEnv, stdio: ["pipe", "pipe", "pipe"] });
    let output = "";
    let mark = 0;
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`pty run timed out waiting for ${replies[0]?.after ?? "exit"}; output so far:\n${output}`));
    }, opts.timeoutMs ?? 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString("utf8").replace(/\r\n/g, "\n");
      const next = replies[0];
      if (next && next.after.test(output.slice(mark))) {
        replies.shift();
        mark = output.length;
        child.stdin.write(`${next.type}\n`);
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ exit: code ?? -1, output, via });
    });
  });
}

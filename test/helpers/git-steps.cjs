// Preload (`node --require`) over the git the engine spawns (adapters/git.ts, through execa's
// child_process.spawn): each git child is one step.
//   GIT_STEPS_LOG=<file>   append each step's arguments (the SAFE_CONFIG `-c` pairs left out), one a line
//   KILL_AFTER_GIT=<k>     SIGKILL this process as step k's git exits (k=0: before the first step
//                          starts): a real kill between two steps, no catch or finally runs
//   FAIL_GIT=<words>       a step whose arguments hold these words (space-separated, in order)
//                          runs `git rev-parse --verify refs/heads/git-steps-failed` instead: git
//                          exits 128 with one line, `fatal: Needed a single revision`
// A test seam like the Go engine's (engine/internal/parallel/ops.go, its `var` test seams).
const cp = require("node:child_process");
const fs = require("node:fs");
const { syncBuiltinESMExports } = require("node:module");
const log = process.env.GIT_STEPS_LOG;
const killAfter = process.env.KILL_AFTER_GIT === undefined || process.env.KILL_AFTER_GIT === "" ? undefined : Number(process.env.KILL_AFTER_GIT);
const failWords = process.env.FAIL_GIT ? process.env.FAIL_GIT.split(" ") : undefined;
const spawn = cp.spawn;
let steps = 0;

/** The arguments after git's `-c k=v` pairs and `--no-pager`. */
function own(args) {
  const out = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "-c" && /^(core\.hooksPath|core\.fsmonitor|diff\.external|core\.pager)=/.test(String(args[i + 1]))) i++;
    else if (args[i] !== "--no-pager") out.push(String(args[i]));
  }
  return out;
}

const holds = (args, words) => {
  const text = ` ${args.join(" ")} `;
  return text.includes(` ${words.join(" ")} `);
};

cp.spawn = function (file, args, options) {
  if (String(file) !== "git" || !Array.isArray(args)) return spawn.apply(this, arguments);
  if (killAfter === 0) process.kill(process.pid, "SIGKILL");
  const mine = own(args);
  steps++;
  if (log) fs.appendFileSync(log, `${mine.join(" ").replace(/\n/g, "\\n")}\n`);
  const run = failWords && holds(mine, failWords) ? ["rev-parse", "--verify", "refs/heads/git-steps-failed"] : args;
  const child = spawn.call(this, file, run, options);
  if (killAfter === steps) child.on("exit", () => process.kill(process.pid, "SIGKILL"));
  return child;
};
syncBuiltinESMExports();

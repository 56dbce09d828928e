// Preload (`node --require`) that SIGKILLs the process at the rename onto the file named by
// KILL_AT_RENAME (a basename): a real kill at that instant, with no catch or finally running.
const fs = require("node:fs");
const path = require("node:path");
const target = process.env.KILL_AT_RENAME;
const rename = fs.renameSync;
fs.renameSync = function (from, to) {
  if (target && path.basename(String(to)) === target) process.kill(process.pid, "SIGKILL");
  return rename.apply(this, arguments);
};

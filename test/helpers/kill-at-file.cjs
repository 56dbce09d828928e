// Preload (`node --require`) that SIGKILLs the process at a file step with no rename to stop at
// (an append-only commit): KILL_AT_WRITE_OPEN (a basename) when that file is opened for
// writing, KILL_AT_UNLINK (a basename) when that file is removed. A real kill, no finally runs.
const fs = require("node:fs");
const path = require("node:path");
const openTarget = process.env.KILL_AT_WRITE_OPEN;
const unlinkTarget = process.env.KILL_AT_UNLINK;
const open = fs.openSync;
const unlink = fs.unlinkSync;
const writes = (flags) => (typeof flags === "number" ? (flags & 3) !== 0 : /[wa+]/.test(String(flags ?? "r")));
fs.openSync = function (p, flags) {
  if (openTarget && path.basename(String(p)) === openTarget && writes(flags)) process.kill(process.pid, "SIGKILL");
  return open.apply(this, arguments);
};
fs.unlinkSync = function (p) {
  if (unlinkTarget && path.basename(String(p)) === unlinkTarget) process.kill(process.pid, "SIGKILL");
  return unlink.apply(this, arguments);
};

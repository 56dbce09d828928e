// Preload (`node --require`) that holds the process still at the rename onto the file named by
// PAUSE_AT_RENAME (a basename) for PAUSE_MS milliseconds, after writing PAUSE_MARK (a path) so a
// test knows it is there: it widens the window between a command's decision and its write, for
// a race or a signal to land in. The rename then happens as usual.
const fs = require("node:fs");
const path = require("node:path");
const target = process.env.PAUSE_AT_RENAME;
const rename = fs.renameSync;
let paused = false;
fs.renameSync = function (from, to) {
  if (target && !paused && path.basename(String(to)) === target) {
    paused = true;
    if (process.env.PAUSE_MARK) fs.writeFileSync(process.env.PAUSE_MARK, String(process.pid));
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Number(process.env.PAUSE_MS ?? "500"));
  }
  return rename.apply(this, arguments);
};

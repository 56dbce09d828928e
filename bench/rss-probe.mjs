// Fallback peak-RSS probe for machines without GNU /usr/bin/time: runs a script (or nothing,
// the `node -e 0` baseline) in this very process and writes process.resourceUsage().maxRSS
// (KiB) and its minor page faults, as "KIB FAULTS", to the file named first.
// Usage: node rss-probe.mjs OUTFILE (-|SCRIPT) [ARGS…]

import fs from "node:fs";
import { pathToFileURL } from "node:url";

const [out, script, ...args] = process.argv.slice(2);
process.on("exit", () => {
  const u = process.resourceUsage();
  fs.writeFileSync(out, `${u.maxRSS} ${u.minorPageFault}`);
});
if (script !== "-") {
  // The CLI reads process.argv.slice(2): make it see exactly its own arguments.
  process.argv = [process.argv[0], script, ...args];
  await import(pathToFileURL(script).href);
}

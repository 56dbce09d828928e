// experiment: hoist executed top-level function declarations as PIFE vars
import fs from "node:fs";
import { parseAst } from "vite";
const [inp, out, ...logs] = process.argv.slice(2);
const code = fs.readFileSync(inp, "utf8");
const executed = new Set();
for (const f of logs) {
  const log = fs.readFileSync(f, "utf8").split("\n"); let sid;
  for (const l of log) { const p = l.split(","); if (p[0] === "script-details" && p[2]?.endsWith(inp.split("/").pop())) sid = p[1]; }
  for (const l of log) { const p = l.split(","); if (p[0] === "function" && p[1] === "first-execution" && p[2] === sid) executed.add(+p[3]); }
}
const ast = parseAst(code);
// CJS wrapper offset: log positions are relative to the function body? check both
const body = ast.body;
const moved = []; const cut = [];
let mode = process.env.MODE || "hot";
for (const st of body) {
  if (st.type !== "FunctionDeclaration" || st.async || st.generator) continue;
  // v8 position of a function = position of '(' of params? we accept any executed start within [st.start, st.start+len(name)+12]
  let hit = false;
  for (let o = st.start; o <= st.id.end + 2; o++) if (executed.has(o)) hit = true;
  if (mode === "all" || hit) { moved.push(`var ${st.id.name}=(function ${code.slice(st.id.start, st.end).replace(/^[^(]*/, "")});`); cut.push([st.start, st.end]); }
}
let s = code; for (const [a, b] of cut.sort((x, y) => y[0] - x[0])) s = s.slice(0, a) + s.slice(b);
// insert after "use strict"; or at start
const ins = s.startsWith('"use strict";') ? 13 : 0;
s = s.slice(0, ins) + moved.join("") + s.slice(ins);
fs.writeFileSync(out, s); console.log("moved", moved.length, "of", body.filter(b=>b.type==="FunctionDeclaration").length, "executed offsets", executed.size);

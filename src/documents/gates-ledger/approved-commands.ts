// The commands a gate may run: the Command and Cwd cells of test-plan.md's `## Build-entry
// preflight` table, matched by exact text. Ported from the Go engine's
// engine/internal/acceptance/approve.go. A plan without the section approves nothing. Pure.

import { structuralLines, unquoteCode } from "./parse-ledger.js";

export interface ApprovedCommand {
  command: string;
  /** Normalized; "" is the repository root. */
  cwd: string;
}

export function approvedCommands(testPlan: string): ApprovedCommand[] {
  const out: ApprovedCommand[] = [];
  let inSection = false;
  let commandCol = -1;
  let cwdCol = -1;
  for (const line of structuralLines(testPlan)) {
    const trimmed = line.trim();
    if (trimmed.startsWith("##")) {
      inSection = trimmed.toLowerCase() === "## build-entry preflight";
      commandCol = cwdCol = -1;
      continue;
    }
    if (!inSection) continue;
    const cells = tableCells(line);
    if (!cells) continue;
    if (commandCol < 0) {
      commandCol = cells.findIndex((c) => c.toLowerCase() === "command");
      cwdCol = cells.findIndex((c) => c.toLowerCase() === "cwd");
      continue;
    }
    if (commandCol >= cells.length || cells.every((c) => c === "" || /^[:-]+$/.test(c))) continue;
    const command = unquoteCode(cells[commandCol] as string);
    if (command === "") continue;
    out.push({ command, cwd: cwdCol >= 0 && cwdCol < cells.length ? normalizeCwd(cells[cwdCol] as string) : "" });
  }
  return out;
}

export function isApproved(check: string, cwd: string, approved: readonly ApprovedCommand[]): boolean {
  const c = check.trim();
  const d = normalizeCwd(cwd);
  return approved.some((row) => row.command === c && row.cwd === d);
}

function normalizeCwd(raw: string): string {
  const cwd = raw.replace(/^`+|`+$/g, "").trim();
  if (["", ".", "./", "repository", "root", "repo", "n/a", "-"].includes(cwd.toLowerCase())) return "";
  const parts: string[] = [];
  for (const seg of cwd.replace(/\\/g, "/").split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === ".." && parts.length > 0 && parts[parts.length - 1] !== "..") parts.pop();
    else parts.push(seg);
  }
  return (cwd.startsWith("/") ? "/" : "") + parts.join("/");
}

/** A `| a | b |` row's cells, `\|` kept as a pipe inside a cell; undefined for any other line. */
function tableCells(line: string): string[] | undefined {
  const t = line.trim();
  if (!t.startsWith("|") || !t.endsWith("|") || t.length < 2) return undefined;
  const body = t.slice(1, -1);
  const cells: string[] = [];
  let cell = "";
  for (let i = 0; i < body.length; i++) {
    if (body[i] === "\\" && body[i + 1] === "|") {
      cell += "|";
      i++;
    } else if (body[i] === "|") {
      cells.push(cell.trim());
      cell = "";
    } else cell += body[i];
  }
  cells.push(cell.trim());
  return cells;
}

// `check windows`: the broken-windows register (Go: engine/internal/lib/windows.go). Every
// deferral marker a change *adds* (TODO, FIXME, XXX, HACK, a skipped test, a stub body) needs
// its own waiver row in the workspace's windows.md — `- <path> | <marker> | <reason>` — or the
// check blocks. Pure: the added lines and windows.md's text in, the report out.

export interface WindowHit {
  path: string;
  line: number;
  marker: string;
  text: string;
}

const TOKEN = /(?:^|[^A-Za-z0-9_])(TODO|FIXME|XXX|HACK)(?=[^A-Za-z0-9_]|$)/g;

const IDIOMS = [
  "t.Skip(", "t.Skipf(",
  "test.skip(", "it.skip(", "describe.skip(", "context.skip(",
  "xit(", "xdescribe(", "xtest(", "xcontext(", "fit(", "fdescribe(",
  "pytest.mark.skip", "unittest.skip", "SkipTest",
  "@Disabled", "#[ignore]",
  "todo!(", "unimplemented!(",
  "NotImplementedError",
  'panic("TODO', 'panic("unimplemented', 'panic("not implemented',
  'throw new Error("unimplemented', 'throw new Error("not implemented',
  "TODO: implement", "not yet implemented",
];

/** The markers on one added line: tokens, then idioms; a token inside a matching idiom counts once (Go: windowsMarkers). */
export function windowsMarkers(line: string): string[] {
  const idioms = IDIOMS.filter((i) => line.includes(i));
  const tokens: string[] = [];
  for (const m of line.matchAll(TOKEN)) {
    const token = m[1] as string;
    if (!idioms.some((i) => i.includes(token))) tokens.push(token);
  }
  return [...tokens, ...idioms];
}

/** Un-quote a path git printed C-style (`"b/a\\tb"`); a plain path is returned as is. */
export function unquoteGitPath(p: string): string {
  if (!(p.startsWith('"') && p.endsWith('"') && p.length >= 2)) return p;
  const body = p.slice(1, -1);
  const bytes: number[] = [];
  const simple: Record<string, number> = { n: 10, t: 9, r: 13, a: 7, b: 8, f: 12, v: 11, "\\": 92, '"': 34 };
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as string;
    if (c !== "\\") {
      bytes.push(...Buffer.from(c, "utf8"));
      continue;
    }
    const next = body[i + 1] ?? "";
    if (/[0-7]/.test(next)) {
      bytes.push(parseInt(body.slice(i + 1, i + 4), 8));
      i += 3;
    } else {
      bytes.push(simple[next] ?? next.charCodeAt(0));
      i += 1;
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** The added lines' markers of a `git diff -U0` and the paths it touched (Go: addedLinesFromDiff). */
export function addedLinesFromDiff(diff: string): { hits: WindowHit[]; paths: Set<string> } {
  const hits: WindowHit[] = [];
  const paths = new Set<string>();
  let path = "";
  let newLine = 0;
  let inHunk = false;
  for (const line of diff.split("\n")) {
    if (line.startsWith("+++ ")) {
      const p = unquoteGitPath(line.slice(4).trim());
      if (p === "/dev/null") {
        path = "";
        inHunk = false;
        continue;
      }
      path = p.startsWith("b/") ? p.slice(2) : p;
      paths.add(path);
      inHunk = false;
    } else if (line.startsWith("@@")) {
      inHunk = false;
      const m = /\+(\d+)/.exec(line.slice(2));
      if (m) {
        newLine = Number(m[1]);
        inHunk = path !== "";
      }
    } else if (inHunk && line.startsWith("+")) {
      const text = line.slice(1);
      for (const marker of windowsMarkers(text)) hits.push({ path, line: newLine, marker, text: text.trim() });
      newLine++;
    } else if (inHunk && (line.startsWith("-") || line.startsWith("\\"))) {
      // a removed line, or "\ No newline at end of file": the new side does not advance
    } else {
      newLine++;
    }
  }
  return { hits, paths };
}

/** Every line of a wholly new file as added (Go: scanWholeFile); a file with a NUL in its first 512 bytes is binary: none. */
export function wholeFileHits(path: string, bytes: Buffer): WindowHit[] {
  if (bytes.subarray(0, 512).includes(0)) return [];
  const hits: WindowHit[] = [];
  bytes.toString("utf8").split("\n").forEach((line, i) => {
    for (const marker of windowsMarkers(line)) hits.push({ path, line: i + 1, marker, text: line.trim() });
  });
  return hits;
}

const unquote = (s: string) => s.trim().replace(/^[`'"]+|[`'"]+$/g, "");

/** windows.md's waivers, `path\0marker` → count, and warnings for rows that waive nothing (Go: parseWindowsWaivers). */
export function parseWaivers(text: string): { waivers: Map<string, number>; warnings: string[] } {
  const waivers = new Map<string, number>();
  const warnings: string[] = [];
  for (const raw of text.split("\n")) {
    const trimmed = raw.trim();
    if (!trimmed.startsWith("-") && !trimmed.startsWith("*")) continue;
    let body = trimmed;
    if (body.startsWith("-")) body = body.slice(1);
    if (body.startsWith("*")) body = body.slice(1);
    body = body.trim();
    const parts = body.split("|");
    if (parts.length < 3) {
      if (body.includes("|")) warnings.push(`windows.md: malformed waiver row ${JSON.stringify(body)} (want \`path | marker | reason\`)`);
      continue;
    }
    const path = unquote(parts[0] as string);
    const marker = unquote(parts[1] as string);
    if ((parts[2] as string).trim() === "") {
      warnings.push(`windows.md: waiver for ${path} ${marker} has no reason — does not waive`);
      continue;
    }
    const key = `${path}\0${marker}`;
    waivers.set(key, (waivers.get(key) ?? 0) + 1);
  }
  return { waivers, warnings };
}

export interface WindowsReport {
  lines: string[];
  blocked: boolean;
  waived: WindowHit[];
  unwaived: WindowHit[];
}

/** Each hit against the waivers, one row waiving one hit, in hit order; the Go engine's lines. */
export function windowsReport(hits: readonly WindowHit[], waiverText: string | undefined): WindowsReport {
  const { waivers, warnings } = waiverText === undefined ? { waivers: new Map<string, number>(), warnings: [] } : parseWaivers(waiverText);
  const lines = warnings.map((w) => `windows: ${w}`);
  const waived: WindowHit[] = [];
  const unwaived: WindowHit[] = [];
  for (const h of hits) {
    const key = `${h.path}\0${h.marker}`;
    const left = waivers.get(key) ?? 0;
    if (left > 0) {
      waivers.set(key, left - 1);
      waived.push(h);
      lines.push(`windows: waived: ${h.path}:${h.line} ${h.marker}`);
    } else {
      unwaived.push(h);
      lines.push(`windows: unwaived: ${h.path}:${h.line} ${h.marker} — ${h.text}`);
    }
  }
  if (hits.length === 0) lines.push("windows: ok (no deferral markers introduced)");
  else if (unwaived.length === 0) lines.push(`windows: ok (${hits.length} marker(s), all waived in windows.md)`);
  else lines.push(`windows: BLOCKED: ${unwaived.length} unwaived deferral marker(s) introduced — remove them or record waivers in windows.md`);
  return { lines, blocked: unwaived.length > 0, waived, unwaived };
}

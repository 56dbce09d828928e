// The path rules of a candidate manifest row (formats.md, touched-files.md) and the byte
// order and case folding the manifest is sorted and de-duplicated by. A release manifest
// names files on every platform the project ships to, so Windows-hostile names are refused.

/** A manifest path is at most this many bytes of UTF-8. */
const MAX_PATH_BYTES = 4096;

interface PathProblem {
  rule: string;
  message: string;
}

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const RESERVED_CHARS = /[<>:"|?*]/;
const DRIVE = /^[A-Za-z]:/;
const DEVICE = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])$/i;

/** The UTF-8 length of `s` in bytes, without a Buffer (documents/ stays platform-neutral). */
export function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/**
 * Compare two strings in UTF-8 byte order (= code point order). JS `<` compares UTF-16
 * units, which puts astral characters before U+E000–U+FFFF; UTF-8 puts them after.
 */
export function compareBytes(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    const xs = x >= 0xd800 && x <= 0xdfff;
    const ys = y >= 0xd800 && y <= 0xdfff;
    if (xs !== ys) return xs ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}

/**
 * Simple case folding per code point: two paths that fold equal name one file on a
 * case-insensitive file system (`src/A.ts`, `src/a.ts`; the Kelvin sign and `k`).
 */
export function foldCase(s: string): string {
  // ASCII folds to its lower case, letter by letter: the usual path takes no per-character strings.
  let ascii = true;
  for (let i = 0; i < s.length && ascii; i++) ascii = s.charCodeAt(i) < 0x80;
  if (ascii) return s.toLowerCase();
  let out = "";
  for (const ch of s) {
    const upper = ch.toUpperCase();
    if ([...upper].length === 1) {
      const lower = upper.toLowerCase();
      out += [...lower].length === 1 ? lower : upper;
    } else out += ch.toLowerCase();
  }
  return out;
}

/** POSIX lexical normalization (Go's path.Clean): what the path should have been written as. */
export function cleanPath(p: string): string {
  const out: string[] = [];
  for (const part of p.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (out.length > 0 && out[out.length - 1] !== "..") out.pop();
      else out.push("..");
    } else out.push(part);
  }
  return out.length === 0 ? "." : out.join("/");
}

const show = (p: string) => JSON.stringify(p);

/** The first rule of formats.md that `p` breaks, or undefined for an acceptable path. */
export function pathProblem(p: string): PathProblem | undefined {
  if (p === "") return { rule: "path-empty", message: "the path is empty" };
  const bytes = utf8Length(p);
  if (bytes > MAX_PATH_BYTES) return { rule: "path-too-long", message: `the path is ${bytes} bytes long, more than ${MAX_PATH_BYTES}` };
  if (CONTROL.test(p)) return { rule: "path-control-char", message: `path ${show(p)} contains a control character` };
  if (p.includes("\\")) return { rule: "path-backslash", message: `path ${show(p)} contains a backslash; use / between components` };
  if (p.startsWith("/")) return { rule: "path-absolute", message: `path ${show(p)} is absolute; write it relative to the project root` };
  if (DRIVE.test(p)) return { rule: "path-drive", message: `path ${show(p)} starts with a drive prefix; write it relative to the project root` };
  const clean = cleanPath(p);
  if (clean === "." || clean === ".." || clean.startsWith("../")) {
    return { rule: "path-dot-component", message: `path ${show(p)} has a "." or ".." component that leaves the project` };
  }
  if (clean !== p) {
    // Empty, "." and ".." components that normalization removes: say what to write instead.
    return { rule: "path-not-normalized", message: `path ${show(p)} is not normalized (empty, "." or ".." component); write ${show(clean)}` };
  }
  const parts = p.split("/");
  for (const part of parts) {
    if (RESERVED_CHARS.test(part)) return { rule: "path-reserved-char", message: `path ${show(p)} has a component containing one of <>:"|?*` };
    if (part.endsWith(".") || part.endsWith(" ")) {
      return { rule: "path-trailing-dot-space", message: `path ${show(p)} has a component ending in "." or a space` };
    }
    const stem = (part.split(".")[0] as string).trimEnd();
    if (DEVICE.test(stem)) return { rule: "path-device-name", message: `path ${show(p)} has a component named after a Windows device (${stem})` };
  }
  if (parts.some((part) => part.toLowerCase() === ".git")) {
    return { rule: "path-git", message: `path ${show(p)} is under .git, which is never a project file` };
  }
  const head = parts[0] as string;
  if (head.toLowerCase() === ".devrites") {
    const allowed = p === ".devrites/principles.md" || (head === ".devrites" && parts[1] === "specs" && parts.length >= 3);
    if (!allowed) {
      return { rule: "path-devrites", message: `path ${show(p)} is workflow state; under .devrites only .devrites/principles.md and .devrites/specs/… are project files` };
    }
  }
  return undefined;
}

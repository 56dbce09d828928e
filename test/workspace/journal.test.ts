// The journal's check line is the same whether its body is given as text or as the UTF-8
// bytes commit writes (a journal written from bytes must read back as untorn), and its CRC-32
// is zlib's whether computed here (small commits) or by node:zlib.

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { CorruptJournalError } from "../../src/errors.js";
import { bodySum, crc32, JOURNAL_FILE, matchTempName, readJournal, smallCrc32, TEMP_NAME } from "../../src/workspace/journal.js";
import { concatenations, makeRng } from "../helpers/generate.js";
import { thrown } from "../helpers/thrown.js";

describe("bodySum", () => {
  it.each<[string, string, 1 | 3]>([
    ["an empty body", "", 3],
    ["ASCII JSON", '{"v":3,"files":[],"appends":[]}', 3],
    ["non-ASCII event data", '{"appends":[{"data":"é — ✓ \\u2028 😀\\n"}]}', 3],
    ["a version 1 body (SHA-256)", '{"v":1,"data":"é — ✓"}', 1],
  ])("%s: the text and its bytes give the same check line", (_name, body, v) => {
    expect(bodySum(Buffer.from(body, "utf8"), v)).toBe(bodySum(body, v));
  });
});

describe("crc32 is zlib's CRC-32 on both sides of the size from which it loads zlib", () => {
  const rng = makeRng(0xc2c32);
  const bytes = (n: number) => Uint8Array.from({ length: n }, () => rng.int(0, 255));
  it.each([0, 1, 7, 255, 4096, 32 * 1024 - 1, 32 * 1024, 32 * 1024 + 1, 100_000])("%i bytes, whole and in pieces", (n) => {
    const data = bytes(n);
    const want = zlib.crc32(data);
    expect(crc32(Buffer.from(data))).toBe(want);
    expect(smallCrc32(data)).toBe(want);
    const cut = Math.floor(n / 3);
    expect(crc32([data.subarray(0, cut), data.subarray(cut)])).toBe(want);
    expect(smallCrc32(data.subarray(cut), smallCrc32(data.subarray(0, cut)))).toBe(want);
  });
  it("every length to 67 at every start 0–3 of a larger buffer, from 0 and from a running value, four bytes a step or not", () => {
    const data = bytes(80);
    for (let start = 0; start < 4; start++) {
      for (let n = 0; n <= 67; n++) {
        const piece = data.subarray(start, start + n);
        expect(smallCrc32(piece), `start ${start}, ${n} bytes`).toBe(zlib.crc32(piece));
        expect(smallCrc32(piece, 0x9e3779b9), `start ${start}, ${n} bytes, continued`).toBe(zlib.crc32(piece, 0x9e3779b9));
      }
    }
  });
  it.each(["", "a", "é — ✓ 😀\n", "x".repeat(40_000)])("the text %#: its UTF-8 bytes' CRC-32", (text) => {
    expect(crc32(text)).toBe(zlib.crc32(Buffer.from(text, "utf8")));
  });
});

describe("matchTempName", () => {
  it.each([
    [".questions.md.4242.0123456789abcdef.tmp", ["questions.md", "4242", "0123456789abcdef", undefined]],
    [".state.md.7.deadbeef.old.tmp", ["state.md", "7", "deadbeef", ".old"]],
    [".ACTIVE.12.0123456789abcdef.tmp", ["ACTIVE", "12", "0123456789abcdef", undefined]],
    ["questions.md", null],
    [".journal", null],
    [".engine.lock", null],
    [".plan.md.1.deadbeef.tmp", null],
    [".questions.md.1.DEADBEEF.tmp", null],
    [".questions.md.1.deadbeef.tmp.bak", null],
  ])("%j", (name, want) => {
    const m = matchTempName(name);
    expect(m === null ? null : [m[1], m[2], m[3], m[4]]).toEqual(want);
  });

  it("matches exactly what TEMP_NAME matches (its cheap first look rejects no temp name)", () => {
    const choices = [
      ["", ".", "x."],
      ["questions.md", "ACTIVE", "notes.md"],
      ["", ".1", ".12345678901"],
      ["", ".deadbeef", ".0123456789abcdef", ".DEADBEEF"],
      ["", ".old"],
      ["", ".tmp", ".tmp.x", ".tm"],
    ];
    const names = concatenations(choices);
    let temps = 0;
    for (const name of names) {
      const want = TEMP_NAME.exec(name);
      if (want) temps++;
      expect(matchTempName(name)?.[0], name).toBe(want?.[0]);
    }
    expect(temps).toBeGreaterThan(0);
  });
});

describe("readJournal: each rule a journal with a right check line must meet (the trust boundary)", () => {
  const NONCE = "0123456789abcdef";
  const t = (name: string, nonce = NONCE) => `.${name}.4242.${nonce}.tmp`;
  const file = (over: Record<string, unknown> = {}) => ({ target: "state.md", temp: t("state.md"), size: 4, crc32: 7, existed: true, ...over });
  const v3 = (over: Record<string, unknown> = {}) => ({ v: 3, nonce: NONCE, files: [file()], appends: [], ...over });
  let dir: string | undefined;
  afterEach(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });
  /** A workspace directory holding `.journal` with `body` and its right check line (and an events.jsonl of `events` bytes). */
  const planted = (body: unknown, events = 10) => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "journal-"));
    fs.writeFileSync(path.join(dir, "events.jsonl"), "x".repeat(events));
    const text = JSON.stringify(body);
    const v = (body as { v?: unknown } | null)?.v === 1 ? 1 : 3;
    fs.writeFileSync(path.join(dir, JOURNAL_FILE), `${text}\n${bodySum(text, v)}\n`);
    return dir;
  };

  it.each<[string, unknown]>([
    ["version 3 with a backup", v3({ files: [file({ backup: ".state.md.4242.0123456789abcdef.old.tmp" })] })],
    ["version 3, a file it creates", v3({ files: [file({ target: "decisions.md", temp: t("decisions.md"), existed: false })] })],
    ["version 3, init's ACTIVE in the root", v3({ files: [file({ target: "../../ACTIVE", temp: `../../${t("ACTIVE")}` })] })],
    ["version 2 (8-hex-digit temps, no nonce)", { v: 2, files: [{ target: "questions.md", temp: ".questions.md.9.0000abcd.tmp", size: 0, crc32: 0 }], appends: [] }],
    ["version 1 (sha256)", { v: 1, files: [{ target: "questions.md", temp: ".questions.md.9.0000abcd.tmp", sha256: "a".repeat(64) }], appends: [] }],
    ["an append at the end of events.jsonl", v3({ appends: [{ target: "events.jsonl", offset: 10, data: "{}\n" }] })],
  ])("%s: read", (_name, body) => {
    expect(readJournal(planted(body)).kind).toBe("ok");
  });

  it.each<[string, unknown, string]>([
    ["not an object", [1], "it is not a JSON object"],
    ["an unknown version", v3({ v: 6 }), "unknown version 6"],
    ["a close's move of another workspace", v3({ v: 4, files: [], archive: "other" }), 'it moves "other", not its own workspace'],
    ["a close's move of a directory outside work/ and archive/", v3({ v: 4, files: [], archive: undefined }), "not its own workspace"],
    ["a version 3 journal that moves a directory", v3({ archive: "x" }), "a version 3 journal moves no directory"],
    ["version 3 without its nonce", v3({ nonce: "XYZ" }), "its nonce is missing or malformed"],
    ["no lists", { v: 3, nonce: NONCE }, "it has no files and appends lists"],
    ["a file entry that is not an object", v3({ files: ["state.md"] }), "files[0] is not an object"],
    ["a target outside the workspace", v3({ files: [file({ target: "/home/u/.bashrc" })] }), 'files[0] names "/home/u/.bashrc", not one of the workspace\'s own files'],
    ["a target climbing out", v3({ files: [file({ target: "../other/state.md" })] }), "not one of the workspace's own files"],
    ["a target twice", v3({ files: [file(), file()] }), "files[1] names state.md twice"],
    ["a temp of another name", v3({ files: [file({ temp: t("questions.md") })] }), "is not the engine's temp name for state.md"],
    ["a temp with another journal's nonce", v3({ files: [file({ temp: t("state.md", "fedcba9876543210") })] }), "is not the engine's temp name for state.md"],
    ["a temp in another directory", v3({ files: [file({ temp: `../x/${t("state.md")}` })] }), "is not the engine's temp name"],
    ["a backup named as a temp", v3({ files: [file({ temp: ".state.md.4242.0123456789abcdef.old.tmp" })] }), "is not the engine's temp name"],
    ["ACTIVE's temp not in the root", v3({ files: [file({ target: "../../ACTIVE", temp: t("ACTIVE") })] }), "is not the engine's temp name for ../../ACTIVE"],
    ["version 2 with a 16-digit temp", { v: 2, files: [{ target: "state.md", temp: t("state.md"), size: 1, crc32: 1 }], appends: [] }, "is not the engine's temp name"],
    ["version 1 without its sha256", { v: 1, files: [{ target: "state.md", temp: ".state.md.9.0000abcd.tmp" }], appends: [] }, "files[0] has no valid sha256"],
    ["a size over the cap", v3({ files: [file({ size: 65 * 1024 * 1024 })] }), `files[0] size ${65 * 1024 * 1024} is out of range`],
    ["a negative size", v3({ files: [file({ size: -1 })] }), "files[0] size -1 is out of range"],
    ["a CRC over 32 bits", v3({ files: [file({ crc32: 2 ** 32 })] }), "files[0] crc32 is not a 32-bit number"],
    ["version 3 not saying whether the file existed", v3({ files: [file({ existed: undefined })] }), "does not say whether state.md existed"],
    ["a backup of a file that did not exist", v3({ files: [file({ existed: false, backup: ".state.md.4242.0123456789abcdef.old.tmp" })] }), "is not the engine's backup name"],
    ["a backup outside the workspace", v3({ files: [file({ backup: "/tmp/victim" })] }), 'backup "/tmp/victim" is not the engine\'s backup name'],
    ["an append entry that is not an object", v3({ appends: [null] }), "appends[0] is not an object"],
    ["an append to another file", v3({ appends: [{ target: "state.md", offset: 0, data: "x" }] }), 'appends[0] appends to "state.md", not events.jsonl'],
    ["append data that is not text", v3({ appends: [{ target: "events.jsonl", offset: 0, data: 42 }] }), "appends[0] data is not a string of sane size"],
    ["an append past the end of events.jsonl", v3({ appends: [{ target: "events.jsonl", offset: 11, data: "x" }] }), "appends[0] offset 11 is past the end of events.jsonl (10 bytes)"],
    ["two appends", v3({ appends: [{ target: "events.jsonl", offset: 0, data: "x" }, { target: "events.jsonl", offset: 1, data: "y" }] }), "it lists more than one append"],
  ])("%s: refused as corrupt (exit 3), naming the journal and why", (_name, body, why) => {
    const d = planted(body);
    const e = thrown(() => readJournal(d));
    expect(e).toBeInstanceOf(CorruptJournalError);
    expect(e.exitCode).toBe(3);
    expect(e.text).toContain(`corrupt journal ${path.join(d, JOURNAL_FILE)}: `);
    expect(e.text).toContain(why);
    expect(e.hint).toBe(`check the file (a copied or hand-made workspace?), then delete it: rm ${path.join(d, JOURNAL_FILE)}; nothing was replayed`);
  });

  it("an append target that is not a regular file is corrupt, not followed", () => {
    const d = planted(v3({ appends: [{ target: "events.jsonl", offset: 0, data: "x" }] }));
    fs.rmSync(path.join(d, "events.jsonl"));
    fs.mkdirSync(path.join(d, "events.jsonl"));
    expect(() => readJournal(d)).toThrow(/its append target .*events\.jsonl is a directory/);
  });

  it.each<[string, string]>([
    ["no check line (a crash while it was written)", '{"v":3}'],
    ["a body that is not JSON", "{not json\ncrc32:0\n"],
    ["a check line that does not match", `${JSON.stringify(v3())}\ncrc32:0\n`],
  ])("%s: torn, for the rollback to discard", (_name, text) => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "journal-"));
    fs.writeFileSync(path.join(dir, JOURNAL_FILE), text);
    expect(readJournal(dir).kind).toBe("torn");
  });

  it.each<[string, unknown, string | undefined]>([
    ["an append to the ledger", v3({ files: [], appends: [{ target: "claims.jsonl", offset: 0, data: "{}\n" }] }), undefined],
    ["an append to events.jsonl", v3({ files: [], appends: [{ target: "events.jsonl", offset: 0, data: "x" }] }), 'appends to "events.jsonl", not claims.jsonl'],
    ["a file it writes", v3({ appends: [] }), "a journal of claims.jsonl only appends to it"],
    ["a close's move", v3({ v: 4, files: [], appends: [], archive: "x" }), "a journal of claims.jsonl only appends to it"],
  ])("the .devrites root's journal of claims.jsonl, %s: only an append to the ledger is read", (_name, body, why) => {
    const d = planted(body);
    if (why === undefined) return expect(readJournal(d, "claims.jsonl").kind).toBe("ok");
    expect(thrown(() => readJournal(d, "claims.jsonl")).text).toContain(why);
  });

  it("no journal: none", () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "journal-"));
    expect(readJournal(dir).kind).toBe("none");
  });
});

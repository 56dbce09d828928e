// Redaction per formats.md's classes: one table per class, each with rows that must be
// hidden (only the value; the words around it stay) and near-miss rows that must stay as
// written. And no pattern backtracks: 100 KB adversarial inputs finish at once.

import os from "node:os";
import { afterEach, describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { isSecretKey, redact, REDACTED as R, redactUnfiltered } from "../../src/domain/redact.js";
import type { Io } from "../../src/io.js";
import { makeProject, type Project } from "../helpers/project.js";
import { RUNNING_FEAT_STATE } from "../helpers/texts.js";

type Row = [name: string, input: string, want: string];

/** A class: positive rows (`want` differs from `input`) and near misses (`want` === `input`). */
function table(cls: string, rows: Row[]) {
  describe(`redaction class: ${cls}`, () => {
    it.each(rows)("%s", (_name, input, want) => {
      expect(redact(input)).toBe(want);
      expect(redact(want)).toBe(want); // redacting twice changes nothing
    });
    it("has a positive and a near-miss row", () => {
      expect(rows.some(([, i, w]) => i !== w)).toBe(true);
      expect(rows.some(([, i, w]) => i === w)).toBe(true);
    });
  });
}

table("KEY=value (any case, _-. prefix/suffix)", [
  ["DB_PASSWORD=", "connect failed: DB_PASSWORD=hunter2 rejected", `connect failed: DB_PASSWORD=${R} rejected`],
  ["db_password=", "db_password=hunter2", `db_password=${R}`],
  ["aws_secret_access_key=", "aws_secret_access_key=wJalrXUtnFEMI/K7MDENG", `aws_secret_access_key=${R}`],
  ["AWS_SECRET_ACCESS_KEY=", "export AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG;", `export AWS_SECRET_ACCESS_KEY=${R};`],
  ["a dotted key", "spring.datasource.password=s3cret", `spring.datasource.password=${R}`],
  ["a camelCase key", "dbPassword=s3cret apiKey=abc", `dbPassword=${R} apiKey=${R}`],
  ["a --flag=value", "ran with --auth-token=abc123", `ran with --auth-token=${R}`],
  ["a query parameter (hidden to the next space, , or ;)", "GET /cb?code=1&access_token=abc123&x=1 failed", `GET /cb?code=1&access_token=${R} failed`],
  ["a plural", "credentials=abc secrets=def", `credentials=${R} secrets=${R}`],
  ["every listed word", "pwd=a passwd=b secret=c token=d api-key=e accesskey=f private_key=g credential=h auth=i cookie=j",
    `pwd=${R} passwd=${R} secret=${R} token=${R} api-key=${R} accesskey=${R} private_key=${R} credential=${R} auth=${R} cookie=${R}`],
  ["a key behind a non-secret key", "note: password=hunter2", `note: password=${R}`],
  ["near miss: tokenizer", "tokenizer=fast", "tokenizer=fast"],
  ["near miss: author", "author=Ann", "author=Ann"],
  ["near miss: oauth (not auth as a segment)", "oauth=enabled", "oauth=enabled"],
  ["near miss: a key without a secret word", "retries=3 timeout=30", "retries=3 timeout=30"],
  ["near miss: the word without a separator", "the password was rotated", "the password was rotated"],
]);

table("KEY: value", [
  ["password:", "login failed, password: hunter2 for admin", `login failed, password: ${R} for admin`],
  ["X-Api-Key:", "X-Api-Key: 8f14e45fceea", `X-Api-Key: ${R}`],
  ["client-secret:", "client-secret : abc", `client-secret : ${R}`],
  ["near miss: author:", "author: Ann", "author: Ann"],
  ["near miss: a ratio", "ratio 3:1 — keep", "ratio 3:1 — keep"],
  ["near miss: a question id", "q-2026-07-20-002: Keep one release", "q-2026-07-20-002: Keep one release"],
]);

table('JSON "key": "value"', [
  ["password", '{"password": "a b c"}', `{"password": "${R}"}`],
  ["any case, no space", '{"user":"ann","Api_Key":"xyz"}', `{"user":"ann","Api_Key":"${R}"}`],
  ["an escaped quote in the value", '{"token": "a\\"b"}', `{"token": "${R}"}`],
  ["a number value (unquoted: hidden to the next space, , or ;)", '{"pin_token": 12345, "n": 1}', `{"pin_token": ${R}, "n": 1}`],
  ["single quotes", "{'secret': 'x y'}", `{'secret': '${R}'}`],
  ["near miss: tokenizer", '{"tokenizer": "fast"}', '{"tokenizer": "fast"}'],
  ["near miss: author", '{"author": "Ann"}', '{"author": "Ann"}'],
]);

table("Authorization header", [
  ["Bearer", "Authorization: Bearer abc.def", `Authorization: Bearer ${R}`],
  ["lowercase bearer", "authorization: bearer abcdef", `authorization: bearer ${R}`],
  ["Basic", "Authorization: Basic dXNlcjpwYXNz", `Authorization: Basic ${R}`],
  ["a bare credential", "Authorization: 0123abcd", `Authorization: ${R}`],
  ["Proxy-Authorization", "Proxy-Authorization: Basic dXNlcjpwYXNz", `Proxy-Authorization: Basic ${R}`],
  ["near miss: the word in prose", "Authorization is checked by the gateway", "Authorization is checked by the gateway"],
]);

table("Cookie / Set-Cookie headers", [
  ["Cookie with pairs", "Cookie: session=abc123; theme=dark then 401", `Cookie: ${R} then 401`],
  ["Set-Cookie with attributes", "Set-Cookie: sid=xyz; Path=/; HttpOnly", `Set-Cookie: ${R}`],
  ["lowercase", "cookie: a=1", `cookie: ${R}`],
  ["near miss: cookie in prose", "the cookie banner is broken", "the cookie banner is broken"],
]);

table("bearer / basic credentials in any case", [
  ["Bearer", "sent Bearer abcdefghijkl.mn to the API", `sent Bearer ${R} to the API`],
  ["BEARER", "BEARER abcdefghijklmnop", `BEARER ${R}`],
  ["basic base64", "retried with basic dXNlcjpwYXNzd29yZA==", `retried with basic ${R}`],
  ["near miss: bearer tokens in prose", "Bearer tokens are validated by the gateway", "Bearer tokens are validated by the gateway"],
  ["near miss: basic in prose", "the basic approach works; Basic Approach too", "the basic approach works; Basic Approach too"],
]);

const PEM_BODY = "MIIEowIBAAKCAQEA1234567890abcdefghijklmnop\nqrstuvwxyzABCDEFGH==";
table("PEM private key blocks", [
  ["RSA, multi-line", `key: -----BEGIN RSA PRIVATE KEY-----\n${PEM_BODY}\n-----END RSA PRIVATE KEY----- end`, `key: -----BEGIN RSA PRIVATE KEY-----${R}-----END RSA PRIVATE KEY----- end`],
  ["PKCS#8, flattened to one line", `got -----BEGIN PRIVATE KEY----- ${PEM_BODY.replace("\n", " ")} -----END PRIVATE KEY----- ok`, `got -----BEGIN PRIVATE KEY-----${R}-----END PRIVATE KEY----- ok`],
  ["truncated (no END): hidden to the end", `-----BEGIN OPENSSH PRIVATE KEY----- ${PEM_BODY}`, `-----BEGIN OPENSSH PRIVATE KEY-----${R}`],
  ["near miss: a public key", "-----BEGIN PUBLIC KEY----- MIIBIjANBgkq -----END PUBLIC KEY-----", "-----BEGIN PUBLIC KEY----- MIIBIjANBgkq -----END PUBLIC KEY-----"],
]);

table("URL credentials", [
  ["https", "clone https://deploy:Pa55w0rd@git.example.com/repo.git", `clone https://deploy:${R}@git.example.com/repo.git`],
  ["postgres", "postgres://app:hunter2@db:5432/prod", `postgres://app:${R}@db:5432/prod`],
  ["near miss: a user without password", "ssh://git@github.com/org/repo.git", "ssh://git@github.com/org/repo.git"],
  ["near miss: a port", "https://example.com:8443/docs?x=1", "https://example.com:8443/docs?x=1"],
]);

table("JWTs", [
  ["a JWT", "got eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U back", `got ${R} back`],
  ["near miss: two parts only", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0"],
]);

table("well-known token shapes", [
  ["GitHub ghp_", "push failed with ghp_abcdefghijklmnopqrstuvwxyz0123456789", `push failed with ${R}`],
  ["GitHub gho_/ghu_/ghs_/ghr_", "gho_abcdefghijklmnopqrst ghs_abcdefghijklmnopqrst", `${R} ${R}`],
  ["GitHub github_pat_", "github_pat_11ABCDEFG0123456789_abcdefghijklmnop", R],
  ["GitLab glpat-", "glpat-abcdefghijklmnopqrstu", R],
  ["Slack xoxb-", "xoxb-1234567890-abcdefghij", R],
  ["Slack xoxe-", "xoxe-1234567890-abcdefghij", R],
  ["OpenAI sk-", "key sk-proj-abcdefghijklmnop1234 rejected", `key ${R} rejected`],
  ["Stripe sk_live_", "sk_live_abcdefghijklmnop1234", R],
  ["Stripe rk_live_", "rk_live_abcdefghijklmnop1234", R],
  ["Hugging Face hf_", "hf_abcdefghijklmnopqrstuvwxyzABCDEFGH", R],
  ["npm npm_", "npm_abcdefghijklmnopqrstuvwxyz0123456789", R],
  ["AWS AKIA", "AKIAIOSFODNN7EXAMPLE in the log", `${R} in the log`],
  ["AWS ASIA", "ASIAIOSFODNN7EXAMPLE in the log", `${R} in the log`],
  ["Google AIza", "AIzaSyA-abcdefghijklmnopqrstuvwxyz12345", R],
  ["near miss: short sk-", "sk-short", "sk-short"],
  ["near miss: task-… (sk- inside a word)", "task-management-dashboard-overview", "task-management-dashboard-overview"],
  ["near miss: Asia in prose", "ASIA PACIFIC region", "ASIA PACIFIC region"],
  ["near miss: a short hf_ name", "hf_model", "hf_model"],
]);

table("options written with a blank: --KEY value", [
  ["--password hunter2", "ran deploy --password hunter2 --verbose", `ran deploy --password ${R} --verbose`],
  ["--api-key with a tab", "cli --api-key\tabc123", `cli --api-key\t${R}`],
  ["-token (one dash)", "java -token abc123 -jar x", `java -token ${R} -jar x`],
  ["a quoted value", "--client-secret 'a b c' ok", `--client-secret '${R}' ok`],
  ["near miss: the next word is an option", "--password --verbose", "--password --verbose"],
  ["near miss: an option that is not a secret", "--author Ann --keyboard us", "--author Ann --keyboard us"],
  ["near miss: a dash in prose", "password - see the vault", "password - see the vault"],
]);

table("disguised keys and tokens: fullwidth forms, invisible characters", [
  ["a fullwidth key", "login ｔｏｋｅｎ=abc123 failed", `login token=${R} failed`],
  ["a fullwidth colon", "token：abc123", `token:${R}`],
  ["a fullwidth equals sign and key", "ＰＡＳＳＷＯＲＤ＝hunter2", `PASSWORD=${R}`],
  ["a zero-width space inside the key", "pass\u200bword=hunter2", `password=${R}`],
  ["a zero-width joiner and a soft hyphen inside the key", "api\u200d_\u00adkey: abc123", `api_key: ${R}`],
  ["a word joiner inside a ghp_ token", "push failed with gh\u2060p_abcdefghijklmnopqrstuvwxyz0123456789", `push failed with ${R}`],
  ["a zero-width space inside the token's body", "ghp_abcdefghij\u200bklmnopqrstuvwxyz0123", R],
  ["near miss: fullwidth prose", "Ｔｏｋｙｏ ＯＫ — fine", "Ｔｏｋｙｏ ＯＫ — fine"],
  ["near miss: an emoji joined with ZWJ", "ship it 👩\u200d💻", "ship it 👩\u200d💻"],
]);

describe("isSecretKey: where the key boundary is", () => {
  it.each([
    ["DB_PASSWORD", true], ["x-auth-token", true], ["AWSSecretKey", true], ["apiKey", true], ["API_KEYS", true], ["session.cookie", true],
    ["auth", true], ["Authorization", true], ["tokenizer", false], ["author", false], ["authority", false], ["oauth", false], ["keyboard", false], ["api", false],
  ])("%s → %s", (key, want) => {
    expect(isSecretKey(key)).toBe(want);
  });
});

describe("redaction never backtracks: 100 KB adversarial inputs finish at once (hang guard, not a timing test)", () => {
  const K100 = 100_000;
  it.each([
    ["a= repeated", "a=".repeat(K100 / 2)],
    ["password repeated", "password".repeat(K100 / 8)],
    ["password= repeated", "password=".repeat(K100 / 9)],
    ['password=" repeated', 'password="'.repeat(K100 / 10)],
    ["a long key run", "a".repeat(K100) + "=x"],
    ["dotted key characters", "a.".repeat(K100 / 2)],
    ["dotted key characters before a secret word", "a.".repeat(K100 / 2) + "token:x"],
    ["scheme characters and one ://", "a.".repeat(K100 / 2) + "://u:p"],
    ["-eyJ repeated", "-eyJaaaaaaaaaaaa".repeat(K100 / 16)],
    ["eyJ with dots", "eyJaaaaaaaaaaaa.".repeat(K100 / 16)],
    ["a URL without @", "https://u:" + "p".repeat(K100)],
    ["schemes repeated", "a.b://".repeat(K100 / 6)],
    ["bearer repeated", "bearer ".repeat(K100 / 7)],
    ["basic and letters", "basic " + "a".repeat(K100)],
    ["PEM BEGIN repeated", "-----BEGIN RSA PRIVATE KEY-----".repeat(K100 / 31)],
    ["Cookie pairs", "Cookie: " + "a=b;".repeat(K100 / 4)],
    ["sk- repeated", "sk-".repeat(K100 / 3)],
    ["an option and blanks up to a dash", "--password" + " ".repeat(K100) + "-"],
    ["options repeated", "--token ".repeat(K100 / 8)],
    ["zero-width spaces in a key run", "pass\u200b".repeat(K100 / 5) + "=x"],
    ["fullwidth letters repeated", "ｔｏｋｅｎ".repeat(K100 / 5)],
  ])("%s", (_name, text) => {
    // Without the pre-check too, so every pattern really runs over the input.
    for (const f of [redact, redactUnfiltered]) {
      const t0 = performance.now();
      f(text);
      expect(performance.now() - t0).toBeLessThan(2000);
    }
  });
});

// ------------------------------------------------ every persisted string passes through it

describe("no secret reaches events.jsonl or state.md (in-process main())", () => {
  const SECRETS = {
    pem: "-----BEGIN RSA PRIVATE KEY----- MIIEowIBAAKCAQEAsecretbody -----END RSA PRIVATE KEY-----",
    db: "DB_PASSWORD=hunter2secret",
    aws: "aws_secret_access_key=wJalrXUtnFEMIsecret",
    json: '{"password": "jsonsecret"}',
    bearer: "bearer abcdefghsecret",
    hf: "hf_abcdefghijklmnopqrstuvwxyzSECRET",
    asia: "ASIAIOSFODNN7SECRET1",
    cookie: "Cookie: session=cookiesecret; a=b",
  };
  const LEAKS = ["MIIEowIBAAKCAQEAsecretbody", "hunter2secret", "wJalrXUtnFEMIsecret", "jsonsecret", "abcdefghsecret", "hf_abcdefghijklmnopqrstuvwxyzSECRET", "ASIAIOSFODNN7SECRET1", "cookiesecret"];
  const all = `deploy failed: ${Object.values(SECRETS).join(" ; ")}`;
  const W = ".devrites/work/feat";
  let p: Project | undefined;
  afterEach(() => p?.cleanup());

  async function run(argv: string[]): Promise<number> {
    const io: Io = {
      env: { DEVRITES_NOW: "2026-07-20T10:00:00Z", DEVRITES_BLOCKER_THRESHOLD: "1" },
      cwd: p!.dir, stdout: () => {}, stderr: () => {}, stdinIsTTY: false, stdoutIsTTY: false,
      now: () => new Date("2026-07-20T10:00:00Z"), pid: process.pid, hostname: os.hostname(),
    };
    return main(argv, io);
  }
  const persisted = () => p!.read(`${W}/events.jsonl`) + p!.read(`${W}/state.md`);

  it("state pause --detail (pause_detail, the Log line, the event) and state resume --note", async () => {
    p = makeProject({ ".devrites/ACTIVE": "feat\n", [`${W}/state.md`]: RUNNING_FEAT_STATE, [`${W}/questions.md`]: "# Questions: feat\n" });
    expect(await run(["state", "pause", "--reason", "credentials", "--detail", all])).toBe(0);
    const paused = persisted();
    for (const leak of LEAKS) expect(paused, leak).not.toContain(leak);
    expect(paused).toContain(`DB_PASSWORD=${R}`);
    expect(await run(["state", "resume", "--note", all])).toBe(0);
    for (const leak of LEAKS) expect(persisted(), leak).not.toContain(leak);
  });

  it("the shapes the patterns used to miss: --password with a blank, fullwidth keys, zero-width characters in a key or a ghp_ token", async () => {
    p = makeProject({ ".devrites/ACTIVE": "feat\n", [`${W}/state.md`]: RUNNING_FEAT_STATE, [`${W}/questions.md`]: "# Questions: feat\n" });
    const detail = "deploy --password hunter2flag; ｔｏｋｅｎ=fullwidthsecret; token：colonsecret; pass\u200bword=zwsecret; gh\u200bp_abcdefghijklmnopqrstuvwxyzZW0123";
    expect(await run(["state", "pause", "--reason", "credentials", "--detail", detail])).toBe(0);
    for (const leak of ["hunter2flag", "fullwidthsecret", "colonsecret", "zwsecret", "abcdefghijklmnopqrstuvwxyzZW0123"]) expect(persisted(), leak).not.toContain(leak);
    expect(persisted()).toContain(`--password ${R}`);
  });

  it("init --title: the title the engine writes into the four files' headings is redacted", async () => {
    p = makeProject({});
    expect(await run(["init", "billing", "--title", "Billing secret=titlesecret --api-key apikeysecret"])).toBe(0);
    const dir = ".devrites/work/billing";
    for (const f of ["state.md", "questions.md", "decisions.md", "touched-files.md", "events.jsonl"]) {
      const text = p.read(`${dir}/${f}`);
      expect(text, f).not.toContain("titlesecret");
      expect(text, f).not.toContain("apikeysecret");
    }
    expect(p.read(`${dir}/state.md`)).toContain(`# State: Billing secret=${R} --api-key ${R}`);
  });

  it("question add: the awaiting section in state.md and the raised event", async () => {
    p = makeProject({ ".devrites/ACTIVE": "feat\n", [`${W}/state.md`]: RUNNING_FEAT_STATE, [`${W}/questions.md`]: "# Questions: feat\n" });
    expect(await run(["question", "add", "--gate", "blocking", "--question", `Rotate? ${all}`, "--option", `Yes ${SECRETS.db}`, "--option", "No"])).toBe(0);
    for (const leak of LEAKS) expect(persisted(), leak).not.toContain(leak);
    expect(p.read(`${W}/state.md`)).toContain("## Awaiting human");
  });
});

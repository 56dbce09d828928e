// The pure parts of the ship gates: the seal gate's question scan (Go: openBlockingQuestionGates
// in engine/internal/gate/gate.go — blocks and the register table), the seal file set (Go:
// workflow_manifest.json, phase seal), the digest line rule (Go: requireCandidateDigest in
// engine/internal/lib/evidencefresh.go), the candidate stream's head, and the scanner's rules.

import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { candidateHead, candidateRowFields, digestLineProblem } from "../../src/domain/candidate.js";
import { openHumanGates, SEAL_REQUIRED } from "../../src/domain/seal-gate.js";
import { renderFindings, scanContent } from "../../src/domain/secret-scan.js";

const D = "a".repeat(64);

describe("openHumanGates", () => {
  it.each<[string, string, string[]]>([
    ["an open blocking block", "## q-1\nstatus: open\ngate: blocking\n", ["blocking"]],
    ["an answered block", "## q-1\nstatus: answered\ngate: blocking\n", []],
    ["an open advisory block", "## q-1\nstatus: open\ngate: advisory\n", []],
    ["gates in first-seen order, once each", "## q-1\nstatus: open\ngate: validating\n## q-2\nstatus: open\ngate: blocking\n## q-3\nstatus: open\ngate: validating\n", ["validating", "blocking"]],
    ["a block ends at the next level-2 heading", "## q-1\ngate: blocking\n## Notes\nstatus: open\n", []],
    ["an open register row", "## Question register\n| Question ID | Status | Gate |\n| --- | --- | --- |\n| Q-001 | open | escalating |\n", ["escalating"]],
    ["an answered register row", "| Question ID | Status | Gate |\n| --- | --- | --- |\n| Q-001 | answered | validating |\n", []],
    ["a table without a Gate column", "| Status | Owner |\n| --- | --- |\n| open | blocking |\n", []],
    ["columns in any order and case", "| GATE | Q | STATUS |\n| --- | --- | --- |\n| Blocking | Q-1 | Open |\n", ["blocking"]],
  ])("%s", (_name, text, want) => {
    expect(openHumanGates(text)).toEqual(want);
  });
});

describe("the seal file set", () => {
  it("is the proof set plus review.md and seal.md (workflow_manifest.json, phase seal)", () => {
    expect(SEAL_REQUIRED).toEqual([
      "brief.md", "spec.md", "state.md", "decisions.md", "assumptions.md", "questions.md", "decision-coverage.md", "architecture.md",
      "plan.md", "tasks.md", "traceability.md", "eng-review.md", "test-plan.md", "evidence.md", "touched-files.md", "review.md", "seal.md",
    ]);
  });
});

describe("digestLineProblem", () => {
  it.each<[string, string, string | undefined]>([
    ["exactly one matching line", `# Evidence\n\nCandidate SHA-256: ${D}\n`, undefined],
    ["CRLF endings", `# Evidence\r\n\r\nCandidate SHA-256: ${D}\r\n`, undefined],
    ["no line", "# Evidence\n", "candidate digest line is missing"],
    ["two lines", `Candidate SHA-256: ${D}\nCandidate SHA-256: ${D}\n`, "candidate digest line is duplicate"],
    ["a prefix before the label", `- Candidate SHA-256: ${D}\n`, "candidate digest line is malformed"],
    ["uppercase hex", `Candidate SHA-256: ${D.toUpperCase()}\n`, "candidate digest line is malformed"],
    ["a short digest", `Candidate SHA-256: ${D.slice(1)}\n`, "candidate digest line is malformed"],
    ["another digest", `Candidate SHA-256: ${"b".repeat(64)}\n`, "candidate digest line does not match current candidate digest"],
  ])("%s", (_name, text, want) => {
    expect(digestLineProblem(text, D)).toBe(want);
  });
});

describe("the candidate stream", () => {
  it("an empty candidate hashes the domain, version and a zero count, each length-prefixed (Go: hashCandidate)", () => {
    const h = createHash("sha256");
    for (const b of candidateHead(0)) h.update(b);
    const field = (s: string) => Buffer.concat([Buffer.from([0, 0, 0, 0, 0, 0, 0, s.length]), Buffer.from(s)]);
    expect(h.digest("hex")).toBe(createHash("sha256").update(Buffer.concat([field("devrites-candidate-sha256"), field("v1"), field("0")])).digest("hex"));
  });

  it("a deleted row is absent with a zero length; a present row carries its mode and size", () => {
    const del = Buffer.concat(candidateRowFields({ state: "deleted", path: "a", executable: false, size: 0 }));
    expect(del.toString("latin1")).toContain("deleted");
    expect(del.toString("latin1")).toContain("absent");
    const exe = Buffer.concat(candidateRowFields({ state: "present", path: "a", executable: true, size: 3 }));
    const plain = Buffer.concat(candidateRowFields({ state: "present", path: "a", executable: false, size: 3 }));
    expect(exe.equals(plain)).toBe(false);
    expect(exe.subarray(-8).readBigUInt64BE()).toBe(3n);
  });
});

describe("the scanner's rules", () => {
  const scan = (text: string, path = "f.txt") => scanContent(path, Buffer.from(text, "latin1"), 4096).map((f) => `${f.severity} ${f.kind} ${f.line}:${f.offset}`);
  it.each<[string, string, string[]]>([
    ["a PEM private key, once", "x\n-----BEGIN OPENSSH PRIVATE KEY-----\nabc\n", ["HIGH private-key 2:2"]],
    ["an AWS secret assignment", "aws_secret_access_key = 'wJalrXUtnFEMIK7MDENGbPxRfiCYEXAMPLEKEY1'\n", ["HIGH aws-secret 1:0"]],
    ["a Slack token", "t=xoxb-1234567890-abcdefghijklmno\n", ["HIGH slack-token 1:2"]],
    ["a quoted generic secret is MEDIUM", 'password = "correct-horse-battery"\n', ["MEDIUM generic-secret 1:0"]],
    ["a placeholder is LOW", "api_key: changeme\n", ["LOW placeholder-secret 1:0"]],
    ["an OpenAI-style key (a redaction class)", "key sk-abcdefghijklmnop1234\n", ["HIGH token-shape 1:4"]],
    ["a secret key's bare value (a redaction class) is MEDIUM", "DB_PASSWORD=hunter2\n", ["MEDIUM secret-key-value 1:0"]],
    ["plain code", "const total = items.length;\n", []],
  ])("%s", (_name, text, want) => {
    expect(scan(text)).toEqual(want);
  });

  it("prints no secret, sorts as the Go engine (severity, path, rule, offset), and HIGH is the only blocking severity", () => {
    const findings = [
      ...scanContent("b.txt", Buffer.from("api_key: dummy\n"), 100),
      ...scanContent("a.txt", Buffer.from("ghp_" + "x".repeat(36) + "\n"), 100),
    ];
    const out = renderFindings(findings);
    expect(out.lines).toEqual(["HIGH a.txt:1 kind=github-token offset=0", "LOW b.txt:1 kind=placeholder-secret offset=0"]);
    expect(out.high).toBe(true);
    expect(renderFindings(findings.filter((f) => f.severity !== "HIGH")).high).toBe(false);
    expect(renderFindings([]).lines).toEqual(["secret-scan: PASS"]);
  });
});

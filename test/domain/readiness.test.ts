// The readiness gate as a pure function: each reason it blocks (missing artifacts, a person
// awaited, open human questions, the task graph, a material budget overshoot, a stale binding,
// no phase) and the pass; and the binding stream, checked against an independent rendering of
// the DevRites Go engine's byte layout so a binding either engine recorded verifies on both.

import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { parseQuestions } from "../../src/documents/questions/parse-questions.js";
import { parseState } from "../../src/documents/state/parse-state.js";
import { ARTIFACT_READ_CAP, requiredArtifacts } from "../../src/domain/phase-policy.js";
import { BINDING_INPUTS, bindingStream, checkReadiness, renderReadiness, type ReadinessInput } from "../../src/domain/readiness.js";

const BINDING = "Readiness inputs SHA-256: " + "a".repeat(64);
const TASKS = "## SLICE-001 a\nDependencies: none\n";

function input(over: { state?: string; questions?: string; files?: Record<string, string | undefined>; binding?: ReadinessInput["binding"] } = {}): ReadinessInput {
  const files = new Map<string, string | undefined>(requiredArtifacts("build").map((f) => [f, "content\n"]));
  files.set("tasks.md", TASKS);
  files.set("eng-review.md", `# Review\n\n${BINDING}\n`);
  for (const [k, v] of Object.entries(over.files ?? {})) files.set(k, v);
  const sizes = new Map([...files].map(([k, v]) => [k, Buffer.byteLength(v ?? "")]));
  return {
    slug: "feat",
    state: parseState(over.state ?? "| phase | build |\n| status | running |\n"),
    questions: parseQuestions(over.questions ?? ""),
    files,
    sizes,
    binding: over.binding ?? { line: BINDING },
  };
}

describe("checkReadiness", () => {
  it("passes a build workspace with every artifact, its binding and nothing open", () => {
    const r = checkReadiness(input());
    expect(r).toEqual({ phase: "build", passed: true, reason: "DRV-GATE-READINESS-PASSED", missing: [], problems: [] });
    expect(renderReadiness("feat", r)).toEqual(["gate: readiness", "feature: feat", "phase: build", "result: pass", "reason: DRV-GATE-READINESS-PASSED"]);
  });

  it("names the artifacts the phase requires that are absent or empty, in the pack's order", () => {
    const r = checkReadiness(input({ files: { "decisions.md": undefined, "tasks.md": "  \n" } }));
    expect(r).toMatchObject({ passed: false, reason: "DRV-GATE-READINESS-MISSING", missing: ["decisions.md", "tasks.md"] });
    expect(renderReadiness("feat", r)).toEqual([
      "gate: readiness",
      "feature: feat",
      "phase: build",
      'result: blocked (missing to leave "build": decisions.md, tasks.md)',
      "reason: DRV-GATE-READINESS-MISSING",
      "next: add real content to decisions.md, tasks.md",
      "retry: devrites-engine check readiness feat",
    ]);
  });

  it.each([
    ["a run awaiting a person", { state: "| phase | build |\n| status | awaiting_human |\n\n## Awaiting human\n| question_id | q-1 |\n" }, /awaiting_human on q-1/],
    ["an open blocking question", { questions: "## q-1\nstatus: open\ngate: validating\n" }, /open human question\(s\) in questions\.md: q-1 \(validating\)/],
    ["a task-graph cycle", { files: { "tasks.md": "## SLICE-001 a\nDependencies: SLICE-001\n" } }, /tasks\.md: dependency cycle/],
    ["a planning artifact 1.5× over its budget", { files: { "spec.md": "x\n".repeat(390) } }, /spec\.md is 390 lines .* at least 1\.5× its budget of 260 lines/],
    ["no phase", { state: "| status | running |\n" }, /state\.md records no phase/],
    ["an unknown phase", { state: "| phase | shipping-soon |\n" }, /unknown phase "shipping-soon"/],
  ])("blocks on %s (state invariant)", (_name, over, problem) => {
    const r = checkReadiness(input(over));
    expect(r.passed).toBe(false);
    expect(r.problems.join("\n")).toMatch(problem);
  });

  it("blocks on a tasks.md over the read cap orient keeps to, with one line naming the limit, and never walks its graph", () => {
    const tasks = "Budget override: generated\n## SLICE-001 a\nDependencies: SLICE-001\n" + "x\n".repeat(ARTIFACT_READ_CAP / 2);
    const r = checkReadiness(input({ files: { "tasks.md": tasks } }));
    expect(r.passed).toBe(false);
    expect(r.problems).toEqual([`tasks.md: too large to read its slice graph (${Buffer.byteLength(tasks)} bytes, the limit is ${ARTIFACT_READ_CAP}, as orient reads it); trim it`]);
    // At the cap itself the graph is walked (and its cycle blocks).
    const under = tasks.slice(0, ARTIFACT_READ_CAP);
    expect(checkReadiness(input({ files: { "tasks.md": under } })).problems).toEqual(["tasks.md: dependency cycle: SLICE-001 -> SLICE-001"]);
  });

  it("a recorded `Budget override:` line lets an artifact stay long, and a fenced one does not", () => {
    expect(checkReadiness(input({ files: { "spec.md": "Budget override: the API table\n" + "x\n".repeat(390) } })).passed).toBe(true);
    expect(checkReadiness(input({ files: { "spec.md": "```\nBudget override: example\n```\n" + "x\n".repeat(390) } })).passed).toBe(false);
  });

  it("open questions do not block spec, and advisory ones block nothing", () => {
    const spec = requiredArtifacts("spec");
    const files = Object.fromEntries(spec.map((f) => [f, "c\n"]));
    expect(checkReadiness(input({ state: "| phase | spec |\n", questions: "## q-1\nstatus: open\ngate: blocking\n", files })).passed).toBe(true);
    expect(checkReadiness(input({ questions: "## q-1\nstatus: open\ngate: advisory\n" })).passed).toBe(true);
  });

  it.each([
    ["no binding line", "# Review\n", /has 0 binding line/],
    ["a stale binding", `# Review\n\nReadiness inputs SHA-256: ${"b".repeat(64)}\n`, /has 1 binding line/],
    ["two binding lines", `${BINDING}\n${BINDING}\n`, /has 2 binding line/],
    ["only a fenced binding", `\`\`\`\n${BINDING}\n\`\`\`\n`, /has 0 binding line/],
  ])("%s in eng-review.md is DRV-GATE-READINESS-STALE, naming the line to record", (_name, review, problem) => {
    const r = checkReadiness(input({ files: { "eng-review.md": review } }));
    expect(r.reason).toBe("DRV-GATE-READINESS-STALE");
    expect(r.problems.join("\n")).toMatch(problem);
    expect(r.problems.join("\n")).toContain(BINDING);
  });

  it("a binding that cannot be computed is stale with its reason", () => {
    const r = checkReadiness(input({ binding: { problem: "readiness input tasks.md is missing" } }));
    expect(r).toMatchObject({ passed: false, reason: "DRV-GATE-READINESS-STALE" });
    expect(r.problems).toEqual(["readiness input tasks.md is missing; repair the input and rerun /rite-vet"]);
  });
});

describe("bindingStream", () => {
  // The Go engine's layout, written out independently: each field is its length as a big-endian
  // uint64 then its bytes; per input: name, "present"/"absent", content length, content.
  function goLayout(contents: Map<string, Buffer | undefined>): string {
    const h = createHash("sha256");
    const field = (s: string) => {
      const len = Buffer.alloc(8);
      len.writeBigUInt64BE(BigInt(Buffer.byteLength(s)));
      h.update(len).update(s);
    };
    field("devrites-readiness-inputs");
    field("1");
    field("11");
    for (const { logical } of BINDING_INPUTS) {
      const c = contents.get(logical);
      field(logical);
      field(c ? "present" : "absent");
      const len = Buffer.alloc(8);
      len.writeBigUInt64BE(BigInt(c?.length ?? 0));
      h.update(len);
      if (c) h.update(c);
    }
    return h.digest("hex");
  }

  it("hashes to the Go engine's value for present and absent inputs alike", () => {
    const contents = new Map<string, Buffer | undefined>([
      ["spec.md", Buffer.from("# Spec\n")],
      ["tasks.md", Buffer.from(TASKS)],
      [".devrites/principles.md", Buffer.from("- cents\n")],
    ]);
    const h = createHash("sha256");
    for (const piece of bindingStream(contents)) h.update(piece);
    expect(h.digest("hex")).toBe(goLayout(contents));
  });

  it("changes when any input changes, and when an optional input appears", () => {
    const digest = (m: Map<string, Buffer | undefined>) => {
      const h = createHash("sha256");
      for (const piece of bindingStream(m)) h.update(piece);
      return h.digest("hex");
    };
    const base = new Map([["spec.md", Buffer.from("a")]]);
    expect(digest(new Map([["spec.md", Buffer.from("b")]]))).not.toBe(digest(base));
    expect(digest(new Map([...base, ["strategy.md", Buffer.from("")]]))).not.toBe(digest(base));
  });
});

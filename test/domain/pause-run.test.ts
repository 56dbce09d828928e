// Pause and resume rules over state.md text (commands.md, `state pause` / `state resume`):
// the closed code set, the summary, pause fields only while blocked, the threshold, --auto.

import { describe, expect, it } from "vitest";
import { BadInputError, RefusedError } from "../../src/errors.js";
import { cursorValue, parseState } from "../../src/documents/state/parse-state.js";
import { blockerThreshold, pauseLine, parsePauseInput, planPause, type PauseInput } from "../../src/domain/pause-run.js";
import { pauseSummary, REASON_CODES } from "../../src/domain/pause-reasons.js";
import { parseTimestamp } from "../../src/domain/clock.js";
import { planResume } from "../../src/domain/resume-run.js";
import { RUNNING_FEAT_STATE } from "../helpers/texts.js";

const NOW = new Date("2026-07-20T10:00:00Z");
const T = "2026-07-20T10:00:00Z";

const TABLE = RUNNING_FEAT_STATE;

const BULLETS = `- Schema: 4
- Phase: prove
- Status: running
- Next step: /rite-prove

## Log
- 2026-07-20T08:00:00Z prove: started
`;

const AWAITING = `| Key | Value |
| --- | --- |
| schema | 4 |
| status | awaiting_human |

## Awaiting human
| Key | Value |
| --- | --- |
| question_id | q-2026-07-20-002 |
`;

const input = (reason: string, detail?: string, until?: string, threshold = 3): PauseInput => parsePauseInput({ reason, detail, until }, threshold);
const pause = (text: string, i: PauseInput, threshold = 3) => planPause(text, i, threshold, NOW);
const field = (text: string, key: string) => cursorValue(parseState(text), key);

describe("pause reasons", () => {
  const SPEC_CODES = [
    "approval", "usage_cap", "budget", "token_budget", "step_limit", "slice_cap", "review_queue", "sequence_budget",
    "credentials", "destructive", "unfamiliar_state", "external_blocker", "recovery_exhausted", "tooling", "operator",
    "cancelled", "idle", "stale",
  ];

  it("state pause accepts exactly the 18 codes of commands.md", () => {
    expect([...REASON_CODES].sort()).toEqual([...SPEC_CODES].sort());
    for (const code of SPEC_CODES) expect(input(code, "why", undefined, 0).reason).toBe(code);
  });

  it.each([
    ["usage_cap", undefined, "subscription usage cap reached"],
    ["usage_cap", "2026-07-20T16:50:00+02:00", "subscription usage cap reached, resumes 2026-07-20T14:50:00Z"],
    ["approval", undefined, "waiting for a human approval"],
  ] as const)("pauseLine(%s, %s) is %j (resume time in UTC)", (code, at, want) => {
    expect(pauseLine(code, at)).toBe(want);
  });
});

describe("parsePauseInput", () => {
  it.each([
    [{ reason: undefined }],
    [{ reason: "vacation" }],
    [{ reason: "Usage_Cap" }],
    [{ reason: "usage_cap", until: "tomorrow" }],
    [{ reason: "usage_cap", until: "2026-02-30" }],
    [{ reason: "external_blocker" }],
    [{ reason: "external_blocker", detail: "it is on" }],
  ])("%j is bad input (exit 5)", (raw) => {
    expect(() => parsePauseInput({ detail: undefined, until: undefined, ...raw }, 3)).toThrow(BadInputError);
  });

  it("--until becomes UTC; the detail is flattened and redacted", () => {
    const i = input("credentials", "deploy key\nrejected: token=ghp_16C7e42F292c6912E7710c838347Ae178B4a", "2026-07-20T16:50:00+02:00");
    expect(i).toEqual({ reason: "credentials", detail: "deploy key rejected: token=[REDACTED]", resumesAt: "2026-07-20T14:50:00Z" });
  });

  it("an external_blocker without words to compare is accepted when the threshold is off", () => {
    expect(input("external_blocker", undefined, undefined, 0).detail).toBeUndefined();
  });
});

describe("blockerThreshold", () => {
  it.each([[undefined, 3], ["", 3], ["0", 0], ["2", 2], [" 5 ", 5], ["007", 7]] as const)("%j → %i", (env, want) => {
    expect(blockerThreshold(env)).toBe(want);
  });
  it.each(["-1", "two", "1.5", "3x"])("%j is bad input (exit 5)", (env) => {
    expect(() => blockerThreshold(env)).toThrow(BadInputError);
  });
});

describe("planPause", () => {
  it("a known code blocks the run: status, pause fields, next_action and a Log line in the table's form", () => {
    const p = pause(TABLE, input("usage_cap", "5-hour window exhausted", "2026-07-20T14:50:00Z"));
    expect(p.kind).toBe("paused");
    expect(p.state).toBe(`# State: feat

## Cursor
| Key | Value |
| --- | --- |
| schema | 4 |
| phase | build |
| status | blocked |
| next_action | (paused: subscription usage cap reached, resumes 14:50; resume with devrites-engine state resume) |
| pause_reason | usage_cap |
| pause_detail | 5-hour window exhausted |
| resumes_at | 2026-07-20T14:50:00Z |

## Log
- 2026-07-20T08:58:40Z build: SLICE-001 built
- ${T} build: paused (usage_cap): 5-hour window exhausted
`);
    expect(p.events).toEqual([{ event: "paused", detail: { reason: "usage_cap", label: "subscription usage cap reached", detail: "5-hour window exhausted", resumes_at: "2026-07-20T14:50:00Z" } }]);
  });

  it.each([
    ["2026-07-20T14:50:00Z", "subscription usage cap reached, resumes 14:50"],
    ["2026-07-21T01:05:00Z", "subscription usage cap reached, resumes 2026-07-21 01:05"],
    ["2026-07-20T16:50:00+02:00", "subscription usage cap reached, resumes 14:50"],
  ])("--until %s: next_action's summary is %j, as status shows it (UTC, the date when not today)", (until, summary) => {
    const p = pause(TABLE, input("usage_cap", undefined, until));
    expect(p.summary).toBe(summary);
    expect(p.state).toContain(`| next_action | (paused: ${summary}; resume with devrites-engine state resume) |\n`);
    expect(pauseSummary("usage_cap", parseTimestamp(until), NOW)).toBe(summary);
  });

  it("bullet form: fields are inserted as bullets; without a detail the Log line names the label", () => {
    const p = pause(BULLETS, input("operator"));
    expect(p.state).toBe(`- Schema: 4
- Phase: prove
- Status: blocked
- Next step: (paused: paused by the operator; resume with devrites-engine state resume)
- pause_reason: operator

## Log
- 2026-07-20T08:00:00Z prove: started
- ${T} prove: paused (operator): paused by the operator
`);
  });

  it("pausing again replaces the reason and drops a detail and resume time the new pause lacks", () => {
    const first = pause(TABLE, input("usage_cap", "window", "2026-07-20T14:50:00Z")).state;
    const second = pause(first, input("approval")).state;
    expect(field(second, "pause_reason")).toBe("approval");
    expect(field(second, "pause_detail")).toBeUndefined();
    expect(field(second, "resumes_at")).toBeUndefined();
  });

  it("a value with | cannot go into a table cell: exit 5 (nothing is planned)", () => {
    expect(() => pause(TABLE, input("tooling", "lint | test failed"))).toThrow(BadInputError);
    expect(pause(BULLETS, input("tooling", "lint | test failed")).kind).toBe("paused");
  });

  it("a run paused on a question is refused (exit 3) and the hint names state resolve", () => {
    let err: unknown;
    try {
      pause(AWAITING, input("usage_cap"));
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(RefusedError);
    expect((err as RefusedError).hint).toContain("state resolve q-2026-07-20-002");
  });

  it.each([
    // [threshold, details in order, expected kinds, expected attempts]
    [3, ["npm registry timed out", "npm registry timing out", "npm registry timed out"], ["deferred", "deferred", "paused"], [1, 2, 3]],
    [3, ["npm registry timed out", "stripe api 503", "stripe api 503"], ["deferred", "deferred", "deferred"], [1, 1, 2]],
    [2, ["api down", "api unreachable"], ["deferred", "paused"], [1, 2]],
    [2, ["api down", "staging api down x"], ["deferred", "paused"], [1, 2]],
    [1, ["api down"], ["paused"], [1]],
    [0, ["api down"], ["paused"], [1]],
  ] as const)("threshold %i with reports %j → %j", (threshold, details, kinds, attempts) => {
    let text = TABLE;
    details.forEach((d, i) => {
      const p = pause(text, input("external_blocker", d, undefined, threshold), threshold);
      expect(p.kind).toBe(kinds[i]);
      if (p.kind === "deferred") {
        expect(p.attempt).toBe(attempts[i]);
        expect(field(p.state, "status")).toBe("running");
        expect(field(p.state, "blocker_attempts")).toBe(String(attempts[i]));
        expect(field(p.state, "blocker_signature")).toBe(d.split(" ").filter((w) => w.length >= 3 && w !== "out").join(" "));
        expect(p.events[0]!.event).toBe("pause_deferred");
      } else {
        expect(field(p.state, "status")).toBe("blocked");
        expect(field(p.state, "blocker_signature")).toBeUndefined();
        expect(field(p.state, "blocker_attempts")).toBeUndefined();
        expect(p.events[0]!.event).toBe("paused");
      }
      text = p.state;
    });
  });

  it("another pause reason clears a pending external-blocker count", () => {
    const deferred = pause(TABLE, input("external_blocker", "api down")).state;
    const paused = pause(deferred, input("credentials")).state;
    expect(field(paused, "blocker_attempts")).toBeUndefined();
    expect(field(paused, "blocker_signature")).toBeUndefined();
  });
});

describe("planResume", () => {
  const blocked = (reason: string, until?: string) => pause(TABLE, input(reason, "why", until, 0), 0).state;

  it("a human resume sets running, removes every pause field, writes the resume command and a Log line", () => {
    const p = planResume(blocked("approval"), { auto: false, note: "sign-off from the DBA" }, NOW);
    expect(p.kind).toBe("resumed");
    if (p.kind !== "resumed") return;
    expect(p.state).toBe(`# State: feat

## Cursor
| Key | Value |
| --- | --- |
| schema | 4 |
| phase | build |
| status | running |
| next_action | (resume: \`/rite-build (Claude) / $rite-build (Codex)\` to continue the workflow) |

## Log
- 2026-07-20T08:58:40Z build: SLICE-001 built
- ${T} build: paused (approval): why
- ${T} build: resumed (human): sign-off from the DBA
`);
    expect(p.events).toEqual([{ event: "resumed", by: "human", detail: { cause: "human", reason: "approval", note: "sign-off from the DBA" } }]);
  });

  it.each([
    ["usage_cap", "2026-07-20T09:30:00Z", "resumed"],
    ["usage_cap", T, "resumed"],
    ["usage_cap", "2026-07-20T10:00:01Z", "refused"],
    ["usage_cap", undefined, "refused"],
    ["approval", "2026-07-20T09:30:00Z", "refused"],
    ["external_blocker", undefined, "refused"],
  ] as const)("--auto on %s resuming at %s is %s", (reason, until, want) => {
    const text = blocked(reason, until);
    if (want === "refused") {
      expect(() => planResume(text, { auto: true, note: undefined }, NOW)).toThrow(RefusedError);
      return;
    }
    const p = planResume(text, { auto: true, note: undefined }, NOW);
    expect(p.kind === "resumed" && p.cause).toBe(`auto: usage cap reset at ${until}`);
    expect(p.kind === "resumed" && p.state).toContain(`- ${T} build: resumed (auto: usage cap reset at ${until})\n`);
  });

  it("a refusal of --auto says which pause it met", () => {
    expect(() => planResume(blocked("approval"), { auto: true, note: undefined }, NOW)).toThrow("not auto-resumable: waiting for a human approval");
  });

  it("a run that is not blocked is not paused: nothing to change, also with --auto", () => {
    expect(planResume(TABLE, { auto: false, note: undefined }, NOW)).toEqual({ kind: "not_paused", status: "running" });
    expect(planResume(TABLE, { auto: true, note: undefined }, NOW).kind).toBe("not_paused");
  });

  it("a run paused on a question is refused (exit 3) with a hint at state resolve", () => {
    expect(() => planResume(AWAITING, { auto: false, note: undefined }, NOW)).toThrow(RefusedError);
  });

  it("a resume also clears a blocker count and redacts the note", () => {
    const text = blocked("tooling").replace("| pause_reason |", "| blocker_attempts | 2 |\n| pause_reason |");
    const p = planResume(text, { auto: false, note: "rotated password=hunter22" }, NOW);
    expect(p.kind === "resumed" && field(p.state, "blocker_attempts")).toBeUndefined();
    expect(p.kind === "resumed" && p.state).toContain("resumed (human): rotated password=[REDACTED]");
  });
});

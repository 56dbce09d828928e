// No lost updates: eight processes started at the same moment, each resolving a different
// question of one workspace, all land — the lock serialises them and each re-reads the
// files under it, so no writer overwrites another's answer.

import { afterEach, describe, expect, it } from "vitest";
import { fieldValue, parseQuestions, statusOf } from "../../src/documents/questions/parse-questions.js";
import { cursorValue, parseState } from "../../src/documents/state/parse-state.js";
import { runCli, T } from "../helpers/cli.js";
import { makeProject, type Project } from "../helpers/project.js";
import { litter, readEventsOf } from "../helpers/snapshot.js";

const W = ".devrites/work/feat";
const N = 8;
const qid = (i: number) => `q-2026-07-20-${String(i + 1).padStart(3, "0")}`;

const QUESTIONS =
  "# Questions: feat\n\n" +
  Array.from({ length: N }, (_, i) => `## ${qid(i)}\nstatus: open\nslice: SLICE-00${(i % 3) + 1}\ngate: ${i === 3 ? "blocking" : "advisory"}\nquestion: Question ${i + 1}?\nproposed: yes\nraised_at: 2026-07-20T09:0${i}:00Z\nanswered_at:\nanswer:\n`).join("\n");

const STATE = `# State: feat

## Cursor
| Key | Value |
| --- | --- |
| schema | 4 |
| phase | build |
| status | awaiting_human |
| next_action | /rite-resolve ${qid(3)} "<answer>" |

## Awaiting human
| Key | Value |
| --- | --- |
| question_id | ${qid(3)} |

## Log
- 2026-07-20T09:03:00Z build: paused on ${qid(3)} (blocking)
`;

let p: Project;
afterEach(() => p?.cleanup());

describe("concurrent resolves", () => {
  it("8 processes resolving 8 different questions at once: all answered, files parse, state.md cleared once, 8 events, no temp files", async () => {
    p = makeProject({ ".devrites/ACTIVE": "feat\n", [`${W}/questions.md`]: QUESTIONS, [`${W}/state.md`]: STATE });
    const results = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        runCli(i % 2 === 0 ? ["state", "resolve", qid(i), `answer from process ${i}`] : ["state", "resolve", "--human", qid(i), `answer from process ${i}`], {
          cwd: p.dir,
          env: { DEVRITES_LOCK_TIMEOUT_MS: "60000" },
        }),
      ),
    );
    results.forEach((r, i) => expect({ i, exit: r.exit, stderr: r.stderr }).toEqual({ i, exit: 0, stderr: "" }));

    const doc = parseQuestions(p.read(`${W}/questions.md`));
    expect(doc.blocks.map((b) => b.id)).toEqual(Array.from({ length: N }, (_, i) => qid(i)));
    doc.blocks.forEach((b, i) => {
      expect(statusOf(b)).toBe("answered");
      expect(fieldValue(b, "answer")).toBe(`answer from process ${i}`);
      expect(fieldValue(b, "answered_at")).toBe(T);
      expect(fieldValue(b, "answered_by")).toBe(i % 2 === 0 ? undefined : "human");
    });

    const state = p.read(`${W}/state.md`);
    const sdoc = parseState(state);
    expect(sdoc.awaiting).toHaveLength(0);
    expect(cursorValue(sdoc, "status")).toBe("running");
    expect(state.match(/resolved q-/g)).toHaveLength(1);
    expect(state).toContain(`- ${T} build: resolved ${qid(3)}\n`);

    const events = readEventsOf(p, W);
    expect(events).toHaveLength(N);
    expect(events.every((e) => e.event === "resolved")).toBe(true);
    expect(new Set(events.map((e) => e.qid))).toEqual(new Set(Array.from({ length: N }, (_, i) => qid(i))));
    expect(new Set(events.map((e) => e.id)).size).toBe(N);
    expect(litter(p)).toEqual([]);
  });
});

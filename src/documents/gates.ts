// The four question gates and what each does (commands.md, `question add`), as one table:
// every other gate list (the known gates, the ones AFK never auto-picks, the ones that pause) is read from it.

/** What the gate policy does with a new question. */
type GateAction = "pause" | "open" | "auto_pick";

/** A gate's row: its action in HITL, and under AFK when the sentinel's allow_gates lists it or not. */
interface GatePolicy {
  hitl: GateAction;
  afkAllowed: GateAction;
  afkNotAllowed: GateAction;
}

/** The gates in the order messages list them. */
export const GATES = ["advisory", "validating", "blocking", "escalating"] as const;
export type Gate = (typeof GATES)[number];

/** The gate policy, one row per gate. */
export const GATE_POLICY: Readonly<Record<Gate, Readonly<GatePolicy>>> = {
  advisory: { hitl: "open", afkAllowed: "auto_pick", afkNotAllowed: "open" },
  // Under AFK an allowed validating question blocks the merge, not the run.
  validating: { hitl: "pause", afkAllowed: "open", afkNotAllowed: "pause" },
  blocking: { hitl: "pause", afkAllowed: "pause", afkNotAllowed: "pause" },
  escalating: { hitl: "pause", afkAllowed: "pause", afkNotAllowed: "pause" },
};

/** True when `text` names a gate (exactly, lowercase). */
export function isGate(text: string): text is Gate {
  return Object.hasOwn(GATE_POLICY, text);
}

/** Gates that allow_gates cannot make continue: their AFK action is `pause` whatever the sentinel lists. */
export const NEVER_AUTO: readonly Gate[] = GATES.filter((g) => GATE_POLICY[g].afkAllowed === "pause");

/** HITL, or AFK with the gates the sentinel allows (blocking/escalating never count). */
export type RaiseMode = { afk: false } | { afk: true; allowGates: readonly string[] };

/** The policy's action for `gate` in `mode`. */
export function gateAction(gate: Gate, mode: RaiseMode): GateAction {
  const row = GATE_POLICY[gate];
  if (!mode.afk) return row.hitl;
  return mode.allowGates.includes(gate) ? row.afkAllowed : row.afkNotAllowed;
}

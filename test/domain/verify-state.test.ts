// The read-back before any write: values that do not read back are an internal error.

import { describe, expect, it } from "vitest";
import { InternalError } from "../../src/errors.js";
import { verifyState } from "../../src/domain/verify-state.js";

describe("verifyState (parse-back before any write)", () => {
  it("returns the parsed document when the values read back", () => {
    expect(verifyState("- Status: running\n", { status: "running", pause_reason: null }).cursor.get("status")!.value).toBe("running");
  });

  it.each([
    [{ status: "blocked" }],
    [{ pause_reason: null }],
    [{ phase: "build" }],
  ])("throws InternalError (exit 1) when %j does not read back", (expect_) => {
    const run = () => verifyState("- Status: running\n- pause_reason: x\n", expect_);
    expect(run).toThrow(InternalError);
    expect(run).toThrow(/nothing was written/);
  });

  it("runs the extra check", () => {
    expect(() => verifyState("- Status: running\n", {}, () => "an awaiting section is still present")).toThrow(/an awaiting section is still present/);
  });
});

import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Files that take longest (spawned processes, generated cases, npm pack): started first, so
 * on two cores the short files fill in around them and the run does not end waiting on one
 * long file. The rest keep vitest's order (cached durations, else file size).
 */
const LONG_FIRST = [
  "test/reliability/crash.test.ts",
  "test/package/install.test.ts",
  "test/docs/examples.test.ts",
  "test/reliability/concurrency.test.ts",
  "test/property/cli.test.ts",
  "test/mcp/differential.test.ts",
  "test/e2e/smoke.test.ts",
  "test/reliability/mcp-concurrency.test.ts",
  "test/security/hostile.test.ts",
  "test/e2e/check.test.ts",
  "test/e2e/mcp-inspector.test.ts",
  "test/e2e/mcp.test.ts",
  "test/mcp/memory.test.ts",
  "test/e2e/lazy-chunks.test.ts",
  "test/e2e/parallel-worktrees.test.ts",
  "test/reliability/parallel-kill.test.ts",
  "test/security/init-lock-temps.test.ts",
];

class LongFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = LONG_FIRST.findIndex((p) => f.moduleId.endsWith(p));
      return i < 0 ? LONG_FIRST.length : i;
    };
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  define: { __ENGINE_VERSION__: JSON.stringify("0.0.0-test") },
  test: {
    include: ["test/**/*.test.ts"],
    // Processes, not threads: suites spawn and SIGKILL children, drive a pseudo-terminal and
    // set process.env.TZ. Two workers on two cores (vitest's default would be one, cores - 1):
    // many files wait on child processes, so the second worker is nearly free.
    pool: "forks",
    maxWorkers: 2,
    // Files share their worker's module cache: src/ is imported once per worker, not once per
    // file (measured: 60 unit files 28 s → 10 s of CPU). Tests restore what they change
    // (vi.restoreAllMocks, process.env.TZ), which this relies on.
    isolate: false,
    sequence: { sequencer: LongFirst },
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});

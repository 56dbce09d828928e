// How many generated cases, processes and iterations a long suite runs: a quick count for
// `npm test` (whatever CI is) and the full count under DEVRITES_FULL=1 (`npm run test:full`,
// which `.ci/run` runs after `npm test`). A suite's own variable overrides both.

/** True under `npm run test:full` (DEVRITES_FULL=1). */
const FULL = process.env.DEVRITES_FULL === "1";

/** `envName`'s value when set, else `full` under DEVRITES_FULL=1, else `quick`. */
export function caseCount(envName: string, quick: number, full: number): number {
  const v = process.env[envName];
  if (v !== undefined && v !== "") {
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0) throw new Error(`${envName} must be a whole number, not ${JSON.stringify(v)}`);
    return n;
  }
  return FULL ? full : quick;
}

// The notify hook's environment (commands.md, `question add`): an allowlist of the caller's
// variables, the ones the sentinel names in `notify_env`, and the DEVRITES_* question variables.

/** Caller variables every hook gets: enough to find programs, a home, a locale and a temp dir. */
const ALWAYS = new Set(["PATH", "HOME", "USER", "LANG", "TZ", "TMPDIR", "SHELL"]);

/** The hook's environment: never the caller's whole environment, so tokens stay with the caller. */
export function notifyEnvironment(
  caller: Record<string, string | undefined>,
  notifyEnv: readonly string[],
  question: Record<`DEVRITES_${string}`, string>,
): Record<string, string> {
  const env: Record<string, string> = {};
  const named = new Set(notifyEnv);
  for (const [k, v] of Object.entries(caller)) {
    if (v === undefined) continue;
    if (ALWAYS.has(k) || k.startsWith("LC_") || named.has(k)) env[k] = v;
  }
  // The question variables win over a caller's variable of the same name.
  return Object.assign(env, question);
}

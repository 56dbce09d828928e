// Printed commands are safe to paste (commands.md, Trust boundary): every id, slug, path or
// answer the engine puts into a command line it prints goes through `shellWord`, so text from a
// hand-edited or committed file (`## q-$(touch PWNED)`) reaches the shell as one literal word.
// Plain words stay as they are, so ordinary output keeps its bytes.

/** The characters a word may hold and still be printed bare (commands.md: `[A-Za-z0-9._/:@-]`). */
const PLAIN = /^[A-Za-z0-9._/:@-]+$/;

/**
 * A word for a POSIX shell (sh, bash, zsh): as is when plain, else single-quoted, a quote inside
 * written `'\''`. Nothing inside single quotes is expanded.
 */
export function shellWord(s: string): string {
  return PLAIN.test(s) ? s : `'${s.replace(/'/g, "'\\''")}'`;
}

/** True when `s` would be printed as is: no character a shell reads specially. */
export function isPlainWord(s: string): boolean {
  return PLAIN.test(s);
}

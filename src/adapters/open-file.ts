// Adapter over `execa` for `open-visual`: hand one local file to the platform's fixed opener —
// `open` on macOS, `rundll32.exe url.dll,FileProtocolHandler` on Windows, `xdg-open` elsewhere
// (Go: openLocalFile in engine/internal/lib/open_visual.go) — as one argument, never through a
// shell, found on the caller's PATH. The program is fixed here; workspace text never names it.
// It is started detached and not waited for (a browser outlives the engine); only whether it
// could start is reported. Loaded lazily (execa's own chunk); imports nothing from src/.

import { execa } from "execa";

/** The opener of this platform: its program and the arguments before the file. */
export function openerFor(platform: string): { file: string; args: string[] } {
  if (platform === "darwin") return { file: "open", args: [] };
  if (platform === "win32") return { file: "rundll32.exe", args: ["url.dll,FileProtocolHandler"] };
  return { file: "xdg-open", args: [] };
}

/**
 * Start the platform's opener on `absPath` (an absolute path, so never read as an option or a
 * URL) with the caller's environment. Resolves to undefined once it started, or why it could not.
 */
export async function openLocalFile(absPath: string, env: Readonly<Record<string, string | undefined>>): Promise<string | undefined> {
  const { file, args } = openerFor(process.platform);
  const child = execa(file, [...args, absPath], { env: { ...env }, extendEnv: false, detached: true, stdio: "ignore", reject: false, shell: false });
  const started = await new Promise<string | undefined>((resolve) => {
    child.once("spawn", () => resolve(undefined));
    child.once("error", (e: NodeJS.ErrnoException) => resolve(`${file}: ${e.code === "ENOENT" ? "not found" : (e.code ?? e.message)}`));
  });
  child.unref();
  // The opener's own exit is not this command's: nothing waits for it or reports it.
  void child.catch(() => undefined);
  return started;
}

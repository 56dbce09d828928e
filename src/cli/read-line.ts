// Line-at-a-time reading of standard input for interactive mode, created lazily so that
// commands which never prompt never touch stdin.

import type { Interface } from "node:readline";

interface LineReader {
  (): Promise<string | undefined>;
  close(): void;
}

export function nodeReadLine(): LineReader {
  let rl: Interface | undefined;
  const queue: string[] = [];
  const waiting: ((l: string | undefined) => void)[] = [];
  let closed = false;
  const read = async (): Promise<string | undefined> => {
    if (!rl) {
      // A builtin by name, not import(): the CommonJS bundle then needs no ES module loader.
      const readline = process.getBuiltinModule("node:readline");
      rl = readline.createInterface({ input: process.stdin, terminal: false });
      rl.on("line", (l) => {
        const w = waiting.shift();
        if (w) w(l);
        else queue.push(l);
      });
      rl.on("close", () => {
        closed = true;
        for (const w of waiting.splice(0)) w(undefined);
      });
    }
    if (queue.length > 0) return queue.shift();
    if (closed) return undefined;
    return new Promise((resolve) => waiting.push(resolve));
  };
  return Object.assign(read, { close: () => rl?.close() });
}

// `gates scaffold <slug>`: create gates.md from spec.md's AC ids, only when it is absent (never
// clobbers). Contract: the Go engine's engine/internal/acceptance/cli.go (cmdScaffold) and
// scaffold.go. One transaction: the file and a `gates_scaffolded` event.

import { RefusedError } from "../../errors.js";
import { GATES_FILE } from "../../documents/gates-ledger/parse-ledger.js";
import { scaffoldLedger } from "../../documents/gates-ledger/scaffold-ledger.js";
import { lstat } from "../../workspace/disk.js";
import { gatesSession } from "./ledger.js";
import type { CommandArgs, CommandContext, Outcome } from "../types.js";

export function gatesScaffold(ctx: CommandContext, args: CommandArgs): Outcome {
  const session = gatesSession(ctx, args);
  const path = session.path(GATES_FILE);
  const text = session.mutate(() => {
    if (lstat(path)) throw new RefusedError(`${path} already exists; scaffold never clobbers`, { hint: "edit it, or read it with devrites-engine gates status" });
    const body = scaffoldLedger(session.ws.slug, session.read("spec.md", false) ?? "");
    return { changes: { files: new Map([[GATES_FILE, body]]), events: [{ event: "gates_scaffolded" as const, detail: { file: GATES_FILE } }] }, result: body };
  });
  return { exit: 0, lines: [`created: ${path}`], data: { workspace: session.ws.slug, created: path, bytes: Buffer.byteLength(text) } };
}

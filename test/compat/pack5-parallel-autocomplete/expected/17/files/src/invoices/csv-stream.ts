import type { CsvRow } from "./csv-row";

export async function* csvLines(rows: AsyncIterable<CsvRow>): AsyncGenerator<string> {
  yield "invoice,amount_cents\n";
  for await (const row of rows) yield `${row.invoice},${row.amountCents}\n`;
}

export async function* csvLines(rows: AsyncIterable<{ invoice: string; amountCents: number }>): AsyncGenerator<string> {
  yield "invoice,amount_cents\n";
  for await (const row of rows) yield `${row.invoice},${row.amountCents}\n`;
}

export async function* csvLines(rows: AsyncIterable<{ invoice: string; amountCents: number }>): AsyncGenerator<string> {
  yield "invoice,amount_cents\n";
  let total = 0;
  for await (const row of rows) {
    total += row.amountCents;
    yield `${row.invoice},${row.amountCents}\n`;
  }
  yield `total,${total}\n`;
}

import { csvLines } from "../../src/invoices/csv-stream";

test("a header, then one line a row", async () => {
  const out: string[] = [];
  for await (const l of csvLines((async function* () { yield { invoice: "I-1", amountCents: 250 }; })())) out.push(l);
  expect(out).toEqual(["invoice,amount_cents\n", "I-1,250\n"]);
});

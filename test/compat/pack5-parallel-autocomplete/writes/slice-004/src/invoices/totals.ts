import type { CsvRow } from "./csv-row";

export const totalCents = (rows: readonly CsvRow[]) => rows.reduce((sum, r) => sum + r.amountCents, 0);

export interface CsvRow {
  invoice: string;
  amountCents: number;
}

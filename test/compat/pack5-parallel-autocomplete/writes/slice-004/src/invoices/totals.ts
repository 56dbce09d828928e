export const totalCents = (rows: readonly { amountCents: number }[]) => rows.reduce((sum, r) => sum + r.amountCents, 0);

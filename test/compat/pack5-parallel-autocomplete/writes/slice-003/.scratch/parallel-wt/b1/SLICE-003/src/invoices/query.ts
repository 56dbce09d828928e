export const monthQuery = (month: string) => {
  if (!/^\d{4}-\d{2}$/.test(month)) throw new Error(`month must be YYYY-MM, not ${month}`);
  return { month, pageSize: 1000 };
};

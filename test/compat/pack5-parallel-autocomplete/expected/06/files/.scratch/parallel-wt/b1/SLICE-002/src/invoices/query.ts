export const monthQuery = (month: string) => ({ month, pageSize: 1000 });

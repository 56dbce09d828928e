import { monthQuery } from "../../src/invoices/query";

test("a month pages by 1,000 rows; anything else is refused", () => {
  expect(monthQuery("2026-07")).toEqual({ month: "2026-07", pageSize: 1000 });
  expect(() => monthQuery("July")).toThrow();
});

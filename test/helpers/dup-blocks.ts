// Source blocks the `check dup` tests share, from the Go engine's engine/internal/lib/dup_test.go:
// two pairs of functions with the same logic under other names.

/** The same logic under other names (Go: dupBlockA / dupBlockB): renaming a line diff cannot see through. */
export const BLOCK_A = `func fetchDiscount(customer *Customer) (float64, error) {
\tif customer == nil {
\t\treturn 0, errors.New("nil customer")
\t}
\ttotal, err := lookupOrders(customer.ID)
\tif err != nil {
\t\treturn 0, fmt.Errorf("orders: %w", err)
\t}
\tif total > 1000 {
\t\treturn 0.15, nil
\t}
\tif total > 500 {
\t\treturn 0.10, nil
\t}
\treturn 0, nil
}
`;
export const BLOCK_B = `func resolveRate(account *Account) (float64, error) {
\tif account == nil {
\t\treturn 0, errors.New("nil account")
\t}
\tsum, err := queryInvoices(account.Ref)
\tif err != nil {
\t\treturn 0, fmt.Errorf("invoices: %w", err)
\t}
\tif sum > 2000 {
\t\treturn 0.20, nil
\t}
\tif sum > 800 {
\t\treturn 0.05, nil
\t}
\treturn 0, nil
}
`;
/** Go: dupBlockC / dupBlockD, a second renamed pair. */
export const BLOCK_C = `func loadSettings(path string) (map[string]string, error) {
\tdata, err := os.ReadFile(path)
\tif err != nil {
\t\treturn nil, fmt.Errorf("read: %w", err)
\t}
\tout := map[string]string{}
\tfor _, line := range strings.Split(string(data), "\\n") {
\t\tk, v, ok := strings.Cut(line, "=")
\t\tif !ok {
\t\t\tcontinue
\t\t}
\t\tout[strings.TrimSpace(k)] = strings.TrimSpace(v)
\t}
\treturn out, nil
}
`;
export const BLOCK_D = `func readProfile(file string) (map[string]string, error) {
\traw, err := os.ReadFile(file)
\tif err != nil {
\t\treturn nil, fmt.Errorf("open: %w", err)
\t}
\tres := map[string]string{}
\tfor _, row := range strings.Split(string(raw), "\\n") {
\t\tname, val, found := strings.Cut(row, "=")
\t\tif !found {
\t\t\tcontinue
\t\t}
\t\tres[strings.TrimSpace(name)] = strings.TrimSpace(val)
\t}
\treturn res, nil
}
`;

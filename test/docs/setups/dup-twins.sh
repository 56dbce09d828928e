# docs/commands.md's check dup example: a committed project with src/orders/discount.ts, and in
# the work tree an untracked src/billing/rate.ts that is the same function renamed.
set -e
cp -r "$REPO/.devrites.example" .devrites
git init -q .
git config user.email docs@example.invalid
git config user.name Docs
mkdir -p src/orders src/billing
cat > src/orders/discount.ts <<'TS'
export function discountFor(customer: Customer): number {
  if (customer.orders.length === 0) {
    return 0;
  }
  const total = sumOrders(customer.orders);
  if (total > 1000) {
    return 0.15;
  }
  if (total > 500) {
    return 0.1;
  }
  return 0;
}
TS
git add src
git commit -qm baseline
cat > src/billing/rate.ts <<'TS'
export function rateFor(account: Account): number {
  if (account.invoices.length === 0) {
    return 0;
  }
  const sum = sumInvoices(account.invoices);
  if (sum > 2000) {
    return 0.2;
  }
  if (sum > 800) {
    return 0.05;
  }
  return 0;
}
TS

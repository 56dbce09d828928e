# docs/commands.md's read-only check examples (check slice, diff-scope, drift, regression):
# invoice-export in vet with every readiness input written, tasks.md holding a sound slice
# (SLICE-001) and one whose contract is broken (SLICE-002), spec.md with AC-001 checked, and a
# git work tree where the slice's writer changed two files, one outside its allowlist.
set -e
w=.devrites/work/invoice-export
export DEVRITES_NOW=2026-12-01T10:00:00Z
devrites-engine init invoice-export >/dev/null
perl -pi -e 's/^\| phase \| spec \|/| phase | vet |/' $w/state.md
for f in brief assumptions decision-coverage architecture plan traceability test-plan; do
  printf '# %s\n\nWritten for invoice-export.\n' $f > $w/$f.md
done
printf '# Spec\n\n## Acceptance criteria\n- [x] AC-001: an invoice exports as CSV\n- [ ] AC-002: totals match the ledger\n' > $w/spec.md
cat > $w/tasks.md <<'TASKS'
# Tasks

## SLICE-001 CSV writer
Goal: write one invoice as CSV.
Satisfies: AC-001
Dependencies: none
Writer allowlist: src/invoice/csv.ts; test/invoice/csv.test.ts
Files likely touched: src/invoice/csv.ts; test/invoice/csv.test.ts
Tests/proof: test/invoice/csv.test.ts
Status: built

## SLICE-002 Ledger totals
Satisfies: AC-002, AC-007
Dependencies: SLICE-001
Writer allowlist: src/ledger/*.ts; ../vendor/totals.ts
Tests/proof: test/ledger/totals.test.ts
TASKS
printf '.devrites/\n' > .gitignore
git init -q .
git add .gitignore
git -c user.name=docs -c user.email=docs@example.com -c commit.gpgsign=false commit -q -m init
mkdir -p src/invoice src/ledger
printf 'export const csv = 1;\n' > src/invoice/csv.ts
printf 'export const total = 2;\n' > src/ledger/totals.ts

# docs/commands.md's ship-gate examples: invoice-export at phase seal with every file the seal
# gate reads, bound (eng-review.md's Readiness inputs line), a two-file candidate and its
# digest recorded in evidence.md, review.md and seal.md (what /rite-ship step 1 then checks).
set -e
w=.devrites/work/invoice-export
mkdir -p $w src
printf 'invoice-export\n' > .devrites/ACTIVE
printf '# State: invoice-export\n\n## Cursor\n| Key | Value |\n| --- | --- |\n| schema | 4 |\n| phase | seal |\n| status | running |\n| next_action | /rite-ship |\n' > $w/state.md
for f in brief assumptions decision-coverage architecture plan traceability eng-review test-plan evidence; do
  printf '# %s\n\nWritten for invoice-export.\n' $f > $w/$f.md
done
printf '# Spec\n\n## Acceptance Criteria\n- AC-001: invoices export as CSV.\n' > $w/spec.md
printf '# Decisions\n\n## Decisions stood\n- none\n' > $w/decisions.md
printf '# Questions\n\n- none\n' > $w/questions.md
printf '# Tasks\n\n## SLICE-001 Export invoices\n- depends_on: none\n' > $w/tasks.md
printf '# Touched files\n\n## Touched files\nCandidate paths are declared only in the manifest below.\n\n## Candidate manifest\n| State | File | Slice | Reason |\n| --- | --- | --- | --- |\n| present | `src/invoice.test.ts` | SLICE-001 | its test |\n| present | `src/invoice.ts` | SLICE-001 | the export |\n' > $w/touched-files.md
printf '# Review\n\n## Spec\nNo-findings: checked AC-001.\n\n## Code review\nNo-findings: checked the CSV quoting.\n' > $w/review.md
printf '# Seal\n\n## Acceptance Criteria\n- [x] AC-001: invoices export as CSV.\n' > $w/seal.md
printf 'export const invoiceCsv = (rows: string[][]) => rows.map((r) => r.join(",")).join("\\n");\n' > src/invoice.ts
printf 'import { invoiceCsv } from "./invoice";\n' > src/invoice.test.ts
chmod 644 src/invoice.ts src/invoice.test.ts
devrites-engine check readiness --emit-binding invoice-export >> $w/eng-review.md
digest=$(devrites-engine check candidate invoice-export | sed -n 's/^candidate-sha256: //p')
for f in evidence review seal; do printf '\nCandidate SHA-256: %s\n' "$digest" >> $w/$f.md; done

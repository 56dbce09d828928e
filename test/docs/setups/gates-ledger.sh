# docs/commands.md's gates examples: invoice-export with two AC ids in spec.md and one command
# approved by test-plan.md's Build-entry preflight table.
set -e
devrites-engine init invoice-export > /dev/null
w=.devrites/work/invoice-export
printf '# Spec\n\n## Acceptance Criteria\n- AC-001: invoices export as CSV.\n- AC-002: the finance team accepts the format.\n' > $w/spec.md
printf '# Test plan\n\n## Build-entry preflight\n\n| Command | Cwd |\n| --- | --- |\n| `echo 3 invoices exported` | . |\n' > $w/test-plan.md

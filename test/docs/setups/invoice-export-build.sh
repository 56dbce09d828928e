# docs/commands.md's readiness example: invoice-export in build with every artifact the phase
# requires written and bound (eng-review.md's Readiness inputs line), paused on a blocking
# question raised on 2026-12-01.
set -e
w=.devrites/work/invoice-export
export DEVRITES_NOW=2026-12-01T10:00:00Z
devrites-engine init invoice-export >/dev/null
perl -pi -e 's/^\| phase \| spec \|/| phase | build |/' $w/state.md
devrites-engine question add --gate blocking --question "Bill partial months pro rata?" --option Yes --option No >/dev/null
for f in brief spec assumptions decision-coverage architecture plan traceability eng-review test-plan; do
  printf '# %s\n\nWritten for invoice-export.\n' $f > $w/$f.md
done
printf '# Tasks\n\n## SLICE-001 invoices\nDependencies: none\n' > $w/tasks.md
devrites-engine check readiness invoice-export --emit-binding >> $w/eng-review.md

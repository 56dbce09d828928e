# docs/unattended.md's workspace: billing-export building SLICE-001 under the sentinel the page
# shows, with one open validating question and a `## Log`.
set -e
w=.devrites/work/billing-export
mkdir -p $w
printf 'billing-export\n' > .devrites/ACTIVE
cat > .devrites/AFK <<'YAML'
# unattended run, armed by the operator
max_slices: 3
max_agents: 32
max_minutes: 120
max_review_queue: 2
allow_gates: [advisory, validating]
continue_sequence: false
YAML
cat > $w/state.md <<'MD'
# State: billing-export

## Cursor
| Key | Value |
| --- | --- |
| schema | 4 |
| phase | build |
| status | running |
| active_slice | SLICE-001 |
| next_action | /rite-build SLICE-001 |

## Log
- 2026-07-20T09:40:00Z build: SLICE-001 proof green
MD
cat > $w/questions.md <<'MD'
# Questions: billing-export

## q-2026-07-20-001
status: open
slice: SLICE-002
gate: validating
question: Is a 10,000-row export limit acceptable?
options: |
  1. Yes (Recommended)
  2. No, stream unlimited rows
proposed: Yes
raised_at: 2026-07-20T09:00:00Z
answered_at:
answer:
MD
printf '# Decisions: billing-export\n' > $w/decisions.md
printf '# Touched files: billing-export\n\n## Touched files\nThe export.\n\n## Candidate manifest\nNo project files.\n' > $w/touched-files.md

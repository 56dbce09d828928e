# docs/commands.md's `migrate` example: a workspace from before schema 3 (no schema row, read as
# 2) whose cursor records no phase, with a Log and no questions.md.
set -e
mkdir -p .devrites/work/old
printf 'old\n' > .devrites/ACTIVE
cat > .devrites/work/old/state.md <<'MD'
# State: old

- Status: running
- Next step: /rite-build

## Log
- 2026-06-13T12:00:00Z build: slice 1 built
MD
printf '# Decisions: old\n' > .devrites/work/old/decisions.md

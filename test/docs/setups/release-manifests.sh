# docs/commands.md's three-workspace example, after its `init`s and the first milestone's close:
# the milestones' manifests as the build loop wrote them (the UI's rows out of order) and the
# release's own.
set -e
manifest() { # file title rows…
  f=$1; t=$2; shift 2
  { printf '# Touched files: %s\n\n## Touched files\n%s\n\n## Candidate manifest\n| State | File | Slice | Reason |\n| --- | --- | --- | --- |\n' "$t" "$TOUCHED"
    for r in "$@"; do printf '%s\n' "$r"; done
    printf '%s' "$TRAIL"; } > "$f"
}
TOUCHED="Export API." TRAIL="" manifest .devrites/archive/billing-export-api/touched-files.md billing-export-api \
  '| deleted | `src/legacy/export-v1.ts` | SLICE-003 | Removed after contract phase. |' \
  '| present | `src/routes/export.ts` | SLICE-001 | New v2 export endpoint. |' \
  '| present | `src/shared/csv.ts` | SLICE-002 | CSV writer with streaming. |'
TOUCHED="Export UI." TRAIL="" manifest .devrites/work/billing-export-ui/touched-files.md billing-export-ui \
  '| present | `web/export/ExportButton.tsx` | SLICE-001 | Export button. |' \
  '| present | `src/shared/csv.ts` | SLICE-002 | Column order fixed for the UI. |'
TOUCHED="Release wiring plus the union of milestone surfaces." TRAIL='
## Review trail
- src/routes/export.ts:42 — auth scope check
' manifest .devrites/work/billing-export-release/touched-files.md billing-export-release \
  '| present | `docs/release-notes.md` | SLICE-001 | Release notes for v2. |'

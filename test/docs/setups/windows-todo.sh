# docs/commands.md's check windows example: a committed project whose work tree adds a TODO
# to src/export.ts and a skipped test; windows.md waives the skipped test only.
set -e
cp -r "$REPO/.devrites.example" .devrites
git init -q .
git config user.email docs@example.invalid
git config user.name Docs
mkdir -p src test
printf 'export function exportCsv() {\n  return "";\n}\n' > src/export.ts
git add src
git commit -qm baseline
printf 'export function exportCsv() {\n  // TODO: stream large exports\n  return "";\n}\n' > src/export.ts
printf 'it.skip("exports 1M rows", () => {});\n' > test/export.test.ts
printf -- '- test/export.test.ts | it.skip( | needs the fixture from SLICE-004\n' > .devrites/work/session-token-rotation/windows.md

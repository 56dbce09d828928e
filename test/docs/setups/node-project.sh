# docs/commands.md's detect commands example: a Node project with a workspace, a pnpm lockfile
# and package.json scripts for tests, lint, type checking and the build.
set -e
cp -r "$REPO/.devrites.example" .devrites
printf '{"scripts":{"test":"vitest run","lint":"eslint .","typecheck":"tsc --noEmit","build":"tsup"}}\n' > package.json
printf "lockfileVersion: '9.0'\n" > pnpm-lock.yaml

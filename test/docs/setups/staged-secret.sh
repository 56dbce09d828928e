# docs/commands.md's secret-scan example: a git work tree whose index holds a file with a
# GitHub token on its second line (the work tree's copy no longer has it).
set -e
cp -r "$REPO/.devrites.example" .devrites
git init -q .
mkdir -p src
printf '// settings read at start\nexport const fallback = "ghp_%s";\n' 0123456789abcdefghijklmnopqrstuvwxyz > src/config.ts
git add src/config.ts
printf '// settings read at start\nexport const token = process.env.GITHUB_TOKEN;\n' > src/config.ts

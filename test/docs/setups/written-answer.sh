# The bundled example after a person wrote an answer to q-2026-09-02-003 in questions.md
# (status left open), as the README's "Edit, then resolve" shows.
set -e
cp -r "$REPO/.devrites.example" .devrites
perl -0pi -e 's/(## q-2026-09-02-003\n(?:.+\n)*?answer:)\n/$1 Keep it; drop in PR-812\n/' .devrites/work/session-token-rotation/questions.md

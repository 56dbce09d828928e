# docs/ticket-replies.md's fixed-line example: the table-awaiting workspace and a thread whose
# first reply has a malformed line that a later reply fixes, and a mistyped id.
set -e
cp -r "$REPO/fixtures/table-awaiting/." .
cp "$REPO/fixtures/github-comments/thread-fixed-line.json" comments.json

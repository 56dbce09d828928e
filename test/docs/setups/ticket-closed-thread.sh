# docs/ticket-replies.md's closed-thread example: the thread's engine comment names
# billing-export, which state close has moved to .devrites/archive/.
set -e
cp -r "$REPO/.devrites.example" .devrites
mkdir -p .devrites/archive/billing-export
printf '# State\n' > .devrites/archive/billing-export/state.md
cat > comments.json <<'JSON'
[
  {"id": 2301000021, "user": {"login": "github-actions[bot]", "type": "Bot"}, "author_association": "NONE",
   "body": "<!-- devrites:billing-export:q-2026-09-02-001 -->\n\n**Question q-2026-09-02-001**", "created_at": "2026-09-02T14:00:00Z", "performed_via_github_app": null},
  {"id": 2301000022, "user": {"login": "ana-lead", "type": "User"}, "author_association": "MEMBER",
   "body": "q-2026-09-02-001: debug", "created_at": "2026-09-02T15:00:00Z", "performed_via_github_app": null}
]
JSON

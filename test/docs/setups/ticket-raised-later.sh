# docs/ticket-replies.md's raised-later example: q-2026-09-02-004 raised at 16:00 and a reply
# naming it that was written at 15:10, for an earlier question with that id.
set -e
cp -r "$REPO/.devrites.example" .devrites
DEVRITES_NOW=2026-09-02T16:00:00Z devrites-engine question add --gate advisory --question "Rotate the signing key too?" >/dev/null
cat > comments.json <<'JSON'
[
  {"id": 2301000031, "user": {"login": "ana-lead", "type": "User"}, "author_association": "MEMBER",
   "body": "q-2026-09-02-004: yes", "created_at": "2026-09-02T15:10:00Z", "performed_via_github_app": null}
]
JSON

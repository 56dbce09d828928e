# docs/commands.md's `check` example: the bundled example after a person's hand edits —
# `status: Pending` and `gate: advisroy` on q-2026-09-02-002, `status: answered` without an
# answer on the awaited q-2026-09-02-003, a `resumes_at | tomorrow 9am` cursor row, and a
# sentinel with a quoted count and `blocking` in allow_gates.
set -e
cp -r "$REPO/.devrites.example" .devrites
w=.devrites/work/session-token-rotation
perl -0pi -e 's/(## q-2026-09-02-002\n)status: open\n(slice: SLICE-002\n)gate: advisory/${1}status: Pending\n${2}gate: advisroy/; s/(## q-2026-09-02-003\nstatus:) open/$1 answered/' $w/questions.md
perl -0pi -e 's/(\| next_action \|)/| resumes_at | tomorrow 9am |\n$1/' $w/state.md
printf 'max_slices: 10\nmax_agents: 32\nmax_review_queue: "8"\nallow_gates: [advisory, blocking]\n' > .devrites/AFK

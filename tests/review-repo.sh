# review-repo.sh — a project that is a real git repository, with a Liza
# task whose worktree (made by `git worktree add`) holds the change under
# review. Sourced by the review tests after tmux-lib.sh (or on its own with
# E2E_TMP set). Sets BASE and HEAD (the commits) and prints nothing.
#
# make_review_project DIR: the repository in DIR; .liza/state.yaml names
# task review-1 (READY_FOR_REVIEW, worktree .worktrees/review-1).
make_review_project() {
	local dir=$1
	mkdir -p "$dir"
	local g=(git -C "$dir" -c user.name=t -c user.email=t@example.invalid -c init.defaultBranch=main
	         -c commit.gpgsign=false)
	"${g[@]}" init -q
	printf 'hello\n' > "$dir/README.md"
	mkdir -p "$dir/src"
	printf 'int main(void) { return 0; }\n' > "$dir/src/main.c"
	printf '.worktrees/\n.liza/\n' > "$dir/.gitignore"
	"${g[@]}" add -A && "${g[@]}" commit -q -m base
	BASE=$("${g[@]}" rev-parse HEAD)
	"${g[@]}" worktree add -q -b task/review-1 "$dir/.worktrees/review-1"
	local w=(git -C "$dir/.worktrees/review-1" -c user.name=t -c user.email=t@example.invalid -c commit.gpgsign=false)
	printf 'hello\nreview me: the greeting grew\n' > "$dir/.worktrees/review-1/README.md"
	printf 'int main(void) { return 42; }\n' > "$dir/.worktrees/review-1/src/main.c"
	printf 'new file for the reviewer\n' > "$dir/.worktrees/review-1/src/added.txt"
	"${w[@]}" add -A && "${w[@]}" commit -q -m work
	HEAD=$("${w[@]}" rev-parse HEAD)
	mkdir -p "$dir/.liza"
	cat > "$dir/.liza/state.yaml" <<YAML
version: 1
goal:
  id: goal-review
  description: Review before approving
  created: 2026-01-20T09:00:00Z
  status: IN_PROGRESS
tasks:
  - id: review-1
    description: Grow the greeting
    status: READY_FOR_REVIEW
    priority: 1
    created: "2026-01-20T09:05:00Z"
    spec_ref: specs/vision.md
    done_when: README greets twice
    assigned_to: coder-2
    worktree: .worktrees/review-1
    base_commit: $BASE
    review_commit: $HEAD
    iteration: 2
    review_cycles_current: 1
    review_cycles_total: 1
    history:
      - time: "2026-01-20T09:10:00Z"
        event: claimed
        agent: coder-2
      - time: "2026-01-20T09:40:00Z"
        event: rejected
        agent: code-reviewer-1
        reason: |-
          the greeting is too short
          and main returns 0
      - time: "2026-01-20T10:00:00Z"
        event: submitted_for_review
        agent: coder-2
agents:
  coder-2:
    role: coder
    status: WAITING
    heartbeat: "2026-01-20T10:00:00Z"
    lease_expires: "2026-01-20T10:30:00Z"
    current_task: review-1
config:
  max_coder_iterations: 10
  max_review_cycles: 5
YAML
	cat > "$dir/.liza/log.yaml" <<YAML
- timestamp: "2026-01-20T09:10:00Z"
  agent: coder-2
  action: claimed
  task: review-1
  detail: claimed for iteration 2
- timestamp: "2026-01-20T09:20:00Z"
  agent: coder-3
  action: claimed
  task: other-9
  detail: not this task
- timestamp: "2026-01-20T10:00:00Z"
  agent: coder-2
  action: submitted
  task: review-1
  detail: ready for review at $HEAD
YAML
}

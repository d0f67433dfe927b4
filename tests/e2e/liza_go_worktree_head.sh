#!/usr/bin/env bash
# liza_go_worktree_head.sh — a verdict whose review_commit is not the HEAD of
# the task's worktree (on disk) is refused, as submitVerdict refuses it
# ("worktree was modified after submission"); the HEAD is read from git's
# files, loose ref or packed; with the worktree's HEAD equal to the review
# commit the verdict goes through; without the worktree Liza skips the check.
set -u
: "${LW_BIN:?LW_BIN must name the binary}" "${LW_TESTS:?LW_TESTS must name the tests folder}"
command -v git >/dev/null || { echo "skip: no git"; exit 0; }
fail() { echo "FAIL: $*"; exit 1; }
tmp=$(mktemp -d /tmp/lw-head.XXXXXX) && tmp=$(cd "$tmp" && pwd -P); trap 'rm -rf "$tmp"' EXIT
export LIZA_WATCH_NOW=2026-11-25T10:00:00Z GIT_CONFIG_NOSYSTEM=1 HOME=$tmp
setup() {
	rm -rf "$tmp/p"; cp -a "$LW_TESTS/conformance/liza-go/verdict-approve-quorum-1/project" "$tmp/p"
	git -C "$tmp/p" init -q -b main && git -C "$tmp/p" -c user.name=t -c user.email=t@t commit -q --allow-empty -m one
	git -C "$tmp/p" worktree add -q -b t-1 .worktrees/t-1
	git -C "$tmp/p/.worktrees/t-1" -c user.name=t -c user.email=t@t commit -q --allow-empty -m two
}
review_commit() { sed -i "s/^    review_commit: .*/    review_commit: $1/" "$tmp/p/.liza/state.yaml"; }

setup
head=$(git -C "$tmp/p/.worktrees/t-1" rev-parse HEAD)
old=$(git -C "$tmp/p" rev-parse main)
review_commit "$old"
out=$("$LW_BIN" -C "$tmp/p" --as code-reviewer-1 approve t-1 2>&1) && fail "approved a moved worktree: $out"
grep -q "does not match worktree HEAD $head" <<<"$out" || fail "$out"
git -C "$tmp/p" pack-refs --all
review_commit "$head"
"$LW_BIN" -C "$tmp/p" --as code-reviewer-1 approve t-1 >/dev/null 2>&1 || fail "packed HEAD: $("$LW_BIN" -C "$tmp/p" --as code-reviewer-1 approve t-1 2>&1)"
grep -q 'status: CODE_APPROVED' "$tmp/p/.liza/state.yaml" || fail "not approved"
exit 0

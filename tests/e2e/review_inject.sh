#!/usr/bin/env bash
# Values a state file hands to review are refused before anything runs:
# option-like and shell-like commit ids, worktrees outside the project or
# shaped like options. A git on PATH that records being run proves nothing
# was executed; no file the values name appears.
. "$(dirname "$0")/../tmux-lib.sh"
. "$LW_TESTS/review-repo.sh"
export LIZA_WATCH_NOW=2026-01-20T10:20:00Z
proj=$E2E_TMP/proj
make_review_project "$proj"
st=$proj/.liza/state.yaml
cp "$st" "$E2E_TMP/state.orig"
mkdir -p "$E2E_TMP/bin" "$E2E_TMP/outside"
marker=$E2E_TMP/git-ran
printf '#!/bin/sh\ntouch %q\nexit 1\n' "$marker" > "$E2E_TMP/bin/git"
chmod +x "$E2E_TMP/bin/git"
x=$E2E_TMP/x

# set KEY VALUE: the task's KEY (a YAML scalar, quoted) becomes VALUE.
set_field() {
	cp "$E2E_TMP/state.orig" "$st"
	local v=${2//\\/\\\\}; v=${v//\"/\\\"}
	awk -v k="$1" -v v="$v" '$1 == k":" && !done { sub(/:.*/, ": \"" v "\""); done = 1 } { print }' "$st" > "$st.new" \
		&& mv "$st.new" "$st"
	grep -Fq -- "$1: \"$v\"" "$st" || fail "could not set $1 in the fixture"
}

check_refused() {   # KEY VALUE WHY
	set_field "$1" "$2"
	rm -f "$marker" "$x"
	err=$(PATH="$E2E_TMP/bin:$PATH" "$LW_BIN" -C "$proj" review review-1 2>&1 >/dev/null); rc=$?
	[ "$rc" -eq 1 ] || fail "$1=$2: exit $rc, want 1 ($err)"
	grep -q "$1 .*$3.*refused, nothing run" <<<"$err" || fail "$1=$2: message: $err"
	[ ! -e "$marker" ] || fail "$1=$2: git was run"
	[ ! -e "$x" ] || fail "$1=$2: a file was written"
	grep -q $'\e' <<<"$err" && fail "$1=$2: raw escape in the message"
	return 0
}

check_refused base_commit '$(touch '"$x"')' 'looks like a shell string'
check_refused review_commit '`touch '"$x"'`' 'looks like a shell string'
check_refused base_commit "abc1234; touch $x" 'looks like a shell string'
check_refused base_commit "--output=$x" 'looks like an option'
check_refused review_commit "-p" 'looks like an option'
check_refused review_commit "HEAD" 'is not a commit id'
check_refused review_commit "abc12" 'has 5 hex digits'
check_refused worktree "--output=$x" 'looks like an option'
check_refused worktree '$(touch '"$x"')' 'looks like a shell string'
check_refused worktree "$E2E_TMP/outside" 'is outside the project'
check_refused worktree "../outside" 'is outside the project'
check_refused worktree "../never-made" 'is outside the project'
check_refused worktree "/" 'is outside the project'
# A symlink inside the project that leads out of it is outside too.
ln -s "$E2E_TMP/outside" "$proj/.worktrees/link-out"
check_refused worktree ".worktrees/link-out" 'is outside the project'
check_refused worktree ".worktrees/link-out/not-there" 'is outside the project'

# A worktree folder that is a repository of its own (with a config that
# would run a program) is not used: git runs in the project repository.
evil=$proj/.worktrees/evil
git init -q "$evil"
git -C "$evil" config diff.external "touch $x"
git -C "$evil" config core.fsmonitor "touch $x"
git -C "$evil" config core.pager "touch $x"
set_field worktree ".worktrees/evil"
rm -f "$x"
out=$("$LW_BIN" -C "$proj" review review-1) || fail "own-repository worktree: exit $?"
grep -q '.worktrees/evil is not a worktree of the project repository: showing the range from the project repository' <<<"$out" \
	|| fail "not said: $out"
grep -q "^git -C $proj diff " <<<"$out" || fail "git not run in the project: $out"
grep -q '^+int main(void) { return 42; }$' <<<"$out" || fail "no diff: $out"
[ ! -e "$x" ] || fail "the worktree's config ran a program"
# Even run inside it, git takes no external diff, pager or fsmonitor from it.
GIT_EXTERNAL_DIFF="touch $x" GIT_PAGER="touch $x" "$LW_BIN" -C "$proj" review review-1 >/dev/null \
	|| fail "with GIT_* set: exit $?"
[ ! -e "$x" ] || fail "GIT_* from the environment ran a program"
# GIT_DIR and friends would point git elsewhere: they are not passed on.
out=$(GIT_DIR=$E2E_TMP/outside GIT_WORK_TREE=/ GIT_CONFIG_PARAMETERS="'diff.external'='touch $x'" \
	"$LW_BIN" -C "$proj" review review-1) || fail "with GIT_DIR set: exit $?"
grep -q '^+int main(void) { return 42; }$' <<<"$out" || fail "GIT_DIR reached git: $out"
[ ! -e "$x" ] || fail "GIT_CONFIG_PARAMETERS reached git"

# Control characters in a refused value reach the terminal escaped.
cp "$E2E_TMP/state.orig" "$st"
sed -i 's/^    base_commit: .*/    base_commit: "--\\e]0;pwned\\a"/' "$st"
err=$("$LW_BIN" -C "$proj" review review-1 2>&1 >/dev/null)
grep -q $'\e' <<<"$err" && fail "raw escape in the refusal"
grep -Fq -- "'--^[]0;pwned^G'" <<<"$err" || fail "refusal not escaped: $err"

# The HUD refuses the same way on v: the message says so, git never runs.
set_field base_commit "--output=$x"
rm -f "$marker" "$x"
PATH="$E2E_TMP/bin:$PATH" start_hud 140 40 -C "$proj"
wait_for 'review \(1\)'
keys v
wait_for "review refused: liza:review-1: base_commit '--output=.*' looks like an option"
[ ! -e "$marker" ] || fail "the HUD ran git"
[ ! -e "$x" ] || fail "the HUD wrote a file"
keys Escape
keys q
wait_exit 0
exit 0

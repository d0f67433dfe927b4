#!/usr/bin/env bash
# The config files: a key remapped in the user's file shows in the help
# screen and the footer and works; an unbound key does nothing; a bad line
# is reported as file:line (stderr and the HUD's message line) and skipped;
# the project's file wins over the user's, the command line over both; a
# threshold from a config changes what check reports and its exit code.
. "$(dirname "$0")/../tmux-lib.sh"
export LIZA_WATCH_NOW=2026-01-20T10:20:00Z
proj=$(make_project "$LW_TESTS/fixtures/hud/basic")
export XDG_CONFIG_HOME=$E2E_TMP/xdg   # this test's own: nothing it writes outlives it
user=$XDG_CONFIG_HOME/liza-watch/config
mkdir -p "$(dirname "$user")"
lw() { "$LW_BIN" -C "$proj" "$@"; }

# ---- check: thresholds, precedence, bad lines ------------------------------
out=$(lw check 2>&1); rc=$?
[ "$rc" -eq 1 ] && [ "$out" = "WARN liza blocked blocked-1: blocked: spec unclear" ] || fail "baseline: rc $rc: $out"

# draft-1 was created at 10:15: a 4m stale-draft threshold makes it stale.
printf '# thresholds for this project\n[liza]\nstale-draft = 4m\nthis is not a setting\n' > "$proj/.liza-watch"
out=$(lw check 2>"$E2E_TMP/err"); rc=$?
[ "$rc" -eq 1 ] || fail "check with a project threshold: rc $rc"
printf '%s\n' "$out" | grep -q '^WARN liza stale_draft draft-1: DRAFT created 5m ago' || fail "stale_draft missing: $out"
grep -qx "$proj/.liza-watch:4: expected 'key = value', '\[section\]', 'bind KEY ACTION' or 'unbind KEY', got 'this is not a setting'" \
	"$E2E_TMP/err" || fail "bad line not reported as file:line: $(cat "$E2E_TMP/err")"

# The user's file says 4m, the project's 1h: the project wins.
printf '[liza]\nstale-draft = 4m\n' > "$user"
printf '[liza]\nstale-draft = 1h\n' > "$proj/.liza-watch"
out=$(lw check 2>&1)
printf '%s\n' "$out" | grep -q stale_draft && fail "the project's 1h should win over the user's 4m: $out"
lw config | grep -qx 'liza.stale-draft = 1h' || fail "config does not show the project's value"
lw config | grep -B1 -x 'liza.stale-draft = 1h' | grep -qx "# $proj/.liza-watch:2" || fail "config does not say where"
rm "$proj/.liza-watch"
out=$(lw check 2>&1)
printf '%s\n' "$out" | grep -q stale_draft || fail "the user's 4m alone should apply: $out"
: > "$user"

# A config that cannot be read is a warning, never a stop.
mkdir "$proj/.liza-watch"
out=$(lw check 2>"$E2E_TMP/err"); rc=$?
[ "$rc" -eq 1 ] || fail "a directory named .liza-watch stopped check: rc $rc"
grep -q "\.liza-watch: not a regular file" "$E2E_TMP/err" || fail "unreadable config not reported"
rmdir "$proj/.liza-watch"

# ---- status: templates; the command line wins; tmux gets no #(…) ----------
printf 'status.format = "tasks %%T, %%W to review"\n' > "$user"
[ "$(lw status)" = "tasks 6, 1 to review" ] || fail "status.format: $(lw status)"
[ "$(lw status --format 'T=%T')" = "T=6" ] || fail "--format should win over status.format"
printf 'status.tmux-format = #[fg=red]%%c#(touch %s)#{pane_id}##\n' "$E2E_TMP/pwned" > "$proj/.liza-watch"
out=$(lw status --tmux)
[ "$out" = "#[fg=red]0##(touch $E2E_TMP/pwned)##{pane_id}##" ] || fail "tmux template not escaped: $out"
rm "$proj/.liza-watch"

# ---- keys: the remap, as the keys command and the HUD show it --------------
cat > "$user" <<'CONF'
# my keys
as = op-7
bind J down
bind y approve
unbind t
bind Q jump
CONF
out=$(lw keys 2>"$E2E_TMP/err")
printf '%s\n' "$out" | grep -Eq '^Down/j/J +down ' || fail "keys: J not on down: $out"
printf '%s\n' "$out" | grep -Eq '^a/y +approve ' || fail "keys: y not on approve"
printf '%s\n' "$out" | grep -Eq '^- +table ' || fail "keys: t still on table"
grep -qx "$user:6: unknown action 'jump' (liza-watch keys lists them)" "$E2E_TMP/err" || fail "bad bind: $(cat "$E2E_TMP/err")"

printf 'theme = mono\n' > "$proj/.liza-watch"
start_hud 140 40 -C "$proj"
wait_for 'review \(1\)'
wait_for "config:6: unknown action 'jump'"        # the message line
wait_for 'a/y approve'                              # the footer: review-1 is selected
keys '?'
wait_for 'liza-watch keys'
wait_for 'Down/j/J +down +select the task \(or row\) below'
wait_for 'a/y +approve +approve the selected task'
wait_for '^ +- +table +board lanes / table view'
keys Escape
wait_for 'review \(1\)'
keys t                                              # unbound: the board stays
keys y                                              # remapped: asks to approve review-1
# Keys are handled in order: once y's prompt shows, t has been handled too.
wait_for 'approve liza:review-1 as op-7\? \[y/N\]'
screen | grep -Eq 'system +id +status' && fail "t still toggles the table view"
keys n
wait_gone '\[y/N\]'
keys q
wait_exit 0
new_server

# The theme from the project's file is a name it cannot find: a warning with
# its file:line, and the HUD starts anyway; --theme on the command line wins.
printf 'theme = no-such-theme\n' > "$proj/.liza-watch"
: > "$user"
start_hud 140 40 -C "$proj"
wait_for "\.liza-watch:1: theme 'no-such-theme' not found; using the default"
keys q
wait_exit 0
new_server
start_hud 140 40 --theme mono -C "$proj"
wait_for 'review \(1\)'
screen | grep -q "no-such-theme" && fail "--theme should win over the config's theme"
keys q
wait_exit 0
[ -e "$E2E_TMP/pwned" ] && fail "a template ran a command"
echo ok

#!/usr/bin/env bash
# Two projects in one HUD: cards, workflows and alerts name their project;
# a change in one project reloads only that project (strace: the other's
# state file is not opened again); o narrows to one project and back; a
# CRIT appearing notifies exactly once through the user's program, even in
# a project the view is narrowed away from.
. "$LW_TESTS/tmux-lib.sh"
export LIZA_WATCH_NOW=2026-01-20T10:20:00Z
A=$E2E_TMP/alpha B=$E2E_TMP/beta
mkdir -p "$A" "$B" "$E2E_TMP/rec"
cp -r "$LW_TESTS/fixtures/hud/basic/." "$A/"
cp -r "$LW_TESTS/fixtures/rcs/team-forge/." "$B/"
cat > "$E2E_TMP/record" <<EOS
#!/bin/sh
f=$E2E_TMP/rec/\$\$
env | grep '^LIZA_WATCH_' | sort > "\$f.tmp" && mv "\$f.tmp" "\$f.run"
EOS
chmod +x "$E2E_TMP/record"
mkdir -p "$XDG_CONFIG_HOME/liza-watch"
printf 'notify.program = %s\nnotify.gap = 0\n' "$E2E_TMP/record" > "$XDG_CONFIG_HOME/liza-watch/config"
runs() { ls "$E2E_TMP/rec" | grep -c '\.run$'; }

start_hud 160 45 -C "$A" -C "$B"
wait_for '2 projects +alpha: liza +beta: rcs'
wait_for 'alpha/liza +A plan not ye'
wait_for 'beta/rcs Document the pa'
wait_for '^ beta/rcs +forge'
wait_for 'WARN .*\[alpha\] liza blocked blocked-1'
[ "$(runs)" -eq 0 ] || fail "the alerts present at start notified"

# Only beta reloads when beta changes (strace sees what it opens: Linux
# only; elsewhere the screen's alerts are what is checked).
pid=$(pgrep -f -n -- "-C $A -C $B") || fail "no HUD process"
if command -v strace >/dev/null; then
	strace -f -qq -e trace=openat,open -p "$pid" -o "$E2E_TMP/trace" & spid=$!
	# strace says nothing until attached: the first traced call is our marker.
	end=$(( $(date +%s) + 10 ))
	until grep -q . "$E2E_TMP/trace" 2>/dev/null || [ "$(date +%s)" -gt "$end" ]; do
		keys C-l; sleep 0.05    # a redraw: harmless, and makes the HUD run
	done
else
	echo "hud_projects: no strace on this system: not checking which files a reload opens" >&2
fi
echo '{' > "$B/.rcs/state/session.json"
wait_for 'CRIT .*\[beta\] rcs parse_error'
# alpha did not change: its alerts are kept as its last check left them
screen | grep -q 'WARN .*\[alpha\] liza blocked blocked-1' || fail "alpha's alert went when beta changed"
end=$(( $(date +%s) + 10 ))
until [ "$(runs)" -ge 1 ] || [ "$(date +%s)" -gt "$end" ]; do sleep 0.05; done
if [ -n "${spid:-}" ]; then
	kill "$spid"; wait "$spid" 2>/dev/null
	grep -q "$B/.rcs/state/session.json" "$E2E_TMP/trace" || fail "strace saw no reload of beta: $(head -5 "$E2E_TMP/trace")"
	# A folder opened is the stat-poll watcher's scan (macOS, PORTABLE), not a reload.
	grep "$A/.liza" "$E2E_TMP/trace" | grep -qv O_DIRECTORY &&
		fail "alpha was reloaded on beta's change: $(grep "$A" "$E2E_TMP/trace" | grep -v O_DIRECTORY | head -3)"
fi
[ "$(runs)" -eq 1 ] || fail "$(runs) notifications for one CRIT"
grep -qx 'LIZA_WATCH_PROJECT=beta' "$E2E_TMP"/rec/*.run || fail "the notification's project: $(cat "$E2E_TMP"/rec/*.run)"
grep -qx 'LIZA_WATCH_CODE=parse_error' "$E2E_TMP"/rec/*.run || fail "the notification's code"

# beta mended, and seen mended while both projects show (narrowed, the
# header counts alpha's alerts only: 'CRIT 0' there would not say beta was
# reloaded, and a poller that never saw the good file takes '{' -> '[' for
# the same parse_error, rightly no new CRIT).
cp "$LW_TESTS/fixtures/rcs/team-forge/.rcs/state/session.json" "$B/.rcs/state/session.json"
wait_gone '\[beta\] rcs parse_error'
wait_for 'CRIT 0'
# o narrows: alpha only, then beta only, then all.
keys o
wait_for 'alpha \(1 of 2 projects\)'
wait_gone 'beta/rcs'
wait_gone '\[beta\]'
# A CRIT in beta while only alpha is shown: said, rung, notified once.
echo '[' > "$B/.rcs/state/session.json"
wait_for 'new CRIT in project beta'
end=$(( $(date +%s) + 10 ))
until [ "$(runs)" -ge 2 ] || [ "$(date +%s)" -gt "$end" ]; do sleep 0.05; done
[ "$(runs)" -eq 2 ] || fail "the CRIT in the hidden project notified $(runs) times in all"
keys o
wait_for 'beta \(2 of 2 projects\)'
keys o
wait_for '2 projects +alpha: liza +beta: rcs'
keys q
wait_exit 0
echo ok

#!/usr/bin/env bash
# The top line when it cannot hold every system: ten of them (the bundled
# examples opened twice) on 80 columns (100 held them all once each project
# was named once before its systems, issue 36). A system whose state cannot be read
# is drawn first, the others follow as they fit and the rest are counted
# ("+N"), so the one that matters is never the one cut off; the alert counts
# stay whole on the right.
. "$LW_TESTS/tmux-lib.sh"
export LIZA_WATCH_NOW=2026-01-20T10:20:00Z
A=$E2E_TMP/alpha B=$E2E_TMP/beta
mkdir -p "$A" "$B"
cp -r "$LW_TESTS/../examples/." "$A/"
cp -r "$LW_TESTS/../examples/." "$B/"
rm -rf "$A/liza-go" "$B/liza-go"
start_hud 80 40 -C "$A" -C "$B"
wait_for '^ .*alpha/liza +alpha/rcs .*\+[0-9]+ +(Q[0-9]+ )?C'
# beta's RCS state breaks: its name leads the line, marked, before alpha's.
echo '{' > "$B/.rcs/state/session.json"
wait_for '^ +beta/rcs (stale|error) +alpha/liza .*\+[0-9]+ +(Q[0-9]+ )?C1 '
# Mended: the order of the registry again.
cp "$LW_TESTS/../examples/.rcs/state/session.json" "$B/.rcs/state/session.json"
wait_for '^ .*alpha/liza +alpha/rcs .*\+[0-9]+ +(Q[0-9]+ )?C0 '
keys q
wait_exit 0

# Wide enough for all of them: each project named once, before its systems.
new_server
start_hud 100 40 -C "$A" -C "$B"
wait_for '^ .*alpha: liza +rcs +aot +foreman +acp +beta: liza +rcs .* +(WAIT [0-9]+ +)?C(RIT)? ?0 '
keys q
wait_exit 0

#!/usr/bin/env bash
# External writes reach the screen: a rename (yq -i style), an in-place
# rewrite, and a broken write that keeps the last good board with the error.
. "$(dirname "$0")/../tmux-lib.sh"
export LIZA_WATCH_NOW=2026-01-20T10:20:00Z
for mode in inotify poll; do
new_server
rm -rf "$E2E_TMP/proj"
proj=$(make_project "$LW_TESTS/fixtures/hud/basic")
if [ "$mode" = poll ]; then start_hud 140 40 --poll=50 -C "$proj"; else start_hud 140 40 -C "$proj"; fi
wait_for 'review \(1\)'

st=$proj/.liza/state.yaml
# By rename: ready-1 becomes claimed-like UNCLAIMED→ a new id appears.
sed 's/id: ready-1/id: ready-renamed/' "$st" > "$st.tmp.1" && mv "$st.tmp.1" "$st"
wait_for 'ready-renamed'

# In place (truncate and write): review-1 is approved by someone else.
sed 's/status: READY_FOR_REVIEW/status: APPROVED/' "$st" > "$E2E_TMP/new.yaml"
cat "$E2E_TMP/new.yaml" > "$st"
wait_for 'review \(1\)'
wait_gone '!review-1'

# A broken write: the old board stays, marked stale, with the error.
good=$(cat "$st")
printf 'tasks: [unclosed\n' > "$st"
wait_for 'liza stale'
wait_for 'parse_error'
screen | grep -q 'ready-renamed' || fail "last good board not kept"

# Repaired: stale goes away.
printf '%s\n' "$good" > "$st"
wait_gone 'liza stale'
keys q
wait_exit 0
done

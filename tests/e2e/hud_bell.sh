#!/usr/bin/env bash
# A new CRIT rings the terminal bell once; the same CRIT after more reloads
# does not ring again; a second, different CRIT rings once more. The bell
# follows the notify settings: notify.bell = 0 or notify.level = off keeps
# it silent.
. "$(dirname "$0")/../tmux-lib.sh"
export LIZA_WATCH_NOW=2026-01-20T10:20:00Z
proj=$(make_project "$LW_TESTS/fixtures/hud/basic")
bells=$E2E_TMP/bells
# The HUD on proj, each bell it rings a line of $bells.
start_listened() {
	: > "$bells"
	start_hud 120 30 -C "$proj"
	"${TMUX_CMD[@]}" set-option -g bell-action any >/dev/null
	"${TMUX_CMD[@]}" set-option -g monitor-bell on >/dev/null
	"${TMUX_CMD[@]}" set-hook -g alert-bell "run-shell 'echo bell >> $bells'" >/dev/null
	wait_for 'review \(1\)'
}
start_listened
count() { wc -l < "$bells"; }
wait_count() {
	local want=$1 end=$(( $(date +%s) + 10 ))
	while [ "$(date +%s)" -le "$end" ]; do [ "$(count)" -ge "$want" ] && return 0; sleep 0.05; done
	fail "expected $want bell(s), heard $(count)"
}
touch "$proj/.liza/ABORT"           # abort_requested: CRIT
wait_for 'CRIT liza abort_requested|abort_requested'
wait_count 1
st=$proj/.liza/state.yaml
sed -i 's/Shipped/Shipped again/' "$st"   # a reload with the same CRIT
wait_for 'Shipped again'
# A second reload: the first one's draw (and any bell it rang) is done once
# this one shows, so no sleep decides whether a wrong bell had its chance.
sed -i 's/Shipped again/Shipped thrice/' "$st"
wait_for 'Shipped thrice'
[ "$(count)" -eq 1 ] || fail "the same CRIT rang again ($(count) bells)"
sed -i 's/status: OK/status: TRIGGERED/' "$st"    # circuit_breaker: a new CRIT
wait_for 'circuit_breaker'
wait_count 2
keys q
wait_exit 0

# with_config TEXT: the user's config, a fresh project and HUD (a bell
# counter of its own).
with_config() {
	mkdir -p "$XDG_CONFIG_HOME/liza-watch"
	printf '%s\n' "$1" > "$XDG_CONFIG_HOME/liza-watch/config"
	new_server
	rm -rf "$E2E_TMP/proj"
	proj=$(make_project "$LW_TESTS/fixtures/hud/basic")
	st=$proj/.liza/state.yaml
	start_listened
}
# silent WHAT: a new CRIT, then two reloads drawn (any bell the CRIT's draw
# rang is heard by then): not one bell.
silent() {
	touch "$proj/.liza/ABORT"
	wait_for 'CRIT liza abort_requested|abort_requested'
	sed -i 's/Shipped/Shipped again/' "$st"
	wait_for 'Shipped again'
	sed -i 's/Shipped again/Shipped thrice/' "$st"
	wait_for 'Shipped thrice'
	[ "$(count)" -eq 0 ] || fail "$1: the bell rang ($(count)) for a new CRIT"
	keys q
	wait_exit 0
}
with_config 'notify.bell = 0'
silent 'notify.bell = 0'
with_config 'notify.level = off'
silent 'notify.level = off'
# notify.level = warn with the bell on: a new CRIT still rings.
with_config 'notify.level = warn'
touch "$proj/.liza/ABORT"
wait_for 'CRIT liza abort_requested|abort_requested'
wait_count 1
keys q
wait_exit 0

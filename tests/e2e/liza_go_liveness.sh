#!/usr/bin/env bash
# liza_go_liveness.sh — today's Liza publishes heartbeats beside the state
# (.liza/state.yaml.liveness-<hex>, written without the lock and without
# touching state.yaml). A watcher that saw only state.yaml would go on
# reporting a lease the agent has renewed: check --follow must clear
# lease_expired when the liveness record renews it, and raise it again when
# the record goes.
set -u
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d /tmp/lw-liveness.XXXXXX) && tmp=$(cd "$tmp" && pwd -P)
pids=()
trap 'kill "${pids[@]}" 2>/dev/null; rm -rf "$tmp"' EXIT
export LIZA_WATCH_NOW=2026-11-25T10:00:00Z
src=$LW_TESTS/conformance/liza-go/anomaly-lease-liveness-overlay/project
cp -r "$src" "$tmp/proj"
rec=$(cd "$tmp/proj/.liza" && ls state.yaml.liveness-*)
mv "$tmp/proj/.liza/$rec" "$tmp/record.json"

wait_file() {
	local end=$(( $(date +%s) + 30 ))
	while [ "$(date +%s)" -le "$end" ]; do grep -Eq -- "$2" "$1" && return 0; sleep 0.05; done
	echo "--- $1 ---" >&2; cat "$1" >&2; fail "no /$2/ in $1"
}

"$LW_BIN" -C "$tmp/proj" check --follow >"$tmp/out" 2>&1 & pids+=($!)
wait_file "$tmp/out" ' WARN liza lease_expired '
# Published as Go does it: a temp beside it, renamed into place.
cp "$tmp/record.json" "$tmp/proj/.liza/.$rec.tmp" && mv "$tmp/proj/.liza/.$rec.tmp" "$tmp/proj/.liza/$rec"
wait_file "$tmp/out" ' CLEAR liza lease_expired '
rm "$tmp/proj/.liza/$rec"
end=$(( $(date +%s) + 30 ))
while [ "$(grep -c ' WARN liza lease_expired ' "$tmp/out")" -lt 2 ]; do
	[ "$(date +%s)" -le "$end" ] || { cat "$tmp/out" >&2; fail "lease_expired not raised again once the record went"; }
	sleep 0.05
done
exit 0

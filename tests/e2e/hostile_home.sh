#!/usr/bin/env bash
# hostile_home.sh — a relative HOME or XDG_* variable never makes a project
# the user's home. The XDG Base Directory spec: a relative path in these
# variables is invalid and ignored; a relative HOME is not used at all. Run
# as people do (`cd proj && liza-watch`), with HOME=. the project's planted
# .config/liza-watch/config would be read as the user's config and its
# .local/state/liza-watch/acks as the user's acknowledgements (hiding a
# CRIT), and check --follow would prune that file (a write in the project).
# Each case asserts: the planted config is not read, the planted ack hides
# nothing, the relative variable is named once, nothing in the project
# changed (listing and checksums).
set -u
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d /tmp/lw-hosthome.XXXXXX) && tmp=$(cd "$tmp" && pwd -P)
pids=()
trap 'kill "${pids[@]}" 2>/dev/null; rm -rf "$tmp"' EXIT
export LIZA_WATCH_NOW=2026-01-20T10:20:00Z LIZA_WATCH_CACHE=0
unset XDG_CONFIG_HOME XDG_STATE_HOME XDG_CACHE_HOME XDG_DATA_HOME

snap() { (cd "$1" && find . -printf '%y %m %p -> %l\n' | sort && find . -type f -exec sha256sum {} + | sort); }

# plant NAME REL: a project with a CRIT (ready-1 claimed without its
# fields) whose REL/ holds a config and an acks file as a home would.
plant() {
	p=$tmp/$1
	cp -r "$LW_TESTS/fixtures/hud/basic" "$p"
	sed -i.bak 's/status: UNCLAIMED/status: CLAIMED/' "$p/.liza/state.yaml" && rm -f "$p/.liza/state.yaml.bak"
	local cfg=$p/$2 st=$p/$3
	mkdir -p "$cfg/liza-watch" "$st/liza-watch"
	printf 'planted-setting = 1\n' > "$cfg/liza-watch/config"
	printf '%s\tliza\tinvalid_state\tready-1#claimed_fields\t1768904400\tplanted\n%s\tliza\tgone\tx\t1\tstale\n' \
		"$p" "$p" > "$st/liza-watch/acks"
}

# expect NAME VAR ENV...: run in the project with ENV; check what was read.
expect() {
	local name=$1 var=$2; shift 2
	local before o rc line
	before=$(snap "$p")
	o=$(cd "$p" && env "$@" "$LW_BIN" check --json 2>&1); rc=$?
	[ "$rc" -eq 2 ] || { printf '%s\n' "$o"; fail "$name: check exits $rc, not 2 (the CRIT)"; }
	printf '%s\n' "$o" | grep -q 'planted-setting' && { printf '%s\n' "$o"; fail "$name: the project's config was read as the user's"; }
	printf '%s\n' "$o" | grep -q '"acked": true' && { printf '%s\n' "$o"; fail "$name: the project's acks file hid the CRIT"; }
	local re="$var \\(\"[^\"]*\"\\).* (is|are) relative: ignored"
	[ "$(printf '%s\n' "$o" | grep -cE "$re")" -eq 1 ] || { printf '%s\n' "$o"; fail "$name: $var not named once as relative"; }
	line=$(cd "$p" && env "$@" "$LW_BIN" status --tmux 2>/dev/null)
	printf '%s\n' "$line" | grep -q '1 CRIT' || fail "$name: status --tmux hides the CRIT: $line"
	printf '%s\n' "$line" | grep -q '[0-9] ack' && fail "$name: status --tmux counts a planted ack: $line"
	# check --follow prunes acknowledgements whose alert cleared: the
	# planted stale one must not be pruned in the project. Its first line
	# comes after the prune.
	(cd "$p" && exec env "$@" "$LW_BIN" --poll check --follow > "$tmp/follow.out" 2>&1) & pids+=($!)
	local end=$(( $(date +%s) + 30 ))
	until grep -q 'invalid_state' "$tmp/follow.out"; do
		[ "$(date +%s)" -le "$end" ] || { cat "$tmp/follow.out"; fail "$name: check --follow said nothing"; }
		sleep 0.05
	done
	kill "${pids[-1]}"; wait "${pids[-1]}" 2>/dev/null
	[ "$(snap "$p")" = "$before" ] || { diff <(echo "$before") <(snap "$p"); fail "$name: the project changed"; }
}

plant dot .config .local/state
expect 'HOME=.' HOME HOME=.
plant rel rel/.config rel/.local/state
expect 'HOME=rel' HOME HOME=rel
plant relx relc relst
mkdir -p "$tmp/home"
expect 'XDG_STATE_HOME=relst' XDG_STATE_HOME HOME="$tmp/home" XDG_STATE_HOME=relst
plant relc relc relst
expect 'XDG_CONFIG_HOME=relc' XDG_CONFIG_HOME HOME="$tmp/home" XDG_CONFIG_HOME=relc
# An absolute XDG_STATE_HOME is still the user's: the ack there counts.
plant abs .config .local/state
o=$(cd "$p" && env HOME=. XDG_STATE_HOME="$p/.local/state" XDG_CONFIG_HOME="$tmp/home" "$LW_BIN" check --json 2>&1)
printf '%s\n' "$o" | grep -q '"acked": true' || { printf '%s\n' "$o"; fail "an absolute XDG_STATE_HOME is not read"; }
echo "ok"

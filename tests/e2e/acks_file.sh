#!/usr/bin/env bash
# acks_file.sh — the acknowledgements file (core/model/acks.h) is opened
# without following a symbolic link, and one that cannot be read is said.
# A symlinked acks file is neither read nor written through (its target
# unchanged, the link still a link, even when check --follow would prune a
# stale acknowledgement); a file over the limit (4 MiB) is reported, not
# skipped without a word (a matching acknowledgement would be lost unsaid).
set -u
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d /tmp/lw-acksfile.XXXXXX) && tmp=$(cd "$tmp" && pwd -P)
pids=()
trap 'kill "${pids[@]}" 2>/dev/null; rm -rf "$tmp"' EXIT
export LIZA_WATCH_NOW=2026-01-20T10:20:00Z LIZA_WATCH_CACHE=0
export XDG_STATE_HOME=$tmp/state
p=$tmp/proj
cp -r "$LW_TESTS/fixtures/hud/basic" "$p"
sed -i.bak 's/status: UNCLAIMED/status: CLAIMED/' "$p/.liza/state.yaml" && rm -f "$p/.liza/state.yaml.bak"
mkdir -p "$XDG_STATE_HOME/liza-watch" "$tmp/elsewhere"
acks=$XDG_STATE_HOME/liza-watch/acks
ack_line() { printf '%s\tliza\tinvalid_state\tready-1#claimed_fields\t1768904400\tseen\n' "$p"; }

# Plain: the acknowledgement counts (what the cases below must not lose unsaid).
{ ack_line; printf '%s\tliza\tgone\tx\t1\tstale\n' "$p"; } > "$tmp/elsewhere/acks"
cp "$tmp/elsewhere/acks" "$acks"
o=$("$LW_BIN" -C "$p" check --json 2>&1)
printf '%s\n' "$o" | grep -q '"acked": true' || { printf '%s\n' "$o"; fail "a plain acks file is not read"; }

# A symbolic link: not followed, said, and not written through by a prune.
rm "$acks"; ln -s "$tmp/elsewhere/acks" "$acks"
before=$(sha256sum < "$tmp/elsewhere/acks")
o=$("$LW_BIN" -C "$p" check --json 2>&1); rc=$?
[ "$rc" -eq 2 ] || { printf '%s\n' "$o"; fail "symlink: check exits $rc, not 2"; }
printf '%s\n' "$o" | grep -q '"acked": true' && { printf '%s\n' "$o"; fail "symlink: followed to its target"; }
[ "$(printf '%s\n' "$o" | grep -c "acks: a symbolic link: not followed")" -eq 1 ] || { printf '%s\n' "$o"; fail "symlink: not said once"; }
"$LW_BIN" -C "$p" --poll check --follow > "$tmp/follow.out" 2>&1 & pids+=($!)
end=$(( $(date +%s) + 30 ))
until grep -q 'invalid_state' "$tmp/follow.out"; do
	[ "$(date +%s)" -le "$end" ] || { cat "$tmp/follow.out"; fail "check --follow said nothing"; }
	sleep 0.05
done
kill "${pids[-1]}"; wait "${pids[-1]}" 2>/dev/null
[ -L "$acks" ] || fail "symlink: the link was replaced"
[ "$(sha256sum < "$tmp/elsewhere/acks")" = "$before" ] || fail "symlink: written through to its target"

# Over the limit: said, with the limit, and the exit code is the alerts'.
rm "$acks"
{ ack_line; head -c 4300000 /dev/zero | tr '\0' '#' | fold -w 100; } > "$acks"
o=$("$LW_BIN" -C "$p" check --json 2>&1); rc=$?
[ "$rc" -eq 2 ] || { printf '%s\n' "$o"; fail "oversize: check exits $rc, not 2"; }
printf '%s\n' "$o" | grep -q "acks: file is [0-9]* bytes, over the limit of 4194304; acknowledgements not read" ||
	{ printf '%s\n' "$o" | head -c 2000; fail "oversize: not said"; }
line=$("$LW_BIN" -C "$p" status --tmux 2>&1)
printf '%s\n' "$line" | grep -q 'over the limit' || fail "oversize: status does not say it: $line"
echo ok

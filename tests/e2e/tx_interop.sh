#!/usr/bin/env bash
# No lost update: 8 writers loop `flock -x .liza/state.yaml.lock` read-modify-
# write (each bumps its own counter, replacing the file by rename, as yq -i
# does) while approvals and rejections run from the CLI. At the end every
# counter equals its loop count and every verdict is in the file.
set -u
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d /tmp/lw-interop.XXXXXX) && tmp=$(cd "$tmp" && pwd -P); trap 'rm -rf "$tmp"' EXIT
export LIZA_WATCH_NOW=2026-01-20T10:20:00Z
W=8 LOOPS=40 T=16
mkdir -p "$tmp/.liza"
st=$tmp/.liza/state.yaml
{
	echo "version: 1"
	for w in $(seq 0 $((W - 1))); do echo "counter_$w: 0"; done
	echo "tasks:"
	for t in $(seq 1 $T); do
		printf '  - id: t%d\n    status: READY_FOR_REVIEW\n    review_commit: c%d\n    history: []\n' "$t" "$t"
	done
	echo "agents: {}"
} > "$st"

writer() {
	local w=$1 i
	for i in $(seq 1 $LOOPS); do
		flock -x -w 30 "$st.lock" sh -c '
			f=$1; w=$2
			v=$(sed -n "s/^counter_$w: //p" "$f")
			sed "s/^counter_$w: .*/counter_$w: $((v + 1))/" "$f" > "$f.tmp.$w" && mv "$f.tmp.$w" "$f"
		' _ "$st" "$w" || exit 1
	done
}
pids=()
for w in $(seq 0 $((W - 1))); do writer "$w" & pids+=($!); done
rc_file=$tmp/verdicts
for t in $(seq 1 $T); do
	if [ $((t % 2)) -eq 0 ]; then
		"$LW_BIN" -C "$tmp" --as code-reviewer-1 approve "t$t" >/dev/null 2>>"$rc_file.err" || echo "t$t $?" >> "$rc_file"
	else
		"$LW_BIN" -C "$tmp" --as code-reviewer-1 reject "t$t" --reason "r$t" >/dev/null 2>>"$rc_file.err" || echo "t$t $?" >> "$rc_file"
	fi
done
for p in "${pids[@]}"; do wait "$p" || fail "a writer failed"; done
[ ! -s "$rc_file" ] || { cat "$rc_file" "$rc_file.err"; fail "some verdicts failed"; }
for w in $(seq 0 $((W - 1))); do
	v=$(sed -n "s/^counter_$w: //p" "$st")
	[ "$v" = "$LOOPS" ] || fail "counter_$w is $v, not $LOOPS: a lost update"
done
approved=$(grep -c 'status: APPROVED' "$st"); rejected=$(grep -c 'status: REJECTED' "$st")
[ "$approved" -eq $((T / 2)) ] && [ "$rejected" -eq $((T / 2)) ] || fail "verdicts: $approved approved, $rejected rejected"
for t in $(seq 1 2 $T); do grep -q "rejection_reason: r$t\$" "$st" || fail "reason of t$t missing"; done
"$LW_BIN" -C "$tmp" check >/dev/null 2>&1; [ $? -ne 3 ] || fail "the file no longer parses"
ls "$tmp/.liza" | grep -v -x -e state.yaml -e state.yaml.lock && fail "temp files left"
echo ok

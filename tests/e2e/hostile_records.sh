#!/usr/bin/env bash
# hostile_records.sh — commit records and hard links planted in a project
# (docs/transactions.md, "Journal" and "The boundary"). A record recovery
# would complete is a file anyone who can write into the project can
# plant: only a record proving it was written by this user's liza-watch
# for this project (version 4, HMAC) is applied. Every other one — an
# append, a replace, a lock, an absolute path, "..", a forged or another
# project's or altered proof, a hundred at once, under .liza/ and
# .rcs/state/ — changes nothing inside the project or outside it, is
# reported (once, by path) and left in place, and costs a bounded time (16
# records naming a held lock used to stall every command 160 s). A file
# with a second name (a hard link) is never written through in place: an
# append to a linked log, a linked lock, today's Liza's note are refused,
# exit 3, nothing changed.
set -u
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d /tmp/lw-hrec.XXXXXX) && tmp=$(cd "$tmp" && pwd -P); hold=
trap '[ -n "$hold" ] && kill "$hold" 2>/dev/null; rm -rf "$tmp"' EXIT
# Every file and link, with a checksum: what "nothing changed" means.
snap() { (cd "$1" && find . -printf '%y %m %n %p -> %l\n' | LC_ALL=C sort && find . -type f -exec sha256sum {} + | LC_ALL=C sort); }
hexof() { printf '%s' "$1" | od -An -tx1 | tr -d ' \n'; }
true & dead=$!; wait "$dead"   # a pid that is surely gone

# The user's key exists (their liza-watch wrote records before): a commit.
mkdir "$tmp/scratch"; cp -r "$LW_TESTS/../examples/." "$tmp/scratch/"
"$LW_BIN" -C "$tmp/scratch" approve user-api >/dev/null 2>&1 || fail "setup: approve failed"
[ -s "$XDG_STATE_HOME/liza-watch/key" ] || fail "setup: no commit key was made"

p=$tmp/p out=$tmp/outside
mkdir "$p" "$out" "$tmp/q"
cp -r "$LW_TESTS/../examples/." "$p/"
printf 'export PS1=safe\n' >"$out/victim"
ln "$out/victim" "$p/.liza/notes.txt"
ln "$out/victim" "$p/.rcs/state/notes.txt"
head -c 32 /dev/urandom >"$tmp/otherkey"
evil=$(hexof $'\ntouch /tmp/PWNED\n')
st=$p/.liza/state.yaml
size=$(stat -c %s "$st")
hash=$(python3 -c 'import sys
d=open(sys.argv[1],"rb").read(); h=1469598103934665603; M=(1<<64)-1; n=len(d)-len(d)%8
for i in range(0,n,8):
    h^=int.from_bytes(d[i:i+8],"little"); h=(h*1099511628211)&M
for b in d[n:]:
    h^=b; h=(h*1099511628211)&M
print(h)' "$st")
# The temp a planted replace names carries a live pid (this script's): a
# dead one's is swept as a crash leftover (docs/transactions.md).
echo "status: HACKED" >"$p/.liza/.state.yaml.$$.lw-Zz0001"
rec() { printf '%s' "$2" >"$p/$1/.liza-watch-tx.$dead.lw-$3"; }
for d in .liza .rcs/state; do
	rec $d "liza-watch-tx 3"$'\n'"append"$'\t'"$d/notes.txt"$'\t'"16"$'\t'"$evil"$'\n'"end"$'\n' App001
	rec $d "liza-watch-tx 3"$'\n'"append"$'\t'"$out/victim"$'\t'"16"$'\t'"$evil"$'\n'"end"$'\n' Abs001
	rec $d "liza-watch-tx 3"$'\n'"append"$'\t'"../outside/victim"$'\t'"16"$'\t'"$evil"$'\n'"end"$'\n' Dot001
	rec $d "liza-watch-tx 2"$'\n'"append"$'\t'"notes.txt"$'\t'"16"$'\t'"$evil"$'\n'"end"$'\n' Two001
	rec $d "liza-watch-tx 3"$'\n'"replace"$'\t'".liza/.state.yaml.$$.lw-Zz0001"$'\t'".liza/state.yaml"$'\t'"0"$'\t'"$size"$'\t'"$hash"$'\n'"end"$'\n' Rep001
	# Version 4 with a proof that does not hold: another key, another
	# project, a flipped byte — each naming an append that would land.
	body="append"$'\t'".liza/log.yaml"$'\t'"0"$'\t'"$evil"$'\n'
	printf '%s' "$body" | python3 "$LW_TESTS/tx-record.py" "$p" "$p/$d/.liza-watch-tx.$dead.lw-Key001" --key "$tmp/otherkey"
	printf '%s' "$body" | python3 "$LW_TESTS/tx-record.py" "$p" "$p/$d/.liza-watch-tx.$dead.lw-Prj001" --id "$tmp/q"
	printf '%s' "$body" | python3 "$LW_TESTS/tx-record.py" "$p" "$p/$d/.liza-watch-tx.$dead.lw-Flp001" --flip 30
done
# Sixteen lock records naming the Liza lock, held by a script.
for i in $(seq 10 25); do rec .liza "liza-watch-tx 3"$'\n'"lock"$'\t'".liza/state.yaml.lock"$'\n'"end"$'\n' "Lck0$i"; done
# A hundred at once.
for i in $(seq 100 199); do rec .rcs/state "liza-watch-tx 3"$'\n'"append"$'\t'".rcs/state/notes.txt"$'\t'"16"$'\t'"$evil"$'\n'"end"$'\n' "Fld$i"; done
: >"$p/.liza/state.yaml.lock"
# shellcheck disable=SC2093
(exec 9<"$p/.liza/state.yaml.lock"; flock -x 9; exec sleep 600) & hold=$!   # killing it drops the lock
until ! flock -n "$p/.liza/state.yaml.lock" true; do sleep 0.05; done
nrec=$(ls -a "$p/.liza" "$p/.rcs/state" | grep -c '^\.liza-watch-tx\.')
in_before=$(snap "$p"); out_before=$(snap "$out")

for cmd in "check" "status" "status --tmux" "events" "metrics"; do
	t0=$(date +%s%N)
	# shellcheck disable=SC2086
	timeout 120 "$LW_BIN" -C "$p" $cmd >/dev/null 2>"$tmp/err"; rc=$?
	ms=$((($(date +%s%N) - t0) / 1000000))
	echo "hostile_records: $cmd with $nrec planted records: ${ms} ms"
	[ "$rc" -ne 124 ] || fail "$cmd: hung on the planted records"
	[ "$ms" -lt 8000 ] || fail "$cmd: $ms ms with planted records (a lock record must not be waited on)"
	[ "$(snap "$p")" = "$in_before" ] || { diff <(echo "$in_before") <(snap "$p") | head; fail "$cmd: the project changed"; }
	[ "$(snap "$out")" = "$out_before" ] || fail "$cmd: the outside folder changed: $(cat "$out/victim")"
	if [ "$cmd" = "status --tmux" ]; then
		[ ! -s "$tmp/err" ] || fail "status --tmux wrote to stderr (tmux runs it every few seconds): $(head -3 "$tmp/err")"
		continue
	fi
	# Reported, each once, by path and reason.
	for r in .liza/App001 .liza/Abs001 .liza/Dot001 .liza/Two001 .liza/Rep001 .liza/Lck010 \
		.rcs/state/App001 .rcs/state/Dot001 .rcs/state/Rep001 .rcs/state/Fld150; do
		n=$(grep -c "$p/${r%/*}/\.liza-watch-tx\.$dead\.lw-${r##*/}: commit record not applied" "$tmp/err")
		[ "$n" -eq 1 ] || fail "$cmd: $r reported $n times: $(head -3 "$tmp/err")"
	done
	grep -q "\.liza/\.liza-watch-tx\.$dead\.lw-Key001: commit record not applied: its proof does not match" "$tmp/err" ||
		fail "$cmd: a forged proof not reported: $(grep Key001 "$tmp/err")"
	grep -q "lw-Prj001: commit record not applied: its proof does not match" "$tmp/err" || fail "$cmd: another project's record not reported"
	grep -q "lw-Flp001: commit record not applied: its proof does not match" "$tmp/err" || fail "$cmd: an altered record not reported"
done
[ "$(ls -a "$p/.liza" "$p/.rcs/state" | grep -c '^\.liza-watch-tx\.')" -eq "$nrec" ] || fail "planted records were removed"
[ ! -e /tmp/PWNED ] || fail "/tmp/PWNED exists"
kill "$hold"; wait "$hold" 2>/dev/null; hold=

# A write's own recovery leaves them too, and still commits.
"$LW_BIN" -C "$p" approve user-api >"$tmp/o" 2>&1 || { cat "$tmp/o"; fail "approve with planted records failed"; }
grep -q 'HACKED' "$st" && fail "the planted replace was applied"
[ "$(snap "$out")" = "$out_before" ] || fail "approve: the outside folder changed"
[ "$(ls -a "$p/.liza" "$p/.rcs/state" | grep -c '^\.liza-watch-tx\.')" -eq "$nrec" ] || fail "approve removed planted records"

# ---- hard links: no write in place through a second name ----------------
# fresh: a project whose FILE is a hard link to a file outside it.
fresh() { rm -rf "$tmp/h"; mkdir -p "$tmp/h/p" "$tmp/h/out"; cp -r "$LW_TESTS/../examples/." "$tmp/h/p/"; hp=$tmp/h/p; ho=$tmp/h/out; }
linked() {   # linked NAME DIR FILE WANT CMD...: DIR/FILE linked out; CMD on DIR exits WANT; nothing changed where it must not
	local name=$1 sub=$2 f=$3 want=$4; shift 4
	fresh
	# The lock file Liza's scripts leave is there already (taking it is not a change).
	[ -d "$hp/$sub/.liza" ] && { [ -e "$hp/$sub/.liza/state.yaml.lock" ] || : >"$hp/$sub/.liza/state.yaml.lock"; }
	[ -e "$hp/$sub/$f" ] || : >"$hp/$sub/$f"
	cp "$hp/$sub/$f" "$ho/linked"; rm "$hp/$sub/$f"; ln "$ho/linked" "$hp/$sub/$f"
	local ib ob o rc
	ib=$(snap "$hp"); ob=$(sha256sum <"$ho/linked")
	o=$(timeout 60 "$LW_BIN" -C "$hp/$sub" "$@" 2>&1); rc=$?
	[ "$(sha256sum <"$ho/linked")" = "$ob" ] || fail "$name: the file outside changed"
	if [ "$want" = refused ]; then
		[ "$rc" -eq 3 ] || { echo "$o"; fail "$name: exit $rc, not 3"; }
		echo "$o" | grep -q "names (a hard link" || { echo "$o"; fail "$name: the message does not say why"; }
		echo "$o" | grep -q "$f" || { echo "$o"; fail "$name: the message does not name $f"; }
		[ "$(snap "$hp")" = "$ib" ] || { diff <(echo "$ib") <(snap "$hp") | head; fail "$name: the project changed"; }
	else
		# Replaced by rename: the project's name gets the new file, the
		# other name keeps its bytes.
		[ "$rc" -eq 0 ] || { echo "$o"; fail "$name: exit $rc"; }
	fi
	echo "hostile_records: $name: $want"
}
linked "liza log" . .liza/log.yaml refused approve user-api
linked "liza lock" . .liza/state.yaml.lock refused approve user-api
linked "liza state" . .liza/state.yaml replaced approve user-api
linked "go liza log (note)" liza-go .liza/log.yaml refused transition liza note --reason hi
linked "go liza lock (note)" liza-go .liza/state.yaml.lock refused transition liza note --reason hi
linked "rcs state" . .rcs/state/session.json replaced transition rcs:team clear
linked "foreman task" . .taskfactory/tasks/demo-1/task.yaml replaced transition foreman:DEMO-1 ready
linked "aot state" . .claude/aot-loop-state.md replaced transition aot:A2 start
linked "acp state" . agent_workspaces/Agent-5/state.json replaced transition acp:Agent-5 task
exit 0

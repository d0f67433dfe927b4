#!/usr/bin/env bash
# The write path against real processes (docs/transactions.md): an approve
# waits in the kernel for a lock another process holds with flock(1) and
# lands as soon as it is released; the log is appended to, not rewritten;
# the next run of any command (check) completes a commit killed after its
# intent record, and removes the temps of dead processes. Waits are on
# conditions with deadlines, never on time.
set -u
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d /tmp/lw-txsafe.XXXXXX) && tmp=$(cd "$tmp" && pwd -P); pids=(); trap 'kill "${pids[@]}" 2>/dev/null; rm -rf "$tmp"' EXIT
export LIZA_WATCH_NOW=2026-01-20T10:20:00Z
cp -r "$LW_TESTS/fixtures/hud/basic" "$tmp/p"
liza=$tmp/p/.liza
st=$liza/state.yaml
lw() { "$LW_BIN" -C "$tmp/p" "$@"; }
# until CMD: retry CMD until it succeeds, for at most 30 s.
until_ok() { local end=$((SECONDS + 30)); until "$@"; do [ $SECONDS -lt $end ] || return 1; done; }
# a process blocked on our lock file: a "->" line of /proc/locks for its inode
waiter_on_lock() { grep -q -- "-> FLOCK .*:$(stat -c %i "$st.lock") " /proc/locks; }

# ---- 1. the lock held by flock(1): approve blocks, then lands on release --
mkfifo "$tmp/go"
( exec 9>"$st.lock"; flock -x 9; read -r _ <"$tmp/go" ) & pids+=($!)
until_ok bash -c "! flock -n '$st.lock' true" || fail "the holder never took the lock"
log_before=$(cat "$liza/log.yaml")
LIZA_WATCH_LOCK_TIMEOUT_MS=60000 "$LW_BIN" -C "$tmp/p" --as code-reviewer-2 approve review-1 --force >"$tmp/out" 2>&1 &
ap=$!; pids+=($ap)
# Only Linux lists who waits for a lock; elsewhere the checks below still
# hold (nothing lands while the lock is held), whether or not it waits yet.
if [ -r /proc/locks ]; then
	until_ok waiter_on_lock || fail "approve is not waiting on the lock in the kernel"
else
	echo "tx_safety: no /proc/locks on this system: not checking that approve waits in the kernel" >&2
fi
grep -q 'status: READY_FOR_REVIEW' "$st" || fail "approved while the lock was held"
echo go >"$tmp/go"
wait "$ap"; rc=$?
[ "$rc" -eq 0 ] || { cat "$tmp/out"; fail "approve after the release exited $rc"; }
grep -q 'approved_by: code-reviewer-2' "$st" || fail "the approve did not land"
# The log grew at its end only: the old bytes are its prefix.
log_after=$(cat "$liza/log.yaml")
[ "${log_after#"$log_before"}" != "$log_after" ] || fail "log.yaml was rewritten, not appended to"
grep -q 'action: approved' "$liza/log.yaml" || fail "no log entry"

# ---- 2. a commit killed after its intent record: completed by `check` ----
true & dead=$!; wait "$dead"   # a pid that is surely gone
cp "$st" "$tmp/base"
sed 's/^goal:/# edited by a transaction\ngoal:/' "$st" >"$liza/.state.yaml.$dead.lw-AbC123"
grep -q '# edited by a transaction' "$liza/.state.yaml.$dead.lw-AbC123" || fail "fixture: no goal line"
size=$(stat -c %s "$st")
# the record's hash: FNV-1a 64 over the base bytes' 8-byte words, then the tail
hash=$(python3 -c 'import sys
d=open(sys.argv[1],"rb").read(); h=1469598103934665603; M=(1<<64)-1; n=len(d)-len(d)%8
for i in range(0,n,8):
    h^=int.from_bytes(d[i:i+8],"little"); h=(h*1099511628211)&M
for b in d[n:]:
    h^=b; h=(h*1099511628211)&M
print(h)' "$st")
# The record names its files below the project's root, so it means the
# same files from any working directory: completed here from another one.
# It proves it is ours (version 4: an HMAC keyed by the user's secret, made
# by the approve above), as every record recovery applies must.
[ -s "$XDG_STATE_HOME/liza-watch/key" ] || fail "the approve made no commit key"
printf 'lock\t%s\nreplace\t%s\t%s\t0\t%s\t%s\n' .liza/state.yaml.lock \
	".liza/.state.yaml.$dead.lw-AbC123" .liza/state.yaml "$size" "$hash" |
	python3 "$LW_TESTS/tx-record.py" "$tmp/p" "$liza/.liza-watch-tx.$dead.lw-XyZ789"
(cd / && "$LW_BIN" -C "$tmp/p" check >/dev/null 2>"$tmp/err")
grep -q '# edited by a transaction' "$st" || fail "check did not complete the recorded commit"
[ ! -e "$liza/.liza-watch-tx.$dead.lw-XyZ789" ] || fail "the record is still there"
[ ! -e "$liza/.state.yaml.$dead.lw-AbC123" ] || fail "the temp is still there"
grep -q "not applied" "$tmp/err" && fail "our own record was reported: $(cat "$tmp/err")"

# ---- 2b. a planted record writes nothing, inside or outside its folder, --
# is reported and left in place; a FIFO under a record's name does not
# hold the program (it used to block open()).
echo outside >"$tmp/victim"
printf 'liza-watch-tx 2\nlock\t\nappend\t%s\t7\t41\nappend\t../../victim\t7\t41\nreplace\t%s\t%s\t1\t0\t0\nend\n' \
	"$tmp/victim" ".state.yaml.$dead.lw-Zz0000" "$tmp/victim2" >"$liza/.liza-watch-tx.$dead.lw-Planted"
echo planted >"$liza/.state.yaml.$dead.lw-Zz0000"
printf 'liza-watch-tx 1\nlock\t\nappend\t%s\t7\t42\nend\n' "$tmp/victim" >"$liza/.liza-watch-tx.$dead.lw-OldOne"
mkfifo "$liza/.liza-watch-tx.$dead.lw-Fifo00"
timeout 30 "$LW_BIN" -C "$tmp/p" check >/dev/null 2>"$tmp/err"
[ $? -ne 124 ] || fail "check hung on a FIFO named like a commit record"
[ "$(cat "$tmp/victim")" = outside ] || fail "a planted record wrote outside its folder: $(cat "$tmp/victim")"
[ ! -e "$tmp/victim2" ] || fail "a planted record created a file outside its folder"
[ -e "$liza/.liza-watch-tx.$dead.lw-Planted" ] && [ -e "$liza/.liza-watch-tx.$dead.lw-OldOne" ] ||
	fail "the planted records were removed: they are the user's to look at"
grep -q "lw-Planted: commit record not applied: an older format" "$tmp/err" || fail "the planted record was not reported: $(cat "$tmp/err")"
rm -f "$liza/.liza-watch-tx.$dead.lw-"*

# ---- 3. a dead process's temp of ours is removed by the next write; one
# that only looks like ours (no proof in its name, or a forged one) is a
# file of the project's and stays (docs/transactions.md, "Temps prove
# they are ours").
ours=$(python3 "$LW_TESTS/tx-temp.py" "$liza" state.yaml "$dead") || fail "cannot make a temp of ours"
head -c 32 /dev/urandom >"$tmp/forged.key"
forged=$(python3 "$LW_TESTS/tx-temp.py" "$liza" state.yaml "$dead" --key "$tmp/forged.key")
echo planted >"$liza/.state.yaml.$dead.lw-QqQ111"
lw --as code-reviewer-2 reject review-1 --reason "again" >/dev/null 2>&1 || true
lw transition liza note --reason "sweep" >"$tmp/out" 2>&1 || { cat "$tmp/out"; fail "note failed"; }
[ ! -e "$liza/$ours" ] || fail "a dead process's temp was left"
[ -e "$liza/.state.yaml.$dead.lw-QqQ111" ] || fail "a planted temp without proof was removed"
[ -e "$liza/$forged" ] || fail "a planted temp with a forged proof was removed"
[ -e "$liza/.state.yaml.$dead.lw-Zz0000" ] || fail "the temp a planted record named was removed"
rm -f "$liza/.state.yaml.$dead.lw-QqQ111" "$liza/.state.yaml.$dead.lw-Zz0000" "$liza/$forged"
ls -a "$liza" | grep -q '\.lw-' && fail "temp or record left: $(ls -a "$liza")"

# ---- 3b. the next read (check) sweeps a temp of ours in RCS's session
# folders, where a kill -9 during a clear leaves one (issue 34). --------
cp -r "$LW_TESTS/../examples/.rcs" "$tmp/p/"
sess=$tmp/p/.rcs/state/sessions/s1
ours=$(python3 "$LW_TESTS/tx-temp.py" "$sess" skill-active-state.json "$dead")
echo planted >"$sess/.skill-active-state.json.$dead.lw-QqQ222"
"$LW_BIN" -C "$tmp/p" check >/dev/null 2>&1
[ ! -e "$sess/$ours" ] || fail "check left a dead process's temp in a session folder"
[ -e "$sess/.skill-active-state.json.$dead.lw-QqQ222" ] || fail "check removed a planted temp in a session folder"
exit 0

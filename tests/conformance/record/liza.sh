#!/usr/bin/env bash
# Re-records tests/conformance/liza/*/upstream by running Liza's v0.1 shell
# scripts (github.com/liza-mas/liza at tag v0.1.1) on each case's project/:
#   scripts/liza-validate.sh   validity (VALID, or the first INVALID; WARNINGs)
#   scripts/liza-watch.sh      every check_* function once (the main loop is
#                              left out), at the case's clock
#   scripts/liza-submit-verdict.sh  for approve/reject cases, upstream's own
#                              verdict write on a scratch copy, to compare
# and, for a transition, on the files liza-watch wrote (kept as after/).
#   record/liza.sh UPSTREAM_CHECKOUT LIZA_WATCH_BIN [CASE-FILTER]   (a substring of case names, or =NAME for one case)
# The scripts call mikefarah's yq; liza-shims/yq stands in for it (YAML read
# as YAML 1.2, the expression run by jq), and liza-shims/date pins "now" to
# the case's `now` (LIZA_NOW). Needs bash, python3 with PyYAML, jq, git,
# flock. Not run by make check.
set -u
up=$(cd "$1" && pwd); bin=$(cd "$(dirname "$2")" && pwd)/$(basename "$2"); filter=${3:-}
here=$(cd "$(dirname "$0")" && pwd); . "$here/lib.sh"
tmp=$(mktemp -d /tmp/lw-rec-liza.XXXXXX); trap 'rm -rf "$tmp"' EXIT
# The interpreter itself, not a version manager's shim (the scripts call yq
# hundreds of times; a shim costs a second each).
mkdir -p "$tmp/bin"; ln -s "$(python3 -c 'import sys; print(sys.executable)')" "$tmp/bin/python3"
export PATH="$here/liza-shims:$tmp/bin:$PATH" HOME=$tmp/home LIZA_YQ_CACHE=$tmp/yq
mkdir -p "$LIZA_YQ_CACHE"
mkdir -p "$HOME/.liza/scripts"; ln -s "$up/scripts/liza-validate.sh" "$HOME/.liza/scripts/liza-validate.sh"
CHECKS="check_expired_leases check_blocked_tasks check_review_loops check_integration_failures
check_hypothesis_exhaustion check_reassigned check_approaching_limits check_stalled check_stale_drafts
check_immediate_discoveries check_stale_checkpoint check_stale_pause"
# check_validity is left out: it alerts INVALID STATE with liza-validate.sh's
# output, which validate() records above it.

validate() {   # project dir
  local out rc; out=$(bash "$up/scripts/liza-validate.sh" "$1/.liza/state.yaml" 2>&1); rc=$?
  printf '$ liza-validate.sh  (exit %s)\n%s\n' "$rc" "$out"
}
watch() {      # project dir: every check once, then the orphan check again 31 s later
  local p=$1 out
  out=$(cd "$p" && bash -c '
    source <(sed "/^# --- Main Loop ---/,\$d" "$1/scripts/liza-watch.sh") "$2"
    for c in $3; do ( $c ) 2>&1 || echo "($c exited $?)"; done
    ( check_orphaned_rejected ) 2>&1
    LIZA_NOW=$(date -u -d "$LIZA_NOW + 31 seconds" +%Y-%m-%dT%H:%M:%SZ) check_orphaned_rejected 2>&1
    rm -f /tmp/liza-watch-*-$$' _ "$up" "$p" "$CHECKS" 2>&1 | sed 's/^\[[^]]*\] //')
  printf '$ liza-watch.sh checks at %s (the orphan check again 31 s later)\n%s\n' "$LIZA_NOW" "${out:-(no alert)}"
}
verdict() {    # project dir, task, verdict, reason, agent: upstream's own write, on a git scratch copy
  local d=$tmp/verdict; rm -rf "$d"; cp -a "$1" "$d"
  (cd "$d" && git init -q . && LIZA_AGENT_ID=$5 bash "$up/scripts/liza-submit-verdict.sh" "$2" "$3" "$4") >/dev/null 2>&1
  echo "\$ liza-submit-verdict.sh $2 $3 (upstream's own write, as LIZA_AGENT_ID=$5): the task after it"
  yq ".tasks[] | select(.id == \"$2\") | {status, approved_by, rejection_reason, reviewing_by, review_lease_expires, history: (.history[-1])}" "$d/.liza/state.yaml"
}

for dir in "$here"/../liza/*/; do
  dir=${dir%/}; name=$(basename "$dir")
  [ -n "$filter" ] && [[ $name != *"$filter"* ]] && [[ "=$name" != "$filter" ]] && continue
  export LIZA_NOW=$(sed -n 's/^now \(.*\)/\1/p' "$dir/expect" | head -1); LIZA_NOW=${LIZA_NOW:-2026-01-20T10:20:00Z}
  as=$(sed -n 's/^as \(.*\)/\1/p' "$dir/expect" | head -1)
  p=$tmp/p; rm -rf "$p"; cp -a "$dir/project" "$p"
  # a marker that ages from its mtime (PAUSE): the case's `touch PATH ISO` lines
  while read -r _ f t; do touch -d "$t" "$p/$f"; done < <(grep '^touch ' "$dir/expect")
  {
    validate "$p"
    watch "$p"
    v=$(sed -n 's/^run 0 transition liza:\([^ ]*\) \(approve\|reject\)\( --reason \([^ ]*\)\)\?.*/\1 \2 \4/p' "$dir/expect" | head -1)
    if [ -n "$v" ]; then
      set -- $v; vd=$([ "$2" = approve ] && echo APPROVED || echo REJECTED)
      verdict "$p" "$1" "$vd" "${3:-}" "${as:-code-reviewer-1}"
    fi
    if wants_after "$dir"; then
      record_replay "$dir" "$bin" "$tmp/copy"
      changed=()
      while IFS= read -r -d '' f; do
        rel=${f#"$tmp/copy/"}; cmp -s "$f" "$dir/project/$rel" 2>/dev/null || changed+=("$rel")
      done < <(find "$tmp/copy" -type f ! -name '*.lock' -print0)
      record_after "$dir" "$tmp/copy" "${changed[@]}"
      echo "--- after liza-watch's transition (after/: ${changed[*]}):"
      validate "$tmp/copy"
      id=$(sed -n 's/^run 0 transition liza:\([^ ]*\) .*/\1/p' "$dir/expect" | head -1)
      [ -n "$id" ] && { echo "\$ yq: the task as the scripts read it"
        yq ".tasks[] | select(.id == \"$id\") | {status, approved_by, rejection_reason, blocked_reason, blocked_questions, reviewing_by, review_lease_expires, history: (.history[-1])}" "$tmp/copy/.liza/state.yaml"; }
    fi
  } 2>&1 | sed "s|$tmp/p|PROJECT|g; s|$tmp/copy|PROJECT|g" >"$dir/upstream"
  echo "recorded liza/$name"
done

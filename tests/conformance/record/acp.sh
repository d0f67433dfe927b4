#!/usr/bin/env bash
# Re-records tests/conformance/acp/*/upstream from Agent Cell Phone's own code.
#   acp.sh CHECKOUT [FILTER]
# CHECKOUT is a checkout of Dadudekc/Agent_Cellphone. Each case's `source`
# names its probes, one per line, "probe: stall", "probe: message Agent-1 task",
# ... (acp-probe.py); "probe: none" marks a case of FSM_STRUCTURE.md, the
# document no code implements: its `upstream` is kept as written. The clock
# is the case's `now`. A case with after/ is probed again ("after:") with
# after/ laid over project/: the runner's reader on the file liza-watch wrote.
# Not run by `make check`; needs python3.
set -eu
co=$(cd "$1" && pwd); filter=${2:-}
here=$(cd "$(dirname "$0")/.." && pwd)
probe=$here/record/acp-probe.py
scratch=$(mktemp -d /tmp/lw-rec-acp.XXXXXX)
trap 'rm -rf "$scratch"' EXIT
for dir in "$here"/acp/*/; do
  dir=${dir%/}; name=$(basename "$dir")
  [ -n "$filter" ] && [[ $name != *"$filter"* ]] && continue
  grep -q '^probe: *none' "$dir/source" && { echo "skip $name (no upstream code)"; continue; }
  now=$(sed -n 's/^now *//p' "$dir/expect")
  {
    while read -r -a p; do python3 "$probe" "$co" "$dir/project" "$now" "${p[@]}" </dev/null; done \
      < <(sed -n 's/^probe: *//p' "$dir/source")
    if [ -d "$dir/after" ]; then
      rm -rf "$scratch/p"; mkdir -p "$scratch/p"
      cp -a "$dir/project/." "$scratch/p/"; cp -a "$dir/after/." "$scratch/p/"
      echo "after:"
      python3 "$probe" "$co" "$scratch/p" "$now" stall
    fi
  } >"$dir/upstream.new"
  mv "$dir/upstream.new" "$dir/upstream"
  echo "recorded $name"
done

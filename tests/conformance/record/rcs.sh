#!/usr/bin/env bash
# Re-records tests/conformance/rcs/*/upstream from oh-my-codex's own code.
#   rcs.sh PKG [FILTER]
# PKG is an installed oh-my-codex (npm install oh-my-codex@0.21.6 in a
# scratch folder; PKG=that/node_modules/oh-my-codex). Each case's `source`
# names its probe on a line "probe: state" or "probe: evaluate MODE"
# (rcs-probe.mjs); "probe: none" marks a case of the .rcs contract, which no
# upstream code implements: its `upstream` is kept as written. A case with
# after/ is probed again on project/ with after/ laid over it, and that
# verdict (the package's readers on the file liza-watch wrote) follows an
# "after:" line. Not run by `make check`; needs node.
set -eu
pkg=$(cd "$1" && pwd); filter=${2:-}
here=$(cd "$(dirname "$0")/.." && pwd)
probe=$here/record/rcs-probe.mjs
scratch=$(mktemp -d /tmp/lw-rec-rcs.XXXXXX)
trap 'rm -rf "$scratch"' EXIT
for dir in "$here"/rcs/*/; do
  dir=${dir%/}; name=$(basename "$dir")
  [ -n "$filter" ] && [[ $name != *"$filter"* ]] && continue
  read -r -a p < <(sed -n 's/^probe: *//p' "$dir/source")
  [ "${p[0]:-none}" = none ] && { echo "skip $name (no upstream code)"; continue; }
  {
    node "$probe" "$pkg" "$dir/project" "${p[@]}"
    if [ -d "$dir/after" ]; then
      rm -rf "$scratch/p"; mkdir -p "$scratch/p"
      cp -a "$dir/project/." "$scratch/p/"; cp -a "$dir/after/." "$scratch/p/"
      echo "after:"
      node "$probe" "$pkg" "$scratch/p" state
    fi
  } >"$dir/upstream.new"
  mv "$dir/upstream.new" "$dir/upstream"
  echo "recorded $name"
done

#!/usr/bin/env bash
# Re-records tests/conformance/aot/*/upstream by running the AoT Loop's own
# code on each case's project/ (and, for a transition, on the file liza-watch
# wrote, kept as after/).
#   record/aot.sh UPSTREAM_CHECKOUT LIZA_WATCH_BIN [CASE-FILTER]
# UPSTREAM_CHECKOUT: a work tree of github.com/yodakeisuke/ralph-wiggum-aot
# (recorded at ff515c2). Needs python3 (the scripts import only the standard
# library), bash and jq (the SubagentStop hook). Not run by make check.
set -u
up=$(cd "$1" && pwd); bin=$(cd "$(dirname "$2")" && pwd)/$(basename "$2"); filter=${3:-}
here=$(cd "$(dirname "$0")" && pwd); . "$here/lib.sh"
sc=$up/skills/state-contract/scripts
tmp=$(mktemp -d /tmp/lw-rec-aot.XXXXXX); trap 'rm -rf "$tmp"' EXIT
F=.claude/aot-loop-state.md

py() {   # name, file: run one script, print its output and exit status
  local out rc; out=$(python3 "$sc/$1" --state-file "$2" 2>&1); rc=$?
  printf '$ %s  (exit %s)\n%s\n' "$1" "$rc" "$out"
}
hook() { # the SubagentStop hook on a scratch copy (it rewrites the file)
  local d=$tmp/hook out rc; rm -rf "$d"; mkdir -p "$d"; cp -a "$1/." "$d/"
  out=$(cd "$d" && echo '{}' | bash "$up/hooks/subagent-stop-hook.sh" 2>&1); rc=$?
  printf '$ hooks/subagent-stop-hook.sh  (exit %s)\n%s\n' "$rc" "${out:-(no output: default behaviour)}"
  cmp -s "$1/$F" "$d/$F" || printf 'the hook rewrote control to:\n%s\n' "$(sed -n '/^control:/,/^[a-z]/p' "$d/$F" | sed '$d')"
}

for dir in "$here"/../aot/*/; do
  dir=${dir%/}; name=$(basename "$dir")
  [ -n "$filter" ] && [[ $name != *"$filter"* ]] && [[ "=$name" != "$filter" ]] && continue
  {
    py validate_state.py "$dir/project/$F"
    py check_gate.py "$dir/project/$F"
    hook "$dir/project"
    if wants_after "$dir"; then
      record_replay "$dir" "$bin" "$tmp/copy"
      record_after "$dir" "$tmp/copy" "$F"
      echo "--- after liza-watch's transition (after/$F):"
      py validate_state.py "$dir/after/$F"
      py read_state.py "$dir/after/$F"
      echo "\$ grep corrections (after)"; sed -n '/^corrections:/,/^---$/p' "$dir/after/$F"
    fi
  } >"$dir/upstream"
  echo "recorded aot/$name"
done

#!/usr/bin/env bash
# liza-go-after.sh BIN CASE... — rewrites the after/ files of liza-go cases by
# replaying their `run` lines with BIN (lib.sh), keeping the files each
# after/ already names (state.yaml and log.yaml when it names none). The
# write is then judged against upstream's code by hand, as liza-go-cases.py
# says. Not run by make check.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1"); shift
copy=$(mktemp -d /tmp/lw-after.XXXXXX)
trap 'rm -rf "$copy" "$copy.cfg"' EXIT
for name in "$@"; do
  dir=$here/../liza-go/$name
  files=()
  if [ -d "$dir/after" ]; then
    while IFS= read -r f; do files+=("${f#"$dir/after/"}"); done < <(find "$dir/after" -type f | sort)
  fi
  [ ${#files[@]} -eq 0 ] && files=(.liza/state.yaml .liza/log.yaml)
  record_replay "$dir" "$bin" "$copy/p"
  record_after "$dir" "$copy/p" "${files[@]}"
  echo "after/ of $name: ${files[*]}"
done

# Shared by the recording scripts (sourced): replay a case's `run` lines on a
# scratch copy with the liza-watch binary, the way ../run does, so after/
# holds what liza-watch writes and the upstream code can then judge it.
# Not run by make check.

# record_replay CASE_DIR BIN COPY: copy project/ to COPY and run the case's
# transitions there (same word splitting as ../run: no quoting).
record_replay() {
  local dir=$1 bin=$2 copy=$3 now="" as=() line w
  rm -rf "$copy"; mkdir -p "$copy"; cp -a "$dir/project/." "$copy/"
  while IFS= read -r line || [ -n "$line" ]; do
    line=${line%%#*}; read -r -a w <<<"$line"; [ ${#w[@]} -eq 0 ] && continue
    case ${w[0]} in
      now) now=${w[1]} ;;
      as) as=(--as "${w[1]}") ;;
      run) LIZA_WATCH_NOW=${now:-} XDG_CONFIG_HOME=$copy.cfg LIZA_WATCH_CACHE=0 \
             "$bin" -C "$copy" "${as[@]}" "${w[@]:2}" </dev/null >/dev/null 2>&1 || true ;;
    esac
  done <"$dir/expect"
}

# record_after CASE_DIR COPY FILE...: after/FILE := COPY/FILE for each file.
record_after() {
  local dir=$1 copy=$2; shift 2
  rm -rf "$dir/after"
  for f in "$@"; do mkdir -p "$dir/after/$(dirname "$f")"; cp "$copy/$f" "$dir/after/$f"; done
}

# wants_after CASE_DIR: the case's expect has an `after` directive.
wants_after() { grep -qE '^after\b' "$1/expect"; }

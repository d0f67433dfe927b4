#!/usr/bin/env bash
# Re-records tests/conformance/foreman/*/upstream by running Task Factory's
# own TypeScript (packages/server/src/task-service.ts: parseTaskFile,
# canMoveToPhase, moveTaskToPhase; state-contract.ts: resolveTaskMode) on each
# case's task files, and on the file liza-watch wrote for a transition (kept
# as after/).
#   record/foreman.sh UPSTREAM_CHECKOUT LIZA_WATCH_BIN [CASE-FILTER]
# UPSTREAM_CHECKOUT: a work tree of github.com/patleeman/task-factory
# (recorded at a1a263a). Needs node and npm: tsx and yaml (the package
# task-service.ts imports) are installed with npm into a scratch folder, and
# @task-factory/shared is linked from the checkout. Not run by make check.
set -u
up=$(cd "$1" && pwd); bin=$(cd "$(dirname "$2")" && pwd)/$(basename "$2"); filter=${3:-}
here=$(cd "$(dirname "$0")" && pwd); . "$here/lib.sh"
tmp=$(mktemp -d /tmp/lw-rec-foreman.XXXXXX); trap 'rm -rf "$tmp"' EXIT

# A scratch tree: the checkout's sources, tsx + yaml, and the shared package.
mkdir -p "$tmp/tf"
echo '{"type":"module","private":true}' >"$tmp/tf/package.json"
(cd "$tmp/tf" && npm install --no-audit --no-fund --no-save tsx@4 yaml@2 >/dev/null 2>&1) ||
  { echo "npm install tsx yaml failed" >&2; exit 1; }
cp -r "$up/packages" "$tmp/tf/"
mkdir -p "$tmp/tf/node_modules/@task-factory/shared"   # after npm, which prunes what it did not install
cp -r "$up/packages/shared/src" "$tmp/tf/node_modules/@task-factory/shared/"
echo '{"name":"@task-factory/shared","type":"module","exports":"./src/index.ts"}' \
  >"$tmp/tf/node_modules/@task-factory/shared/package.json"
cp "$here/foreman.mjs" "$tmp/tf/"
tf() { (cd "$tmp/tf" && TZ=UTC node_modules/.bin/tsx foreman.mjs "$tmp/tf" "$@" 2>&1); }

# The phase a case's first `run` moves to (the event is the target phase).
move_of() { sed -n 's/^run [0-9]* transition foreman:[^ ]* \([a-z]*\).*/\1/p' "$1/expect" | head -1; }

for dir in "$here"/../foreman/*/; do
  dir=${dir%/}; name=$(basename "$dir")
  [ -n "$filter" ] && [[ $name != *"$filter"* ]] && [[ "=$name" != "$filter" ]] && continue
  mapfile -t files < <(cd "$dir/project" && find . -name task.yaml | sort)
  mv_to=$(move_of "$dir")
  {
    echo "\$ parseTaskFile / resolveTaskMode / canMoveToPhase${mv_to:+ / moveTaskToPhase $mv_to}"
    tf "${files[@]/#/$dir/project/}" ${mv_to:+--move "$mv_to"}
    if wants_after "$dir"; then
      record_replay "$dir" "$bin" "$tmp/copy"
      record_after "$dir" "$tmp/copy" "${files[@]#./}"
      echo "--- after liza-watch's transition (after/):"
      tf "${files[@]/#/$dir/after/}"
    fi
  } | sed "s|$tmp/tf|UPSTREAM|g; s|$dir/||g" >"$dir/upstream"
  echo "recorded foreman/$name"
done

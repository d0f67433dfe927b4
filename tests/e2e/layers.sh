#!/usr/bin/env bash
# layers.sh — the layers of docs/design.md hold: core/ includes only core/
# (no curses, no inotify, no system, no watcher) and platform/platform.h;
# watch/ includes only core/util/, platform/platform.h and itself (it
# reports what changed and knows no source or system); platform/ includes
# nothing of ours but itself; a system's folder includes core/, its own folder, sim/ (its part of
# the demo) and no other system. Inside core/ the folders run one way:
# util < doc < store < txn < edit < model < commit < review, each
# including only its own folder and those before it (docs/design.md).
# core/ holds the model, not the outputs: the status line (plain, tmux,
# JSON), check's lines and the Prometheus text are cli/'s (cli/report.c,
# cli/metrics.c); core/ only knows which directives a status template may
# hold (core/model/status_format.c, for the config to refuse a bad one).
set -u
: "${LW_TESTS:?LW_TESTS must name the tests folder}"
root=$(cd "$LW_TESTS/.." && pwd)
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
cd "$root" || exit 1

# includes FILE...: "file:line: header" for every #include "…" in them
includes() { grep -Hn '^#include "' "$@" /dev/null | sed 's/#include "\([^"]*\)".*/\1/'; }

while IFS= read -r l; do
	h=${l##*:}
	case $h in core/*|platform/platform.h) ;; *) fail "core includes a header outside core/: $l";; esac
done < <(includes core/*/*.[ch])
grep -Hn '^#include <\(n\?curses\|sys/inotify\)' core/*/*.[ch] /dev/null && fail "core includes curses or inotify"

# The output formats' own escapes (a tmux status line, a Prometheus label)
# are called only above core/: escape.c, the choke point, defines them.
while IFS= read -r l; do
	fail "core writes an output format (cli/ prints them): $l"
done < <(grep -Hn 'esc_tmux\|esc_prom_label' core/*/*.c /dev/null | grep -v '^core/util/escape\.c:')

core_order=(util doc store txn edit model commit review)
rank() { local i; for i in "${!core_order[@]}"; do [ "${core_order[$i]}" = "$1" ] && { echo "$i"; return; }; done; echo -1; }
for d in core/*/; do
	[ "$(rank "$(basename "$d")")" -ge 0 ] || fail "core/$(basename "$d") has no place in the order of layers.sh"
done
while IFS= read -r l; do
	file=${l%%:*} h=${l##*:}
	from=$(basename "$(dirname "$file")") to=${h#core/}; to=${to%%/*}
	[ "$(rank "$to")" -le "$(rank "$from")" ] || fail "core/$from reaches up to core/$to: $l"
done < <(includes core/*/*.[ch])

while IFS= read -r l; do
	h=${l##*:}
	case $h in core/util/*|watch/*|platform/platform.h) ;; *) fail "watch includes more than core/util/: $l";; esac
done < <(includes watch/*.[ch])

for d in systems/*/; do
	sys=$(basename "$d")
	while IFS= read -r l; do
		h=${l##*:}
		case $h in core/*|"systems/$sys/"*|sim/*) ;; *) fail "systems/$sys reaches outside its folder: $l";; esac
	done < <(includes $(find "$d" -name '*.[ch]'))
done
# platform/ is the bottom layer: it includes nothing of ours but itself.
while IFS= read -r l; do
	h=${l##*:}
	case $h in platform/*) ;; *) fail "platform reaches above itself: $l";; esac
done < <(includes platform/*.[ch])

# Inside systems/liza/ the two generations' rooms are held apart by
# tests/e2e/liza_rooms.sh.
[ "$failures" -eq 0 ]

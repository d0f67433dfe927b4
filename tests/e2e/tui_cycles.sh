#!/usr/bin/env bash
# tui_cycles.sh — no circle of includes among the modules of tui/ (issue 37).
# A module is a header tui/X.h with its tui/X.c; it depends on the modules
# whose headers its two files include. Files that implement a header of
# another name (hud_model.c, the view_*.c and pane_*.c) only depend.
# A circle means neither side can be read, built or tested without the
# other: the model's check run called triage, triage the prompt, the
# prompt the views, the views the model (hud_model -> triage -> prompt ->
# views). The one circle left is written down below, to be broken next; a
# new circle, or one more module in it, fails.
set -u
: "${LW_TESTS:?LW_TESTS must name the tests folder}"
root=$(cd "$LW_TESTS/.." && pwd)
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
cd "$root" || exit 1

# The circle known today: the keymap's table runs the actions (act.h) and
# the : line (cmdline.h); the : line runs the keymap's actions by name; an
# action asks through the chooser, which reads the keymap's bindings
# (keymap_action_of). Bindings apart from the table of actions would break it.
known="act chooser cmdline keymap"

# edges DIR: "from to" for every include between two modules of DIR.
edges() {
	local dir=$1 f b h
	for f in "$dir"/*.[ch]; do
		b=$(basename "$f"); b=${b%.[ch]}
		[ -e "$dir/$b.h" ] || continue
		sed -n 's/^#include "tui\/\([a-z0-9_]*\)\.h".*/\1/p' "$f" | while read -r h; do
			[ "$h" != "$b" ] && [ -e "$dir/$h.h" ] && echo "$b $h"
		done
	done | sort -u
}

# circles: each set of modules that reach one another, one line each, its
# names sorted (the transitive closure of a few dozen modules).
circles() {
	awk '
	BEGIN { n = 0 }
	{ if (!($1 in id)) { id[$1] = n; name[n++] = $1 }
	  if (!($2 in id)) { id[$2] = n; name[n++] = $2 }
	  r[id[$1], id[$2]] = 1 }
	END {
		for (k = 0; k < n; k++) for (i = 0; i < n; i++) if (r[i, k]) for (j = 0; j < n; j++) if (r[k, j]) r[i, j] = 1
		for (i = 0; i < n; i++) {
			if (!r[i, i] || done[i]) continue
			line = ""
			for (j = 0; j < n; j++) if (r[i, j] && r[j, i]) { done[j] = 1; line = line " " name[j] }
			print substr(line, 2)
		}
	}' | while read -r l; do tr ' ' '\n' <<<"$l" | sort | tr '\n' ' ' | sed 's/ $//'; echo; done | sort
}

# The check can fail: a circle made on purpose is found, and only it.
fx=$(mktemp -d) || exit 1
trap 'rm -rf "$fx"' EXIT
printf '#include "tui/b.h"\n' >"$fx/a.h"
printf '#include "tui/c.h"\n' >"$fx/b.h"
: >"$fx/c.h"
printf '#include "tui/a.h"\n' >"$fx/c.c"
printf '#include "tui/a.h"\n' >"$fx/d.h"
got=$(edges "$fx" | circles)
[ "$got" = "a b c" ] || fail "a circle a -> b -> c -> a is not found: got '$got'"

[ "$(edges tui | wc -l)" -gt 30 ] || fail "only $(edges tui | wc -l) includes found between tui modules: the scan is broken"
while read -r c; do
	[ -z "$c" ] && continue
	[ "$c" = "$known" ] && continue
	fail "tui/ modules include each other in a circle: $c"
done < <(edges tui | circles)
# The model's side stays below what it calls: triage's after-check asks
# nothing (the prompt, the views, the chooser) and the check run's file
# includes none of them.
for f in tui/triage.c tui/triage.h tui/hud_model.c; do
	grep -Hn '^#include "tui/\(prompt\|chooser\|view\|triage_ack\|keymap\|act\)\.h"' "$f" && fail "$f reaches above the model"
done
# hud.h is the state and the model: the overlays declare their own APIs.
grep -n '^[a-z].*\b\(prompt\|chooser\|triage\|view\|views\)_[a-z_]*(' tui/hud.h &&
	fail "tui/hud.h declares an overlay's or a view's function: it belongs in that one's header"
[ "$failures" -eq 0 ]

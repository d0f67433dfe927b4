#!/usr/bin/env bash
# views_table.sh — the HUD's screens are objects on a stack (tui/view.h):
# every tui/view_*.c defines its view_NAME, every view defined anywhere in
# tui/ has its row in the table (tui/views.c), and the loop, the drawing and
# the keymap name no particular view: they call the stack's ops. There is no
# mode switch left (hud_mode, MODE_*). Adding a view is one file, one row.
set -u
: "${LW_TESTS:?LW_TESTS must name the tests folder}"
root=$(cd "$LW_TESTS/.." && pwd)
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
cd "$root" || exit 1

# The views defined in tui/: "file name" per definition.
defs=$(grep -Ho '^const hud_view_def [a-z_]* = {' tui/*.c | sed 's/:const hud_view_def / /; s/ = {$//')
[ -n "$defs" ] || fail "no hud_view_def found: the scan is broken"
table=$(sed -n '/^const hud_view_def \*const hud_views\[\] = {/,/^};/p' tui/views.c)
[ -n "$table" ] || fail "tui/views.c has no table hud_views[]"
while read -r file name; do
	grep -q "^	&$name,\$" <<<"$table" || fail "$file defines $name, which is not a row of hud_views[] in tui/views.c"
done <<<"$defs"
for f in tui/view_*.c; do
	base=$(basename "$f" .c)
	grep -q "^$f $base\$" <<<"$defs" || fail "$f does not define the view $base (const hud_view_def $base = { ... })"
done
# Every row is a view defined somewhere.
for name in $(grep -o '&[a-z_]*' <<<"$table" | tr -d '&'); do
	grep -q " $name\$" <<<"$defs" || fail "hud_views[] lists $name, defined by no file of tui/"
done

# The loop, the drawing and the keymap call the stack's ops only.
for f in tui/loop.c tui/draw.c tui/keymap.c; do
	hits=$(grep -n '\bview_[a-z_]*\|\bprompt_view\|\bchooser_\(view\|key\)\|->review\b\|h\.review\b\|->mode\b\|\.mode\b' "$f" |
	       grep -v '^[0-9]*: *\(/\*\|\*\)')
	[ -z "$hits" ] || fail "$f names a particular view: $hits"
done
hits=$(grep -rnw 'hud_mode' tui cli tests/unit docs 2>/dev/null; grep -rn '\bMODE_[A-Z]' tui tests/unit docs 2>/dev/null)
[ -z "$hits" ] || fail "the mode switch is back: $hits"
[ "$failures" -eq 0 ]

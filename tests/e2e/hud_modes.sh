#!/usr/bin/env bash
# Locale and colour modes: ASCII only when the locale is not UTF-8; no colour
# with --no-color or NO_COLOR (attributes still mark what matters); themes by
# name and by path; an unknown theme is a clear error.
. "$(dirname "$0")/../tmux-lib.sh"
export LIZA_WATCH_NOW=2026-01-20T10:20:00Z
proj=$(make_project "$LW_TESTS/fixtures/hud/basic")
colour_re=$'\e\\[([0-9;]*;)?(3[0-7]|4[0-7]|38;5;[0-9]+|48;5;[0-9]+)(;[0-9;]*)?m'

HUD_LANG=C start_hud 120 30 -C "$proj"
wait_for 'review \(1\)'
screen | LC_ALL=C grep -q $'[\x80-\xff]' && fail "non-ASCII bytes on a C-locale screen"
screen | grep -q -- '-backlog (1)---' || fail "ASCII rules expected"
screen | grep -q '##-------' || fail "ASCII gauge expected"
screen_escapes | grep -aEq "$colour_re" || fail "colour expected by default"
keys q; wait_exit 0
new_server

# Colour off and the built-in themes need no file: started from a folder
# outside the repository (no themes/ there, nothing installed).
out=$E2E_TMP/elsewhere; mkdir -p "$out"
HUD_DIR=$out start_hud 120 30 --no-color -C "$proj"
wait_for 'review \(1\)'
screen_escapes | grep -aEq "$colour_re" && fail "colour with --no-color"
screen_escapes | grep -aq $'\e\\[[0-9;]*7[;m]' || fail "reverse video should still mark the selection"
keys q; wait_exit 0
new_server

HUD_DIR=$out HUD_NO_COLOR=1 start_hud 120 30 -C "$proj"
wait_for 'review \(1\)'
screen_escapes | grep -aEq "$colour_re" && fail "colour with NO_COLOR"
keys q; wait_exit 0
new_server
for t in default mono; do
	HUD_DIR=$out start_hud 120 30 --theme "$t" -C "$proj"
	wait_for 'review \(1\)'
	keys q; wait_exit 0
	new_server
done
# A theme in the user's config folder is found by name; one in the project
# (or the current folder) is not: a project is data, not configuration.
mkdir -p "$E2E_TMP/xdg/liza-watch/themes" "$proj/themes"
printf 'header = red green bold\n' > "$E2E_TMP/xdg/liza-watch/themes/users.theme"
cp "$E2E_TMP/xdg/liza-watch/themes/users.theme" "$proj/themes/planted.theme"
XDG_CONFIG_HOME=$E2E_TMP/xdg HUD_DIR=$out start_hud 120 30 --theme users -C "$proj"
wait_for 'review \(1\)'
screen_escapes | grep -aq $'\e\\[[0-9;]*42[;m]' || fail "the user's theme (config folder) not applied"
keys q; wait_exit 0
new_server
HUD_DIR=$proj start_hud 120 30 --theme planted
wait_for "theme 'planted' not found"
wait_exit 2
new_server

theme=$E2E_TMP/mine.theme
printf 'header = red green bold\nbogus = blue\n' > "$theme"
start_hud 120 30 --theme "$theme" -C "$proj"
wait_for "mine.theme:2: unknown element 'bogus'"
screen_escapes | grep -aq $'\e\\[[0-9;]*31[;m]' || screen_escapes | grep -aq $'\e\\[[0-9;]*42[;m]' || fail "theme colours not applied"
keys q; wait_exit 0
new_server

# The other themes are files: the sanitizer binary has no themes/ beside it.
for t in solarized-dark high-contrast; do
	LIZA_WATCH_THEMES=$LW_TESTS/../themes start_hud 120 30 --theme "$t" -C "$proj"
	wait_for 'review \(1\)'
	keys q; wait_exit 0
	new_server
done
start_hud 120 30 --theme no-such-theme -C "$proj"
wait_for "theme 'no-such-theme' not found"
wait_exit 2

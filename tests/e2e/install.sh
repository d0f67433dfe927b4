#!/usr/bin/env bash
# make install into a DESTDIR puts the binary, the man pages (sections 1
# and 5, naming the installed data directory), the themes, the example
# project and the bash and zsh completions in place; make uninstall
# removes exactly those and leaves the DESTDIR empty again.
set -u
fail() { echo "FAIL: $*" >&2; exit 1; }
root=$(cd "$LW_TESTS/.." && pwd)
dest=$(mktemp -d /tmp/lw-install.XXXXXX) && dest=$(cd "$dest" && pwd -P); trap 'rm -rf "$dest"' EXIT
make -s -C "$root" install DESTDIR="$dest" PREFIX=/opt/lw >/dev/null || fail "install"
p=$dest/opt/lw
want=(bin/liza-watch
      share/man/man1/liza-watch.1 share/man/man5/liza-watch.conf.5 share/man/man5/liza-watch-themes.5
      share/liza-watch/themes/default.theme share/liza-watch/themes/mono.theme
      share/liza-watch/themes/solarized-dark.theme share/liza-watch/themes/high-contrast.theme
      share/liza-watch/examples/.liza/state.yaml
      share/bash-completion/completions/liza-watch share/zsh/site-functions/_liza-watch)
for f in "${want[@]}"; do
	[ -f "$p/$f" ] || fail "install did not put $f"
done
[ -x "$p/bin/liza-watch" ] || fail "the binary is not executable"
for f in "$p"/share/man/man*/* "$p"/share/*/completions/* "$p"/share/zsh/site-functions/*; do
	[ "$(stat -c %a "$f")" = 644 ] || fail "$f is mode $(stat -c %a "$f"), not 644"
done
"$p/bin/liza-watch" --version >/dev/null || fail "installed binary does not run"

# The installed pages name where the themes went, and still lint clean.
grep -q '/opt/lw/share/liza\\-watch/themes' "$p/share/man/man1/liza-watch.1" || fail "man page names the wrong data dir"
grep -q '/usr/local/share' "$p"/share/man/man*/* && fail "an installed man page still names /usr/local"
for page in "$p"/share/man/man*/*; do
	out=$(groff -ww -man -z "$page" 2>&1); [ -z "$out" ] || fail "installed $page: $out"
done
# The installed bash completion registers itself, and the theme names it
# offers are the installed program's answer (it keeps no list or folder).
out=$(cd "$dest" && bash --norc --noprofile -c '. "$1"; complete -p liza-watch; _lw_prog=$2 _liza_watch_ask themes' _ \
	"$p/share/bash-completion/completions/liza-watch" "$p/bin/liza-watch") || fail "sourcing the installed bash completion"
printf '%s\n' "$out" | grep -qx 'complete -F _liza_watch liza-watch' || fail "bash completion not registered: $out"
printf '%s\n' "$out" | grep -qx 'mono' || fail "the installed completion offers no built-in theme: $out"
grep -q 'share/liza-watch\|themes/\|default mono' "$p"/share/bash-completion/completions/liza-watch "$p"/share/zsh/site-functions/_liza-watch &&
	fail "an installed completion keeps a theme folder or list of its own"

make -s -C "$root" uninstall DESTDIR="$dest" PREFIX=/opt/lw >/dev/null || fail "uninstall"
left=$(find "$dest" -mindepth 1 | head)
[ -z "$left" ] || fail "uninstall left: $left"

# A DESTDIR that already holds something of another package's: uninstall
# takes only its own files and leaves the other's, and its folders.
mkdir -p "$dest/opt/lw/share/man/man1" && : > "$dest/opt/lw/share/man/man1/other.1"
make -s -C "$root" install DESTDIR="$dest" PREFIX=/opt/lw >/dev/null || fail "install beside another"
make -s -C "$root" uninstall DESTDIR="$dest" PREFIX=/opt/lw >/dev/null || fail "uninstall beside another"
left=$(cd "$dest" && find . -mindepth 1 | sort | tr '\n' ' ')
[ "$left" = "./opt ./opt/lw ./opt/lw/share ./opt/lw/share/man ./opt/lw/share/man/man1 ./opt/lw/share/man/man1/other.1 " ] ||
	fail "uninstall beside another left: $left"
echo ok

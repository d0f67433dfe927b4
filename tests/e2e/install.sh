#!/usr/bin/env bash
# make install into a DESTDIR puts the binary, man page, themes and demo
# project in place; make uninstall leaves the DESTDIR empty again.
set -u
fail() { echo "FAIL: $*" >&2; exit 1; }
root=$(cd "$LW_TESTS/.." && pwd)
dest=$(mktemp -d /tmp/lw-install.XXXXXX); trap 'rm -rf "$dest"' EXIT
make -s -C "$root" install DESTDIR="$dest" PREFIX=/opt/lw >/dev/null || fail "install"
for f in bin/liza-watch share/man/man1/liza-watch.1 share/liza-watch/themes/default.theme \
         share/liza-watch/themes/mono.theme share/liza-watch/examples/.liza/state.yaml; do
	[ -e "$dest/opt/lw/$f" ] || fail "install did not put $f"
done
"$dest/opt/lw/bin/liza-watch" --version >/dev/null || fail "installed binary does not run"
make -s -C "$root" uninstall DESTDIR="$dest" PREFIX=/opt/lw >/dev/null || fail "uninstall"
left=$(find "$dest" -mindepth 1 | head)
[ -z "$left" ] || fail "uninstall left: $left"
echo ok

#!/usr/bin/env bash
# platform_line.sh — nothing outside platform/ knows which system it runs
# on (docs/design.md, "Platforms"). In the program's sources (core/,
# systems/, watch/, live/, notify/, tui/, sim/, cli/, liza-watch.c; the
# tests and benchmarks may look at /proc) no code, comments aside, names:
#   - a system: __linux__, __APPLE__, __FreeBSD__, __GLIBC__..., or
#     platform.h's LW_PLATFORM_* (a capability, LW_HAVE_*, may be asked);
#   - a feature macro: _GNU_SOURCE, _DEFAULT_SOURCE, _BSD_SOURCE...;
#   - a system's own call, flag or file: O_PATH, /proc, openat2's
#     RESOLVE_*/open_how/SYS_openat2, leases (F_SETLEASE), renameat2,
#     memfd, prctl, pipe2, getrandom, syscall(), statfs, <linux/...>,
#     <sys/vfs.h>..., and libc extensions POSIX.1-2008 lacks (memmem,
#     strcasestr, timegm, asprintf, qsort_r, execvpe, GLOB_TILDE...);
#   - inotify, except in watch/watch_inotify.c, the watcher's backend (the
#     BSDs build it against libinotify; it lives beside the watcher's
#     internals, which platform/ may not include: layers.sh).
# `make strict-posix` compiles the same files with only POSIX in view; this
# test names the words, so a guarded use (#ifdef __linux__) that the strict
# build never sees is caught too. LW_TESTS may point at a copy of the tree
# (the scan reads $LW_TESTS/..).
set -u
: "${LW_TESTS:?LW_TESTS must name the tests folder}"
root=$(cd "$LW_TESTS/.." && pwd)
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
cd "$root" || exit 1

words='__linux__|__linux|__gnu_linux__|__APPLE__|__MACH__|__FreeBSD__|__OpenBSD__|__NetBSD__|__DragonFly__|__GLIBC__|__sun|_WIN32'
words+='|_GNU_SOURCE|_DEFAULT_SOURCE|_BSD_SOURCE|_DARWIN_C_SOURCE|_NETBSD_SOURCE'
words+='|O_PATH|O_TMPFILE|open_how|F_SETLEASE|F_GETLEASE|F_SETSIG|F_SETOWN|O_ASYNC|SIGIO|F_SETPIPE_SZ|F_NOTIFY|renameat2|RENAME_EXCHANGE|RENAME_NOREPLACE'
words+='|memfd_create|prctl|pipe2|dup3|accept4|getrandom|syscall|statfs|fstatfs|epoll_create1?|epoll_wait|kqueue|sendfile'
words+='|memmem|strcasestr|strchrnul|timegm|asprintf|vasprintf|qsort_r|execvpe|GLOB_TILDE|get_current_dir_name|canonicalize_file_name'
words+='|program_invocation_name|program_invocation_short_name|sysctl|proc_name|_NSGetExecutablePath'
inotify='inotify_init|inotify_init1|inotify_add_watch|inotify_rm_watch|inotify_event|IN_MODIFY|IN_CREATE|IN_DELETE|IN_DELETE_SELF|IN_MOVE_SELF|IN_MOVED_FROM|IN_MOVED_TO|IN_CLOSE_WRITE|IN_ATTRIB|IN_Q_OVERFLOW|IN_IGNORED|IN_ONLYDIR|IN_NONBLOCK|IN_CLOEXEC'

# scan EXEMPT_INOTIFY FILE...: "file:line: code" for every platform word
# in the code of FILE (comments removed, string literals kept: "/proc"
# is a use).
scan() {
	awk -v exempt="$1" -v words="$words" -v inotify="$inotify" '
	BEGIN {
		W = "(^|[^A-Za-z0-9_])(" words ")([^A-Za-z0-9_]|$)"
		P = "(^|[^A-Za-z0-9_])(LW_PLATFORM_|RESOLVE_|SYS_[a-z]|MFD_|PR_SET_)"
		H = "<(linux|mach|mach-o)/|<sys/(vfs|prctl|syscall|sysmacros|random|epoll|event|sysctl|mount|statvfs|user)\\.h>|<(libproc|malloc)\\.h>"
		I = "(^|[^A-Za-z0-9_])(" inotify ")([^A-Za-z0-9_]|$)|<sys/inotify\\.h>"
		q = sprintf("%c", 39)   # the single quote of a character literal
		L = "[/\"" q "]"
	}
	FNR == 1 { inc = 0 }
	{
		line = $0
		if (!inc && line !~ L) out = line
		else {
			out = ""; i = 1; n = length(line)
			while (i <= n) {
				if (inc) {
					j = index(substr(line, i), "*/")
					if (!j) { i = n + 1; break }
					i += j + 1; inc = 0; out = out " "; continue
				}
				c = substr(line, i, 1); d = substr(line, i + 1, 1)
				if (c == "/" && d == "*") { inc = 1; i += 2; continue }
				if (c == "/" && d == "/") break
				if (c == "\"" || c == q) {
					out = out c; i++
					while (i <= n) {
						e = substr(line, i, 1); out = out e; i++
						if (e == "\\") { out = out substr(line, i, 1); i++; continue }
						if (e == c) break
					}
					continue
				}
				out = out c; i++
			}
		}
		if (out ~ W || out ~ P || out ~ H || out ~ /\/proc([\/"]|$)/ || (!exempt && out ~ I)) {
			sub(/^[ \t]+/, "", out)
			sub(/[ \t]+$/, "", out)
			print FILENAME ":" FNR ": " out
		}
	}' "${@:2}"
}

files=()
for f in liza-watch.c core/*/*.[ch] systems/*.[ch] systems/*/*.[ch] systems/*/*/*.[ch] watch/*.[ch] live/*.[ch] \
         notify/*.[ch] tui/*.[ch] sim/*.[ch] cli/*.[ch]; do
	[ -e "$f" ] && [ "$f" != watch/watch_inotify.c ] && files+=("$f")
done
[ "${#files[@]}" -gt 300 ] || fail "only ${#files[@]} source files found: the scan is broken"
while IFS= read -r hit; do
	fail "a platform word outside platform/ (docs/design.md, \"Platforms\"): $hit"
done < <(scan 0 "${files[@]}")
[ -e watch/watch_inotify.c ] && while IFS= read -r hit; do
	fail "watch/watch_inotify.c may name inotify, nothing else of a system's: $hit"
done < <(scan 1 watch/watch_inotify.c)

# The scan can fail: the platform's own files are full of these words, and
# the words in a comment are not counted.
[ -n "$(scan 0 platform/platform_linux.c)" ] || fail "the scan finds nothing in platform/platform_linux.c: it is broken"
[ -n "$(scan 0 watch/watch_inotify.c)" ] || fail "the scan finds no inotify in watch/watch_inotify.c: it is broken"
probe=$(mktemp /tmp/lw-platform-line.XXXXXX) || exit 1
trap 'rm -f "$probe"' EXIT
printf '/* O_PATH, __linux__ */ int a; // /proc/self\nconst char *p = "/proc/self/exe"; /* a\n__APPLE__ */ int b = O_PATH;\n' > "$probe"
got=$(scan 0 "$probe" | sed 's/^[^:]*://' | tr '\n' '|')
[ "$got" = '2: const char *p = "/proc/self/exe";|3: int b = O_PATH;|' ] || fail "the scan's own probe: got '$got'"
[ "$failures" -eq 0 ]

/* status_cache.c — see status_cache.h.
 *
 * A cache file (core/model/kept.h) starts with the key:
 *   liza-watch status cache 1        the format
 *   exe DEV INO SIZE MTIME           which binary computed it
 *   cwd PATH                         where it ran
 *   arg WORD                         the command line, one line a word
 * Words are %-encoded (lw_input_encode). The key's fingerprint names the
 * file, and a hit must match it byte for byte. The environment this cache
 * reads about itself (where it lives, whether it is on) is not an input of
 * the result: whether it is on is read with plain getenv, not lw_getenv,
 * and where it lives (lw_user_cache_dir) before the record starts. */
#include "cli/status_cache.h"
#include "core/util/hash.h"
#include "core/util/inputs.h"
#include "cli/cli.h"
#include "core/model/kept.h"
#include "core/store/store.h"
#include "core/util/strbuf.h"
#include "core/util/timeparse.h"
#include "core/util/userdirs.h"
#include "platform/platform.h"
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAGIC "liza-watch status cache 1\n"
#define MAX_CACHE_BYTES (64u << 20)

static struct {
	bool ready;          /* key and path are set: the cache may be used */
	strbuf key;
	char path[4096];
} sc;

static void trace(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void trace(const char *fmt, ...)
{
	const char *t = getenv("LIZA_WATCH_CACHE_TRACE");
	if (!t || !*t || strcmp(t, "0") == 0)
		return;
	va_list ap;
	va_start(ap, fmt);
	fputs("liza-watch: status cache: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
}

static bool enabled(void)
{
	const char *e = getenv("LIZA_WATCH_CACHE");
	return !e || (strcmp(e, "0") != 0 && strcmp(e, "off") != 0 && strcmp(e, "no") != 0);
}

/* Ours alone: a cache others could write would let them choose our output. */
static bool private_to_us(const struct stat *st)
{
	return st->st_uid == geteuid() && !(st->st_mode & 022);
}

static bool private_dir(const char *dir, bool create)
{
	struct stat st;
	if (lstat(dir, &st) < 0) {
		if (errno != ENOENT || !create || mkdir(dir, 0700) < 0)
			return false;
		if (lstat(dir, &st) < 0)
			return false;
	}
	return S_ISDIR(st.st_mode) && private_to_us(&st);
}

static bool cache_dir(char *out, size_t n)
{
	if (!lw_user_cache_dir(out, n))
		return false;
	/* Its parent may not exist yet ($HOME/.cache on a new account). */
	char *slash = strrchr(out, '/');
	struct stat st;
	*slash = '\0';
	if (lstat(out, &st) < 0)
		(void)mkdir(out, 0700);
	*slash = '/';
	return private_dir(out, true);
}

static void add_word(strbuf *b, const char *tag, const char *w)
{
	strbuf_adds(b, tag);
	strbuf_addc(b, ' ');
	lw_input_encode(b, w, strlen(w));
	strbuf_addc(b, '\n');
}

/* The key: which binary, where, what was asked. */
static bool make_key(strbuf *key, int argc, char **argv)
{
	struct stat exe;
	char cwd[4096], self[4096];
	/* The running file itself, even once replaced on disk, where the
	 * system can say; else the file at the binary's path. */
	if (!platform_self_exe_stat(&exe) &&
	    (argc < 1 || !data_path_exe(argv[0], self, sizeof self) || stat(self, &exe) < 0))
		return false;
	if (!getcwd(cwd, sizeof cwd))
		return false;
	strbuf_adds(key, MAGIC);
	strbuf_printf(key, "exe %llu %llu %lld %lld.%09ld\n", (unsigned long long)exe.st_dev,
	              (unsigned long long)exe.st_ino, (long long)exe.st_size, (long long)exe.st_mtim.tv_sec,
	              (long)exe.st_mtim.tv_nsec);
	add_word(key, "cwd", cwd);
	for (int i = 1; i < argc; i++)
		add_word(key, "arg", argv[i]);
	return true;
}

static char *read_cache(const char *path, size_t *len)
{
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0)
		return NULL;
	struct stat st;
	char *buf = NULL;
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && private_to_us(&st) && st.st_size > 0 &&
	    (size_t)st.st_size <= MAX_CACHE_BYTES) {
		buf = malloc((size_t)st.st_size + 1);
		if (!buf)
			abort();
		ssize_t r = read(fd, buf, (size_t)st.st_size);
		if (r != st.st_size) {
			free(buf);
			buf = NULL;
		} else {
			buf[r] = '\0';
			*len = (size_t)r;
		}
	}
	close(fd);
	return buf;
}

int status_cache_replay(int argc, char **argv)
{
	sc.ready = false;
	strbuf_free(&sc.key);
	if (!enabled())
		return -1;
	char dir[4096], hex[33];
	if (!cache_dir(dir, sizeof dir) || !make_key(&sc.key, argc, argv)) {
		trace("off: no private cache folder, path of the running binary or working folder");
		strbuf_free(&sc.key);
		return -1;
	}
	int w = snprintf(sc.path, sizeof sc.path, "%s/status-%s", dir,
	                 lw_hash_hex(lw_hash_bytes(sc.key.buf, sc.key.len), hex));
	if (w < 0 || (size_t)w >= sizeof sc.path) {
		strbuf_free(&sc.key);
		return -1;
	}
	sc.ready = true;
	size_t len = 0, out_len = 0;
	char *buf = read_cache(sc.path, &len);
	if (!buf) {
		trace("miss: no result kept");
		return -1;
	}
	const char *out, *changed;
	size_t changed_len;
	kept_verdict v = kept_judge(buf, len, sc.key.buf, sc.key.len, lw_clock_fixed(), time(NULL), &out, &out_len,
	                            &changed, &changed_len);
	if (v != KEPT_HOLDS) {
		if (v == KEPT_CHANGED)
			trace("changed: %.*s", (int)changed_len, changed);
		trace("miss: %s", kept_verdict_name(v));
		free(buf);
		return -1;
	}
	trace("hit");
	bool ok = fwrite(out, 1, out_len, stdout) == out_len && fflush(stdout) == 0;
	free(buf);
	return ok ? 0 : 3;
}

void status_cache_begin(void)
{
	if (sc.ready)
		lw_inputs_start();
}

void status_cache_abandon(void)
{
	lw_inputs_stop();
	sc.ready = false;
}

void status_cache_store(const char *out, size_t len, time_t computed_at, time_t deadline)
{
	if (!sc.ready || !lw_inputs_active())
		return;
	if (lw_inputs_tainted()) {
		trace("not kept: the run met an error or a warning");
		status_cache_abandon();
		return;
	}
	strbuf f;
	strbuf_init(&f);
	kept_clock c = { .fixed = lw_clock_fixed(), .at = computed_at, .until = deadline };
	kept_format(&f, sc.key.buf, sc.key.len, &c, out, len);
	/* The store's atomic replace: a reader sees the old file or the new
	 * one (and a torn write would fail the end fingerprint anyway). */
	lw_error err;
	lw_error_clear(&err);
	if (store_write_atomic(sc.path, f.buf, f.len, &err) == 0)
		trace("kept");
	strbuf_free(&f);
	status_cache_abandon();
}

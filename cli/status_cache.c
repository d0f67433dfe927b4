/* status_cache.c — see status_cache.h.
 *
 * A cache file is text:
 *   liza-watch status cache 1        the format
 *   exe DEV INO SIZE MTIME           which binary computed it
 *   cwd PATH                         where it ran
 *   arg WORD                         the command line, one line a word
 *   clock fixed | live AT UNTIL      when the result holds (UNTIL "-": always)
 *   in KIND PATH RESULT              the inputs, as core/inputs.c writes them
 *   out LEN                          then LEN bytes of output and a newline
 *   end HASH                         a fingerprint of everything above
 * Words are %-encoded (lw_input_encode). The first lines up to "clock" are
 * the key: its fingerprint names the file, and a hit must match it byte for
 * byte. The environment this cache reads about itself (where it lives,
 * whether it is on) is not an input of the result, so it is read with plain
 * getenv, not lw_getenv. */
#include "cli/status_cache.h"
#include "core/hash.h"
#include "core/inputs.h"
#include "core/model.h"
#include "core/strbuf.h"
#include "core/timeparse.h"
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
	const char *rt = getenv("XDG_RUNTIME_DIR"), *ch = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
	int w;
	if (rt && rt[0] == '/') {
		w = snprintf(out, n, "%s/liza-watch", rt);
	} else if (ch && ch[0] == '/') {
		w = snprintf(out, n, "%s/liza-watch", ch);
	} else if (home && home[0] == '/') {
		w = snprintf(out, n, "%s/.cache", home);
		struct stat st;
		if (w < 0 || (size_t)w >= n || (lstat(out, &st) < 0 && mkdir(out, 0700) < 0))
			return false;
		w = snprintf(out, n, "%s/.cache/liza-watch", home);
	} else {
		return false;
	}
	if (w < 0 || (size_t)w >= n)
		return false;
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
	char cwd[4096];
	if (stat("/proc/self/exe", &exe) < 0 || !getcwd(cwd, sizeof cwd))
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

/* The result in buf (NUL-ended, len bytes) when it still holds; else NULL
 * and why. */
static const char *still_holds(char *buf, size_t len, const strbuf *key, size_t *out_len, const char **why)
{
	/* end HASH: the file is whole and as we wrote it. */
	char *end = len > 37 ? buf + len - 37 : NULL;
	char hex[33];
	if (!end || memcmp(end, "end ", 4) != 0 || end[36] != '\n' || (end > buf && end[-1] != '\n') ||
	    memcmp(end + 4, lw_hash_hex(lw_hash_bytes(buf, (size_t)(end - buf)), hex), 32) != 0) {
		*why = "damaged file (fingerprint)";
		return NULL;
	}
	if ((size_t)(end - buf) < key->len || memcmp(buf, key->buf, key->len) != 0) {
		*why = "another binary or command line";
		return NULL;
	}
	char *line = buf + key->len;
	long long at, until;
	char u[32];
	if (strncmp(line, "clock fixed\n", 12) == 0) {
		if (!lw_clock_fixed()) {
			*why = "the clock is live now";
			return NULL;
		}
	} else if (sscanf(line, "clock live %lld %31s", &at, u) == 2) {
		time_t now = time(NULL);
		if (lw_clock_fixed() || now < at || (strcmp(u, "-") != 0 && (until = atoll(u), now >= until))) {
			*why = "an alert's time has come";
			return NULL;
		}
	} else {
		*why = "damaged file (clock line)";
		return NULL;
	}
	line = strchr(line, '\n') + 1;
	while (strncmp(line, "in ", 3) == 0) {
		char *nl = strchr(line, '\n');
		*nl = '\0';
		bool holds = lw_input_holds(line + 3);
		*nl = '\n';
		if (!holds) {
			*why = "an input changed";
			trace("changed: %.*s", (int)(nl - line - 3), line + 3);
			return NULL;
		}
		line = nl + 1;
	}
	unsigned long long n;
	char *body;
	if (sscanf(line, "out %llu", &n) != 1 || !(body = strchr(line, '\n')) || (size_t)(end - ++body) != n + 1) {
		*why = "damaged file (output length)";
		return NULL;
	}
	*out_len = (size_t)n;
	return body;
}

int status_cache_replay(int argc, char **argv)
{
	sc.ready = false;
	strbuf_free(&sc.key);
	if (!enabled())
		return -1;
	char dir[4096], hex[33];
	if (!cache_dir(dir, sizeof dir) || !make_key(&sc.key, argc, argv)) {
		trace("off: no private cache folder, /proc/self/exe or working folder");
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
	const char *why = NULL;
	const char *out = still_holds(buf, len, &sc.key, &out_len, &why);
	if (!out) {
		trace("miss: %s", why);
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

static bool write_all(int fd, const char *p, size_t n)
{
	while (n) {
		ssize_t w = write(fd, p, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return false;
		p += w;
		n -= (size_t)w;
	}
	return true;
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
	strbuf_add(&f, sc.key.buf, sc.key.len);
	if (lw_clock_fixed())
		strbuf_adds(&f, "clock fixed\n");
	else if (deadline == LW_NO_TIME)
		strbuf_printf(&f, "clock live %lld -\n", (long long)computed_at);
	else
		strbuf_printf(&f, "clock live %lld %lld\n", (long long)computed_at, (long long)deadline);
	lw_inputs_write(&f);
	strbuf_printf(&f, "out %zu\n", len);
	strbuf_add(&f, out, len);
	strbuf_addc(&f, '\n');
	char hex[33];
	strbuf_printf(&f, "end %s\n", lw_hash_hex(lw_hash_bytes(f.buf, f.len), hex));
	/* A temp name of ours, then rename: a reader sees the old file or the
	 * new one, and a torn write fails the end hash anyway. */
	char tmp[4200];
	snprintf(tmp, sizeof tmp, "%s.%ld.tmp", sc.path, (long)getpid());
	int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0600);
	bool ok = fd >= 0 && write_all(fd, f.buf, f.len);
	if (fd >= 0 && close(fd) < 0)
		ok = false;
	if (ok && rename(tmp, sc.path) == 0)
		trace("kept");
	else if (fd >= 0)
		unlink(tmp);
	strbuf_free(&f);
	status_cache_abandon();
}

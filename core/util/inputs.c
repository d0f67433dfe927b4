/* inputs.c — see inputs.h. Each kind of input has one function that turns
 * an observation into its RESULT text; recording and re-checking both go
 * through it, so the two cannot disagree on what "the same" means. */
#include "core/util/inputs.h"
#include "core/util/dirlist.h"
#include "core/util/fileio.h"
#include "core/util/hash.h"
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* No loader reads more than the document limit (64 MiB): a bigger file
 * cannot be one that read "ok", and re-reading stays bounded whatever
 * path a damaged record names. */
#define MAX_REREAD ((size_t)64 << 20)

/* A line already in the record (where it starts, how long, its hash). */
typedef struct seen_line {
	uint64_t h;
	size_t at, len;
} seen_line;

static struct {
	bool on, tainted;
	strbuf lines;
	/* The lines so far, open addressing, grown at half full: a loader that
	 * looks at the same thing twice (each project's config, its folder,
	 * .liza before each file in it) adds one line, so a kept result is
	 * checked with one look per input however often the run made it. */
	seen_line *seen;
	size_t seen_cap, seen_n;
	strbuf canonical;     /* what "real" lines resolved to, one a line, encoded */
} rec;

void lw_inputs_start(void)
{
	lw_inputs_stop();
	rec.on = true;
}

void lw_inputs_stop(void)
{
	strbuf_free(&rec.lines);
	strbuf_free(&rec.canonical);
	free(rec.seen);
	rec.seen = NULL;
	rec.seen_cap = rec.seen_n = 0;
	rec.on = rec.tainted = false;
}

bool lw_inputs_active(void) { return rec.on; }
void lw_inputs_taint(void) { rec.tainted = true; }
bool lw_inputs_tainted(void) { return rec.tainted; }

void lw_input_encode(strbuf *out, const char *s, size_t n)
{
	static const char hex[] = "0123456789ABCDEF";
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c <= ' ' || c == '%' || c == 0x7f) {
			char e[3] = { '%', hex[c >> 4], hex[c & 15] };
			strbuf_add(out, e, 3);
		} else {
			strbuf_addc(out, (char)c);
		}
	}
}

static int hexval(char c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

int lw_input_decode(char *s)
{
	char *w = s;
	for (const char *r = s; *r; r++) {
		if (*r != '%') {
			*w++ = *r;
			continue;
		}
		int h = hexval(r[1]), l = h < 0 ? -1 : hexval(r[2]);
		if (l < 0 || (h == 0 && l == 0))
			return -1;
		*w++ = (char)(h << 4 | l);
		r += 2;
	}
	*w = '\0';
	return 0;
}

static void add_hash(strbuf *out, const char *buf, size_t len)
{
	char hex[33];
	strbuf_adds(out, "ok ");
	strbuf_adds(out, lw_hash_hex(lw_hash_bytes(buf, len), hex));
}

/* A missing path is an answer like any other; any other failure (EACCES,
 * EIO, …) is not something a record should vouch for. */
static bool absent(int err) { return err == ENOENT || err == ENOTDIR; }

static bool result_read(strbuf *out, int read_rc, const char *buf, size_t len)
{
	if (read_rc == LW_READ_MISSING)
		strbuf_adds(out, "missing");
	else if (read_rc == LW_READ_OK)
		add_hash(out, buf, len);
	else
		return false;
	return true;
}

static void result_tail(strbuf *out, bool ok, bool partial, const char *buf, size_t len)
{
	if (ok) {
		strbuf_adds(out, partial ? "part " : "whole ");
		add_hash(out, buf, len);
	} else {
		strbuf_adds(out, "none");
	}
}

static bool result_stat(strbuf *out, int how, int rc, int err, const struct stat *st)
{
	if (rc < 0) {
		if (!absent(err))
			return false;
		strbuf_adds(out, "missing");
	} else if (how & LW_STAT_FULL) {
		strbuf_printf(out, "f%o,%lld,%lld.%09ld", (unsigned)st->st_mode, (long long)st->st_size,
		              (long long)st->st_mtim.tv_sec, (long)st->st_mtim.tv_nsec);
	} else {
		strbuf_printf(out, "t%o", (unsigned)(st->st_mode & S_IFMT));
	}
	return true;
}

static bool result_dir(strbuf *out, bool ok, int err, const char *names, size_t len)
{
	if (!ok) {
		if (!absent(err))
			return false;
		strbuf_adds(out, "missing");
	} else {
		add_hash(out, names, len);
	}
	return true;
}

static bool result_real(strbuf *out, int err, const char *real)
{
	if (!real) {
		if (!absent(err))
			return false;
		strbuf_adds(out, "missing");
		return true;
	}
	strbuf_addc(out, '=');
	lw_input_encode(out, real, strlen(real));
	return true;
}

static void result_env(strbuf *out, const char *v)
{
	if (!v) {
		strbuf_addc(out, '-');
		return;
	}
	strbuf_addc(out, '=');
	lw_input_encode(out, v, strlen(v));
}

/* "KIND PATH " of a new line; the caller adds RESULT, or takes the line
 * back (and taints the run) when there is none. */
static size_t line_begin(const char *kind, const char *path)
{
	size_t mark = rec.lines.len;
	strbuf_adds(&rec.lines, kind);
	strbuf_addc(&rec.lines, ' ');
	lw_input_encode(&rec.lines, path, strlen(path));
	strbuf_addc(&rec.lines, ' ');
	return mark;
}

static void seen_put(seen_line *v, size_t cap, seen_line e)
{
	size_t i = e.h & (cap - 1);
	while (v[i].len)
		i = (i + 1) & (cap - 1);
	v[i] = e;
}

/* Is the line at [at, at + len) one the record holds already? If not, it is now. */
static bool seen_before(size_t at, size_t len)
{
	if ((rec.seen_n + 1) * 2 > rec.seen_cap) {
		size_t cap = rec.seen_cap ? rec.seen_cap * 2 : 64;
		seen_line *v = calloc(cap, sizeof *v);
		if (!v)
			abort();
		for (size_t i = 0; i < rec.seen_cap; i++)
			if (rec.seen[i].len)
				seen_put(v, cap, rec.seen[i]);
		free(rec.seen);
		rec.seen = v;
		rec.seen_cap = cap;
	}
	uint64_t h = lw_hash_bytes(rec.lines.buf + at, len).lo;
	for (size_t i = h & (rec.seen_cap - 1); rec.seen[i].len; i = (i + 1) & (rec.seen_cap - 1)) {
		const seen_line *e = &rec.seen[i];
		if (e->h == h && e->len == len && memcmp(rec.lines.buf + e->at, rec.lines.buf + at, len) == 0)
			return true;
	}
	seen_put(rec.seen, rec.seen_cap, (seen_line){ .h = h, .at = at, .len = len });
	rec.seen_n++;
	return false;
}

static void line_end(size_t mark, bool ok)
{
	if (ok) {
		strbuf_addc(&rec.lines, '\n');
		/* The same input, seen the same again: one line says it (the check
		 * re-observes it once; the run found it alike both times). */
		if (seen_before(mark, rec.lines.len - mark)) {
			rec.lines.len = mark;
			rec.lines.buf[mark] = '\0';
		}
		return;
	}
	rec.lines.len = mark;
	rec.lines.buf[mark] = '\0';
	rec.tainted = true;
}

static const char *stat_kind(int how)
{
	static const char *const kinds[] = { "stat.t", "stat.f", "lstat.t", "lstat.f" };
	return kinds[how & 3];
}

void lw_input_read(const char *path, int read_rc, const char *buf, size_t len)
{
	if (!rec.on)
		return;
	size_t m = line_begin("read", path);
	line_end(m, result_read(&rec.lines, read_rc, buf, len));
}

void lw_input_tail(const char *path, size_t cap, bool ok, bool partial, const char *buf, size_t len)
{
	if (!rec.on)
		return;
	char kind[40];
	snprintf(kind, sizeof kind, "tail:%zu", cap);
	size_t m = line_begin(kind, path);
	result_tail(&rec.lines, ok, partial, buf, len);
	line_end(m, true);
}

void lw_input_stat(const char *path, int how, int rc, int err, const struct stat *st)
{
	if (!rec.on)
		return;
	size_t m = line_begin(stat_kind(how), path);
	line_end(m, result_stat(&rec.lines, how, rc, err, st));
}

void lw_input_dir(const char *path, bool ok, int err, const char *names, size_t len)
{
	if (!rec.on)
		return;
	size_t m = line_begin("dir", path);
	line_end(m, result_dir(&rec.lines, ok, err, names, len));
}

/* Did a "real" line of the record resolve to path? */
static bool canonical_already(const char *path)
{
	strbuf enc;
	strbuf_init(&enc);
	lw_input_encode(&enc, path, strlen(path));
	strbuf_addc(&enc, '\n');
	bool found = false;
	for (const char *at = rec.canonical.buf; !found && at && *at; at = strchr(at, '\n') + 1)
		found = strncmp(at, enc.buf, enc.len) == 0;
	strbuf_free(&enc);
	return found;
}

void lw_input_real(const char *path, int err, const char *real)
{
	if (!rec.on)
		return;
	/* A name a recorded realpath() gave, found canonical again: implied by
	 * that line (what realpath returns has no link in it while the line
	 * holds), and the check would walk every folder of it once more. */
	if (real && strcmp(path, real) == 0 && canonical_already(path))
		return;
	size_t m = line_begin("real", path);
	bool ok = result_real(&rec.lines, err, real);
	if (ok && real) {
		lw_input_encode(&rec.canonical, real, strlen(real));
		strbuf_addc(&rec.canonical, '\n');
	}
	line_end(m, ok);
}

const char *lw_getenv(const char *name)
{
	const char *v = getenv(name);
	if (rec.on) {
		size_t m = line_begin("env", name);
		result_env(&rec.lines, v);
		line_end(m, true);
	}
	return v;
}

long lw_getenv_long(const char *name, long min, long max, long dflt)
{
	const char *env = lw_getenv(name);
	if (!env || !*env)
		return dflt;
	char *end;
	long v = strtol(env, &end, 10);
	return !*end && v >= min && v <= max ? v : dflt;
}

void lw_inputs_write(strbuf *out)
{
	for (size_t at = 0; at < rec.lines.len;) {
		const char *nl = memchr(rec.lines.buf + at, '\n', rec.lines.len - at);
		size_t n = (size_t)(nl - (rec.lines.buf + at)) + 1;
		strbuf_adds(out, "in ");
		strbuf_add(out, rec.lines.buf + at, n);
		at += n;
	}
}

/* ---- observing again ---------------------------------------------------- */

/* Plain re-observations: the recorder is off while they run (they must
 * not add lines), and they answer with the same RESULT functions. */

/* "ok HASH" for a regular file read to its end in pieces, without holding
 * it: a kept result of a large state is checked without allocating (and
 * faulting in) a copy of it. false when the file is not plainly readable
 * or its size moved while read: again_read then reads it as the run did. */
static bool again_read_streamed(strbuf *r, const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
	if (fd < 0)
		return false;
	struct stat st;
	bool ok = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && (size_t)st.st_size <= MAX_REREAD;
	size_t want = ok ? (size_t)st.st_size : 0, got = 0;
	lw_hash_stream h;
	lw_hash_stream_init(&h, want);
	char chunk[16384];
	while (ok) {
		ssize_t n = read(fd, chunk, sizeof chunk);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			ok = n == 0;
			break;
		}
		got += (size_t)n;
		if (got > want) {
			ok = false;
			break;
		}
		lw_hash_stream_feed(&h, chunk, (size_t)n);
	}
	close(fd);
	if (!ok || got != want)
		return false;
	char hex[33];
	strbuf_adds(r, "ok ");
	strbuf_adds(r, lw_hash_hex(lw_hash_stream_end(&h), hex));
	return true;
}

static bool again_read(strbuf *r, const char *path)
{
	if (again_read_streamed(r, path))
		return true;
	strbuf_reset(r);
	char *buf;
	size_t len;
	lw_error err;
	lw_error_clear(&err);
	int rc = lw_read_file(path, MAX_REREAD, &buf, &len, &err);
	bool ok = result_read(r, rc, buf, len);
	free(buf);
	return ok;
}

static bool again_tail(strbuf *r, const char *path, size_t cap)
{
	char *buf = NULL;
	size_t len = 0;
	bool partial;
	bool ok = lw_read_tail(path, cap, &buf, &len, &partial) == 0;
	result_tail(r, ok, partial, buf, len);
	free(buf);
	return true;
}

static bool again_stat(strbuf *r, const char *path, int how)
{
	struct stat st;
	int rc = (how & LW_STAT_NOFOLLOW) ? lstat(path, &st) : stat(path, &st);
	return result_stat(r, how, rc, rc < 0 ? errno : 0, &st);
}

static bool again_dir(strbuf *r, const char *path)
{
	strbuf names;
	strbuf_init(&names);
	int err = 0;
	bool ok = lw_dir_names(path, &names, &err) == 0;
	bool known = result_dir(r, ok, err, names.buf, names.len);
	strbuf_free(&names);
	return known;
}

bool lw_input_holds(const char *line)
{
	const char *sp1 = strchr(line, ' ');
	const char *sp2 = sp1 ? strchr(sp1 + 1, ' ') : NULL;
	if (!sp2 || (size_t)(sp2 - sp1) > LW_PATH_MAX * 3)
		return false;
	char path[LW_PATH_MAX * 3 + 1];
	memcpy(path, sp1 + 1, (size_t)(sp2 - sp1 - 1));
	path[sp2 - sp1 - 1] = '\0';
	if (lw_input_decode(path) < 0)
		return false;
	const char *want = sp2 + 1;
	size_t klen = (size_t)(sp1 - line);
	bool was_on = rec.on;
	rec.on = false;
	strbuf now;
	strbuf_init(&now);
	bool known;
	if (klen == 4 && memcmp(line, "read", 4) == 0) {
		known = again_read(&now, path);
	} else if (klen == 3 && memcmp(line, "env", 3) == 0) {
		result_env(&now, getenv(path));
		known = true;
	} else if (klen == 4 && memcmp(line, "real", 4) == 0) {
		char real[LW_PATH_MAX];
		int rc = lw_realpath(path, real, sizeof real);
		known = result_real(&now, rc < 0 ? errno : 0, rc < 0 ? NULL : real);
	} else if (klen == 3 && memcmp(line, "dir", 3) == 0) {
		known = again_dir(&now, path);
	} else if (klen > 5 && memcmp(line, "tail:", 5) == 0) {
		char *end;
		unsigned long long cap = strtoull(line + 5, &end, 10);
		known = end == sp1 && cap <= MAX_REREAD && again_tail(&now, path, (size_t)cap);
	} else {
		known = false;
		for (int how = 0; how < 4; how++) {
			const char *k = stat_kind(how);
			if (strlen(k) == klen && memcmp(line, k, klen) == 0) {
				known = again_stat(&now, path, how);
				break;
			}
		}
	}
	rec.on = was_on;
	bool same = known && now.buf && strcmp(now.buf, want) == 0;
	strbuf_free(&now);
	return same;
}

/* journal.c — see journal.h. */
#include "core/model/journal.h"
#include "core/util/fileio.h"
#include "core/util/hash.h"
#include "core/util/strbuf.h"
#include "core/util/userdirs.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define FIELDS 8

const char *lw_journal_result(tx_rc rc)
{
	switch (rc) {
	case TX_DONE: return "done";
	case TX_DENIED: return "denied";
	case TX_USAGE: return "usage";
	case TX_ASK: return "asked";
	default: return "failed";
	}
}

bool lw_journal_path(const char *project, char *out, size_t n)
{
	char dir[4096], real[4096];
	out[0] = '\0';
	if (!project || !lw_user_state_dir(dir, sizeof dir) || lw_realpath(project, real, sizeof real) < 0)
		return false;
	char hex[33];
	lw_hash_hex(lw_hash_bytes(real, strlen(real)), hex);
	return (size_t)snprintf(out, n, "%s/journal/%s.log", dir, hex) < n;
}

/* One field: what can break a line or a column becomes a space. */
static void put_field(strbuf *b, const char *s)
{
	strbuf_addc(b, '\t');
	if (!s || !*s) {
		strbuf_addc(b, '-');
		return;
	}
	for (size_t i = 0; s[i] && i < 400; i++)
		strbuf_addc(b, (unsigned char)s[i] < 0x20 || s[i] == 0x7f ? ' ' : s[i]);
}

int lw_journal_append(const char *project, const char *system, const char *subject, const char *event,
                      const char *who, tx_rc rc, time_t now)
{
	char path[4200], real[4096];
	if (!lw_journal_path(project, path, sizeof path) || lw_realpath(project, real, sizeof real) < 0 ||
	    lw_mkdirs_for(path) < 0)
		return -1;
	/* Bounded: the full file becomes the one before; a rename is atomic. */
	struct stat st;
	if (lstat(path, &st) == 0 && S_ISREG(st.st_mode) && st.st_size >= (off_t)LW_JOURNAL_MAX_BYTES) {
		char old[4400];
		snprintf(old, sizeof old, "%s.1", path);
		if (rename(path, old) < 0)
			return -1;
	}
	strbuf b;
	strbuf_init(&b);
	strbuf_printf(&b, "lw1\t%lld", (long long)now);
	put_field(&b, real);
	put_field(&b, system);
	put_field(&b, subject);
	put_field(&b, event);
	put_field(&b, who && *who ? who : "human");
	put_field(&b, lw_journal_result(rc));
	strbuf_addc(&b, '\n');
	int rcw = -1;
	int fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd >= 0) {
		/* One write to an O_APPEND file: two writers' lines never interleave. */
		ssize_t w = write(fd, b.buf, b.len);
		rcw = w == (ssize_t)b.len ? 0 : -1;
		if (close(fd) < 0)
			rcw = -1;
	}
	strbuf_free(&b);
	return rcw;
}

lw_event *lw_journal_event(lw_activity *a, const char *label, time_t t, const char *system, const char *subject,
                           const char *event, const char *who, const char *result)
{
	char what[160];
	snprintf(what, sizeof what, "%s: %s", event, result);
	return lw_activity_add(a, t, LW_EV_OPERATOR, label, system, subject && strcmp(subject, "-") != 0 ? subject : "",
	                       who, what);
}

/* Splits line (NUL-terminated, no newline) into FIELDS; false when it has not exactly that many. */
static bool split(char *line, char **f)
{
	size_t k = 0;
	for (char *s = line;; s++) {
		if (k == FIELDS)
			return false;
		f[k++] = s;
		s = strchr(s, '\t');
		if (!s)
			break;
		*s = '\0';
	}
	return k == FIELDS;
}

static bool one_line(char *line, const char *root, lw_activity *a, const char *label)
{
	char *f[FIELDS], *end;
	if (!split(line, f) || strcmp(f[0], "lw1") != 0 || strcmp(f[2], root) != 0)
		return false;
	errno = 0;
	long long t = strtoll(f[1], &end, 10);
	if (errno || end == f[1] || *end || t < 0)
		return false;
	lw_journal_event(a, label, (time_t)t, f[3], f[4], f[5], f[6], f[7]);
	return true;
}

/* The lines of one file from *offset on; a last line without its newline
 * (a write under way) waits for the next read. */
static void read_file(const char *path, const char *root, lw_activity *a, const char *label, long long *offset,
                      size_t *bad)
{
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return;
	struct stat st;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || st.st_size > (off_t)(2 * LW_JOURNAL_MAX_BYTES)) {
		/* Not ours as we write it: read nothing, say it once. */
		if (bad)
			(*bad)++;
		close(fd);
		return;
	}
	long long from = offset ? *offset : 0;
	if (from > (long long)st.st_size)   /* rotated since: a new file */
		from = 0;
	size_t n = (size_t)(st.st_size - from);
	char *buf = malloc(n + 1);
	ssize_t got = buf && lseek(fd, (off_t)from, SEEK_SET) >= 0 ? read(fd, buf, n) : -1;
	close(fd);
	if (got <= 0) {
		free(buf);
		return;
	}
	size_t len = (size_t)got, used = 0;
	for (char *s = buf, *nl; (nl = memchr(s, '\n', len - (size_t)(s - buf))) != NULL; s = nl + 1) {
		*nl = '\0';
		if (*s && !one_line(s, root, a, label) && bad)
			(*bad)++;
		used = (size_t)(nl + 1 - buf);
	}
	if (offset)
		*offset = from + (long long)used;
	free(buf);
}

void lw_journal_read(const char *path, const char *root, bool rotated, lw_activity *a, const char *label,
                     long long *offset, size_t *bad)
{
	if (rotated) {
		char old[4400];
		snprintf(old, sizeof old, "%s.1", path);
		read_file(old, root, a, label, NULL, bad);
	}
	read_file(path, root, a, label, offset, bad);
}

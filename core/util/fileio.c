#include "core/util/fileio.h"
#include "core/util/inputs.h"
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static bool dangling(const char *path, char *to, size_t n, bool record);

static int read_file(const char *path, size_t max_bytes, char **buf, size_t *len, lw_error *err, int oflags)
{
	*buf = NULL;
	*len = 0;
	/* O_NONBLOCK: opening a FIFO for reading must not wait for a writer. */
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | oflags);
	if (fd < 0) {
		int e = errno;
		if ((oflags & O_NOFOLLOW) && (e == ELOOP || e == EMLINK)) {
			/* ELOOP on Linux and the BSDs, EMLINK on FreeBSD's older kernels. */
			lw_error_set(err, path, 0, 0, "a symbolic link: not followed");
			err->code = "unreadable";
			return LW_READ_ERROR;
		}
		char to[LW_PATH_MAX];
		if (e == ENOENT && dangling(path, to, sizeof to, false)) {
			/* Not "missing": the name is there, what it names is not. */
			lw_error_set(err, path, 0, 0, "a link to nothing (-> %s)", to);
			err->code = "dangling_link";
			return LW_READ_ERROR;
		}
		if (e == ENOENT)
			return LW_READ_MISSING;
		lw_error_set(err, path, 0, 0, "cannot open: %s", strerror(e));
		err->code = "unreadable";
		return LW_READ_ERROR;
	}
	struct stat st;
	if (fstat(fd, &st) < 0) {
		lw_error_set(err, path, 0, 0, "cannot stat: %s", strerror(errno));
		close(fd);
		return LW_READ_ERROR;
	}
	if (!S_ISREG(st.st_mode)) {
		lw_error_set(err, path, 0, 0, "not a regular file (%s)",
		             S_ISDIR(st.st_mode) ? "a directory" : S_ISFIFO(st.st_mode) ? "a FIFO" : "a special file");
		err->code = "unreadable";
		close(fd);
		return LW_READ_ERROR;
	}
	if ((size_t)st.st_size > max_bytes) {
		lw_error_set(err, path, 0, 0, "file is %lld bytes, over the limit of %zu",
		             (long long)st.st_size, max_bytes);
		close(fd);
		return LW_READ_ERROR;
	}
	/* The size may change under us (a writer appending): read to EOF with a cap. */
	size_t cap = (size_t)st.st_size + 1, n = 0;
	char *p = malloc(cap + 1);
	if (!p)
		abort();
	for (;;) {
		if (n == cap) {
			if (cap > max_bytes) {
				lw_error_set(err, path, 0, 0, "file grew over the limit of %zu bytes while read", max_bytes);
				free(p);
				close(fd);
				return LW_READ_ERROR;
			}
			cap *= 2;
			p = realloc(p, cap + 1);
			if (!p)
				abort();
		}
		ssize_t r = read(fd, p + n, cap - n);
		if (r < 0) {
			if (errno == EINTR)
				continue;
			lw_error_set(err, path, 0, 0, "cannot read: %s", strerror(errno));
			free(p);
			close(fd);
			return LW_READ_ERROR;
		}
		if (r == 0)
			break;
		n += (size_t)r;
	}
	close(fd);
	p[n] = '\0';
	*buf = p;
	*len = n;
	return LW_READ_OK;
}

/* Process-wide, like the input record: set once by a command before it
 * loads, and the loaders under it need not know. */
static lw_read_settle_fn settle;

lw_read_settle_fn lw_read_settle_with(lw_read_settle_fn fn)
{
	lw_read_settle_fn was = settle;
	settle = fn;
	return was;
}

int lw_read_file(const char *path, size_t max_bytes, char **buf, size_t *len, lw_error *err)
{
	int rc = settle && settle(path, max_bytes, buf, len) ? LW_READ_OK : read_file(path, max_bytes, buf, len, err, 0);
	lw_input_read(path, rc, *buf, *len);
	return rc;
}

int lw_read_file_nofollow(const char *path, size_t max_bytes, char **buf, size_t *len, lw_error *err)
{
	int rc = read_file(path, max_bytes, buf, len, err, O_NOFOLLOW);
	lw_input_read(path, rc, *buf, *len);
	return rc;
}

int lw_read_tail(const char *path, size_t cap, char **buf, size_t *len, bool *partial)
{
	*buf = NULL;
	*len = 0;
	*partial = false;
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0) {
		lw_input_tail(path, cap, false, false, NULL, 0);
		return -1;
	}
	struct stat sb;
	if (fstat(fd, &sb) < 0 || !S_ISREG(sb.st_mode)) {
		close(fd);
		lw_input_tail(path, cap, false, false, NULL, 0);
		return -1;
	}
	off_t from = sb.st_size > (off_t)cap ? sb.st_size - (off_t)cap : 0;
	size_t want = (size_t)(sb.st_size - from), got = 0;
	char *p = malloc(want + 1);
	if (!p)
		abort();
	while (got < want) {
		ssize_t r = pread(fd, p + got, want - got, from + (off_t)got);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		got += (size_t)r;
	}
	close(fd);
	p[got] = '\0';
	*partial = from > 0;
	lw_input_tail(path, cap, true, *partial, p, got);
	*buf = p;
	*len = got;
	return 0;
}

int lw_stat(const char *path, struct stat *st, int how)
{
	int rc = (how & LW_STAT_NOFOLLOW) ? lstat(path, st) : stat(path, st);
	int e = rc < 0 ? errno : 0;
	lw_input_stat(path, how, rc, e, st);
	errno = e;
	return rc;
}

int lw_realpath(const char *path, char *out, size_t n)
{
	char real[PATH_MAX];
	int e = 0;
	if (!realpath(path, real))
		e = errno;
	else if (strlen(real) >= n)
		e = ENAMETOOLONG;
	else
		memcpy(out, real, strlen(real) + 1);
	lw_input_real(path, e, e ? NULL : out);
	errno = e;
	return e ? -1 : 0;
}

/* record: through lw_stat, seen by the input record; a read's own look is
 * not (its "read" line holds the answer, and re-reading looks again). */
static bool dangling(const char *path, char *to, size_t n, bool record)
{
	struct stat st;
	if ((record ? lw_stat(path, &st, LW_STAT_NOFOLLOW) : lstat(path, &st)) < 0 || !S_ISLNK(st.st_mode))
		return false;
	if ((record ? lw_stat(path, &st, LW_STAT_TYPE) : stat(path, &st)) == 0 || errno != ENOENT)
		return false;
	ssize_t k = n ? readlink(path, to, n - 1) : -1;
	if (n)
		to[k > 0 ? k : 0] = '\0';
	return true;
}

bool lw_dangling_link(const char *path, char *to, size_t n)
{
	return dangling(path, to, n, true);
}

bool lw_exists(const char *path, struct stat *st)
{
	struct stat tmp;
	return lw_stat(path, st ? st : &tmp, st ? LW_STAT_FULL : LW_STAT_TYPE) == 0;
}

char *lw_path_join(char *out, size_t n, const char *dir, const char *name)
{
	if (!dir || !*dir || strcmp(dir, ".") == 0)
		snprintf(out, n, "%s", name);
	else if (dir[strlen(dir) - 1] == '/')
		snprintf(out, n, "%s%s", dir, name);
	else
		snprintf(out, n, "%s/%s", dir, name);
	return out;
}

int lw_mkdirs_for(const char *file)
{
	char d[LW_PATH_MAX + 512];
	if ((size_t)snprintf(d, sizeof d, "%s", file) >= sizeof d) {
		errno = ENAMETOOLONG;
		return -1;
	}
	for (char *s = d + 1; *s; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		if (mkdir(d, 0700) < 0 && errno != EEXIST)
			return -1;
		*s = '/';
	}
	return 0;
}

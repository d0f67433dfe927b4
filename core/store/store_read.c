/* store_read.c — read a whole state file, refusing anything that is not a
 * regular file before it can block or flood us. */
#include "core/store/store_internal.h"
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char *kind_of(mode_t m)
{
	if (S_ISDIR(m)) return "a directory";
	if (S_ISFIFO(m)) return "a FIFO";
	if (S_ISSOCK(m)) return "a socket";
	if (S_ISCHR(m)) return "a character device";
	if (S_ISBLK(m)) return "a block device";
	return "not a regular file";
}

int store_read_fd(int fd, const char *path, size_t max_bytes, char **buf, size_t *len, lw_error *err)
{
	const struct store_ops *sys = store_sys();
	*buf = NULL;
	*len = 0;
	if (max_bytes > SIZE_MAX / 4)   /* keeps max_bytes + 1 and cap * 2 from wrapping */
		max_bytes = SIZE_MAX / 4;
	struct stat st;
	if (fstat(fd, &st) != 0) {
		lw_error_set(err, path, 0, 0, "cannot stat: %s", strerror(errno));
		return STORE_ERR;
	}
	if (!S_ISREG(st.st_mode)) {
		lw_error_set(err, path, 0, 0, "cannot read: %s", kind_of(st.st_mode));
		return STORE_ERR;
	}
	if ((unsigned long long)st.st_size > max_bytes)
		goto too_big;

	/* st_size is only a hint: a writer appending in place can grow the file
	 * between fstat and read, so read to EOF and keep checking the limit. */
	size_t cap = (size_t)st.st_size + 1, n = 0;
	char *p = malloc(cap + 1);
	if (!p) {
		lw_error_set(err, path, 0, 0, "cannot read: %s", strerror(ENOMEM));
		return STORE_ERR;
	}
	for (;;) {
		if (n == cap) {
			if (n > max_bytes) {
				free(p);
				goto too_big;
			}
			size_t ncap = cap * 2 > max_bytes + 1 ? max_bytes + 1 : cap * 2;
			char *q = realloc(p, ncap + 1);
			if (!q) {
				free(p);
				lw_error_set(err, path, 0, 0, "cannot read: %s", strerror(ENOMEM));
				return STORE_ERR;
			}
			p = q;
			cap = ncap;
		}
		ssize_t r = sys->read(fd, p + n, cap - n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			int e = errno;
			free(p);
			lw_error_set(err, path, 0, 0, "cannot read: %s", strerror(e));
			return STORE_ERR;
		}
		if (r == 0)
			break;
		n += (size_t)r;
	}
	if (n > max_bytes) {
		free(p);
		goto too_big;
	}
	p[n] = '\0';
	*buf = p;
	*len = n;
	return STORE_OK;

too_big:
	lw_error_set(err, path, 0, 0, "file is larger than %zu bytes", max_bytes);
	return STORE_ERR;
}

int store_read(const char *path, size_t max_bytes, char **buf, size_t *len, lw_error *err)
{
	const struct store_ops *sys = store_sys();
	*buf = NULL;
	*len = 0;
	/* O_NONBLOCK: opening a FIFO for reading would otherwise wait for a
	 * writer forever; we look at what it is before reading anything. */
	int fd = sys->open(AT_FDCWD, path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0);
	if (fd < 0) {
		if (errno == ENOENT)
			return STORE_ENOENT;
		lw_error_set(err, path, 0, 0, "cannot open: %s", strerror(errno));
		return STORE_ERR;
	}
	int rc = store_read_fd(fd, path, max_bytes, buf, len, err);
	sys->close(fd);
	return rc;
}

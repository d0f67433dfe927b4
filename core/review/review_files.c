/* review_files.c — a file a state file names as evidence or an artifact,
 * shown as text: inside the project only, regular files only, at most
 * LW_REVIEW_FILE_MAX bytes, and a binary file refused (a NUL byte or bytes
 * that are not UTF-8). */
#include "core/review/review.h"
#include "core/util/escape.h"
#include "core/util/fileio.h"
#include "core/store/store.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static bool is_text(const char *buf, size_t len)
{
	if (memchr(buf, '\0', len))
		return false;
	for (size_t i = 0; i < len;) {
		unsigned cp;
		size_t k = esc_utf8_decode((const unsigned char *)buf + i, len - i, &cp);
		if (!k) {
			/* A sequence cut by the size limit is still text. */
			if (len - i < 4 && len == LW_REVIEW_FILE_MAX)
				return true;
			return false;
		}
		i += k;
	}
	return true;
}

bool lw_review_file(lw_review *rv, const char *project, const char *path)
{
	/* A URL or a sentence is not a file: the caller shows it as text. */
	if (!path || !*path || strstr(path, "://") || strchr(path, '\n'))
		return false;
	char real[4096], msg[512];
	int rc = lw_review_path_ok(project, "file", path, real, sizeof real, msg, sizeof msg);
	if (rc < 0) {
		/* Only a path-looking value earns a refusal line. */
		if (strchr(path, '/') || strchr(path, '.')) {
			lw_review_line(rv, RK_WARN, "%s", msg);
			return true;
		}
		return false;
	}
	if (rc == 1)
		return false;
	/* Opened beneath the project by the store's own walk (openat2
	 * RESOLVE_BENEATH): a folder swapped for a link out since the check
	 * above cannot carry the read out of the project. */
	lw_error err;
	lw_error_clear(&err);
	int fd = store_open_beneath(project, real, &err);
	if (fd < 0 && errno == EXDEV) {
		char m[600];
		lw_review_line(rv, RK_WARN, "%s", lw_error_format(&err, m, sizeof m));
		return true;
	}
	struct stat st;
	if (fd < 0 || fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		if (fd >= 0)
			close(fd);
		if (fd >= 0 && S_ISDIR(st.st_mode)) {
			lw_review_line(rv, RK_NOTE, "%s: a directory", path);
			return true;
		}
		lw_review_line(rv, RK_WARN, "%s: %s", path, fd < 0 ? strerror(errno) : "not a regular file: not shown");
		return true;
	}
	size_t want = st.st_size > LW_REVIEW_FILE_MAX ? LW_REVIEW_FILE_MAX : (size_t)st.st_size;
	char *buf = malloc(want + 1);
	if (!buf)
		abort();
	size_t got = 0;
	while (got < want) {
		ssize_t r = read(fd, buf + got, want - got);
		if (r <= 0) {
			if (r < 0 && errno == EINTR)
				continue;
			break;
		}
		got += (size_t)r;
	}
	close(fd);
	if (!is_text(buf, got)) {
		lw_review_line(rv, RK_WARN, "%s: binary file (%lld bytes): not shown", path, (long long)st.st_size);
	} else {
		lw_review_line(rv, RK_HEAD, "%s (%lld bytes)", path, (long long)st.st_size);
		if (got) {
			size_t len = got && buf[got - 1] == '\n' ? got - 1 : got;
			lw_rlines_addml(&rv->body, RK_TEXT, buf, len, NULL);
		}
		if ((size_t)st.st_size > got)
			lw_review_line(rv, RK_CUT, "[cut: %s is %lld bytes; %d shown]", path, (long long)st.st_size,
			               LW_REVIEW_FILE_MAX);
	}
	free(buf);
	return true;
}

/* snapshot_file.c — see snapshot_file.h. */
#include "core/model/snapshot_file.h"
#include "core/util/fileio.h"
#include "core/util/inputs.h"
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

bool lw_snapshot_dangling(lw_snapshot *s, const char *path, const char *subject)
{
	struct stat st;
	if (lw_stat(path, &st, LW_STAT_NOFOLLOW) < 0 || !S_ISLNK(st.st_mode))
		return false;
	if (lw_stat(path, &st, LW_STAT_TYPE) == 0 || errno != ENOENT)
		return false;
	char to[LW_PATH_MAX];
	ssize_t n = readlink(path, to, sizeof to - 1);
	to[n > 0 ? n : 0] = '\0';
	lw_snapshot_problem(s, subject, "dangling_link", path, NULL, "a link to nothing (-> %s)", to);
	return true;
}

static const doc_node *kept(lw_snapshot *s, const char *path, const char *map_needed, bool *stale)
{
	const doc *d = lw_snapshot_kept(s, path);
	const doc_node *root = d ? doc_deref(d->root) : NULL;
	if (!root || (map_needed && !doc_is_map(root)))
		return NULL;
	*stale = true;
	return root;
}

const doc_node *lw_snapshot_file(lw_snapshot *s, const char *path, const char *subject, const char *map_needed,
                                 bool *stale)
{
	*stale = false;
	char *buf;
	size_t len;
	lw_error err;
	lw_error_clear(&err);
	int rc = lw_read_file(path, doc_default_limits.max_bytes, &buf, &len, &err);
	if (rc == LW_READ_MISSING)
		return lw_snapshot_dangling(s, path, subject) ? kept(s, path, map_needed, stale) : NULL;
	char msg[1200];
	if (rc != LW_READ_OK) {
		lw_snapshot_problem(s, subject, "unreadable", NULL, NULL, "%s", lw_error_format(&err, msg, sizeof msg));
		return kept(s, path, map_needed, stale);
	}
	const doc *d = lw_snapshot_parse(s, buf, len, path, &err);
	if (!d) {
		lw_snapshot_problem(s, subject, "parse_error", NULL, NULL, "%s", lw_error_format(&err, msg, sizeof msg));
		return kept(s, path, map_needed, stale);
	}
	const doc_node *root = doc_deref(d->root);
	if (map_needed && !doc_is_map(root)) {
		lw_snapshot_problem(s, subject, "parse_error", path, root, "%s", map_needed);
		return kept(s, path, map_needed, stale);
	}
	return root;
}

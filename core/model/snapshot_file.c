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
	char to[LW_PATH_MAX];
	if (!lw_dangling_link(path, to, sizeof to))
		return false;
	lw_snapshot_problem(s, subject, "dangling_link", path, NULL, "a link to nothing (-> %s)", to);
	return true;
}

void lw_snapshot_unread(lw_snapshot *s, const char *subject, const lw_error *err)
{
	char msg[1200];
	lw_snapshot_problem(s, subject, err->code ? err->code : "parse_error", NULL, NULL, "%s",
	                    lw_error_format(err, msg, sizeof msg));
}

void lw_snapshot_unopened(lw_snapshot *s, const char *path, const char *subject)
{
	struct stat st;
	if (lw_snapshot_dangling(s, path, subject) || lw_stat(path, &st, LW_STAT_TYPE) < 0)
		return;
	lw_snapshot_problem(s, subject, "unreadable", path, NULL, "cannot be read (%s)",
	                    S_ISREG(st.st_mode) ? "permission denied" : S_ISDIR(st.st_mode) ? "a directory"
	                    : S_ISFIFO(st.st_mode) ? "a FIFO" : "not a regular file");
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
		return NULL;
	const doc *d = rc == LW_READ_OK ? lw_snapshot_parse(s, buf, len, path, &err) : NULL;
	if (!d) {
		lw_snapshot_unread(s, subject, &err);
		return kept(s, path, map_needed, stale);
	}
	const doc_node *root = doc_deref(d->root);
	if (map_needed && !doc_is_map(root)) {
		lw_snapshot_problem(s, subject, "parse_error", path, root, "%s", map_needed);
		return kept(s, path, map_needed, stale);
	}
	return root;
}

/* links.c — a state file or folder that is a symlink out of the project
 * is read and checked as ever, but the store's boundary
 * (core/store/store_root.c) refuses every write through it. Said only at
 * that refusal, the operator would learn it when an approve fails; so
 * every load looks along the source's paths, below the project's
 * canonical root, for links whose end lies elsewhere, and each one is an
 * INFO alert (link_outside) naming the link and where it points.
 *
 * The walk uses lw_stat (the input record sees every look: status's cache
 * stays complete); only a link found is read and resolved. */
#include "core/model/links.h"
#include "core/store/store.h"
#include "core/util/inputs.h"
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

typedef struct walk {
	const char *dir;          /* canonical project folder */
	size_t dl;
	lw_snapshot *snap;
	/* The last path walked and how much of it was found to be no link:
	 * the next path (a task beside the last) starts below what they
	 * share, so a load costs one lstat per folder, not one per path. */
	char last[PATH_MAX];
	size_t ok;
} walk;

static bool said(const lw_snapshot *s, const char *subject)
{
	for (size_t i = 0; i < s->nproblems; i++)
		if (strcmp(s->problems[i].rule, "link_outside") == 0 && strcmp(s->problems[i].subject, subject) == 0)
			return true;
	return false;
}

/* prefix is a symlink: does it lead out of the project? */
static void one_link(walk *w, const char *prefix)
{
	const char *shown = prefix + w->dl + 1;
	if (said(w->snap, shown))
		return;
	char text[PATH_MAX];
	ssize_t k = readlink(prefix, text, sizeof text - 1);
	if (k < 0)
		return;
	text[k] = '\0';
	char *where = realpath(prefix, NULL);
	/* A link to nothing is dangling_link's to say; one whose text names a
	 * place outside is still worth saying, since a write would create it there. */
	bool outside = where ? !store_path_beneath(w->dir, where)
	                     : text[0] == '/' && !store_path_beneath(w->dir, text);
	if (outside) {
		bool same = !where || strcmp(where, text) == 0;
		lw_snapshot_problem(w->snap, shown, "link_outside", NULL, NULL,
		                    "is a symlink to %s%s%s%s, outside the project: read, but liza-watch will not write it",
		                    text, same ? "" : " (", same ? "" : where, same ? "" : ")");
	}
	free(where);
}

/* Each component of path below the project, nearest the root first; a
 * path elsewhere (a root named outside) is not the project's to judge. */
static void one_path(walk *w, const char *path)
{
	size_t len = strlen(path);
	if (len <= w->dl || strncmp(path, w->dir, w->dl) != 0 || path[w->dl] != '/' || len >= PATH_MAX)
		return;
	/* Components of the last path up to w->ok that this one shares, up
	 * to a '/' in both: already known to be plain folders. */
	size_t from = w->dl;
	for (size_t i = w->dl; i < w->ok && path[i] == w->last[i]; i++)
		if (path[i] == '/' && i > from)
			from = i;
	char prefix[PATH_MAX];
	memcpy(w->last, path, len + 1);
	w->ok = from;
	for (size_t i = from + 1; i <= len; i++) {
		if (i < len && path[i] != '/')
			continue;
		memcpy(prefix, path, i);
		prefix[i] = '\0';
		struct stat st;
		if (lw_stat(prefix, &st, LW_STAT_NOFOLLOW) != 0)
			return;                      /* not there: nothing further is either */
		if (S_ISLNK(st.st_mode)) {
			one_link(w, prefix);
			return;                      /* what lies beyond is the link's */
		}
		if (i < len)
			w->ok = i;                   /* a folder, no link: shared prefixes skip it */
	}
}

static void watched(const char *path, bool is_dir, void *ctx)
{
	(void)is_dir;
	if (!strchr(path, '*'))
		one_path(ctx, path);
}

void lw_links_outside(const char *dir, const lw_source *src, lw_snapshot *snap)
{
	walk w = { .dir = dir, .dl = strlen(dir), .snap = snap };
	if (w.dl <= 1)
		return;                              /* a project at / has no outside */
	one_path(&w, src->root);
	src->adapter->watch_paths(src, watched, &w);
	const char *last = NULL;
	for (size_t i = 0; i < snap->ntasks; i++) {
		const char *p = snap->tasks[i].path;
		if (p && (!last || strcmp(p, last) != 0))
			one_path(&w, p);
		last = p;
	}
}

/* liza_sim_fs.c — what the simulated team keeps on disk beside state.yaml,
 * as Liza's own scripts do: a claimed task's worktree directory (wt-create.sh
 * makes it, wt-merge.sh removes it after the merge) and the spec files the
 * tasks name. liza-validate.sh checks both, so a demo without them would be
 * all CRIT. Nothing here is ever removed but an empty worktree folder of a
 * task that no longer holds one. */
#include "systems/liza/shell/liza_sim.h"
#include "core/util/fileio.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* mkdir -p of root/rel (rel's own components only). */
static void make_dirs(const char *root, const char *rel, bool last_too)
{
	char p[8192];
	if ((size_t)snprintf(p, sizeof p, "%s/%s", root, rel) >= sizeof p)
		return;
	for (char *s = p + strlen(root) + 1; *s; s++)
		if (*s == '/') {
			*s = '\0';
			(void)mkdir(p, 0755);
			*s = '/';
		}
	if (last_too)
		(void)mkdir(p, 0755);
}

static bool safe_rel(const char *rel, size_t len)
{
	/* Only paths below the project: no absolute path, no "..". */
	if (!len || rel[0] == '/')
		return false;
	for (size_t i = 0; i + 1 < len; i++)
		if (rel[i] == '.' && rel[i + 1] == '.')
			return false;
	return true;
}

static void spec_file(const char *root, const char *ref)
{
	size_t len = strcspn(ref, "#");
	char rel[1024], p[8192];
	if (!safe_rel(ref, len) || len >= sizeof rel)
		return;
	memcpy(rel, ref, len);
	rel[len] = '\0';
	if ((size_t)snprintf(p, sizeof p, "%s/%s", root, rel) >= sizeof p)
		return;
	if (lw_exists(p, NULL))
		return;
	make_dirs(root, rel, false);
	int fd = open(p, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	if (fd >= 0) {
		static const char text[] = "# Spec (demo)\n";
		(void)!write(fd, text, sizeof text - 1);
		close(fd);
	}
}

void liza_sim_materialize(const char *liza_dir)
{
	char root[4096], path[4096];
	snprintf(root, sizeof root, "%s/..", liza_dir);
	snprintf(path, sizeof path, "%s/state.yaml", liza_dir);
	char *buf;
	size_t len;
	lw_error err;
	lw_error_clear(&err);
	if (lw_read_file(path, doc_default_limits.max_bytes, &buf, &len, &err) != LW_READ_OK)
		return;
	doc d;
	if (doc_parse(&d, buf, len, path, NULL, &err) == 0) {
		for (const doc_node *t = doc_seq_first(doc_get(doc_deref(d.root), "tasks")); t; t = t->next) {
			const char *status = doc_str(doc_get(t, "status"));
			const char *wt = doc_str(doc_get(t, "worktree"));
			const char *spec = doc_str(doc_get(t, "spec_ref"));
			if (spec)
				spec_file(root, spec);
			if (wt && status && strcmp(status, "CLAIMED") == 0 && safe_rel(wt, strlen(wt)))
				make_dirs(root, wt, true);
			else if (wt && status && strcmp(status, "MERGED") == 0 && safe_rel(wt, strlen(wt))) {
				char p[8192];
				if ((size_t)snprintf(p, sizeof p, "%s/%s", root, wt) < sizeof p)
					(void)rmdir(p);   /* empty only: never anything of the user's */
			}
		}
	}
	doc_free(&d);
	free(buf);
}

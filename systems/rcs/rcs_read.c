/* rcs_read.c — reading RCS's many small JSON files. A snapshot holds only a
 * few parsed documents, so each file is parsed, its tree copied into the
 * snapshot's arena (positions kept for messages) and its doc freed at once. */
#include "core/util/strbuf.h"
#include "systems/rcs/rcs.h"
#include "core/doc/doc_build.h"
#include "core/util/dirlist.h"
#include "core/util/fileio.h"
#include "core/util/inputs.h"
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Every RCS file is small; a cap keeps a runaway writer from costing us. */
#define RCS_MAX_FILE_BYTES (4u << 20)

int rcs_read_json(lw_snapshot *snap, const char *path, const doc_node **root, lw_error *err)
{
	*root = NULL;
	char *buf;
	size_t len;
	int rc = lw_read_file(path, RCS_MAX_FILE_BYTES, &buf, &len, err);
	if (rc == LW_READ_MISSING)
		return 1;
	if (rc != LW_READ_OK)
		return -1;
	snap->state_bytes += len;
	doc d;
	if (doc_parse(&d, buf, len, path, NULL, err) < 0) {
		doc_free(&d);   /* a failed parse may hold memory too */
		free(buf);
		return -1;
	}
	const doc_node *r = doc_deref(d.root);
	if (!r || r->kind != DOC_MAP) {
		/* Upstream writes JSON in place: an empty file is one caught
		 * mid-write, not a state. */
		lw_error_set(err, path, r ? r->line : 1, r ? r->col : 1, "%s",
		             r ? "must be a JSON object" : "empty (caught mid-write?)");
		doc_free(&d);
		free(buf);
		return -1;
	}
	*root = doc_clone(&snap->mem, r);
	doc_free(&d);
	free(buf);
	return 0;
}

size_t rcs_list_dir(arena *a, const char *dir, bool dirs, size_t max, const char ***names)
{
	*names = NULL;
	strbuf all;
	strbuf_init(&all);
	int err;
	if (lw_dir_names(dir, &all, &err) < 0)
		return 0;
	size_t n = 0, cap = 16;
	const char **v = malloc(cap * sizeof *v);
	if (!v)
		abort();
	char p[LW_PATH_MAX];
	for (size_t at = 0; at < all.len && n < max; at += strlen(all.buf + at) + 1) {
		const char *name = all.buf + at;
		if (name[0] == '.')
			continue;
		struct stat st;
		/* A linked folder is never entered (no loops, nothing outside the
		 * state folder); a linked file is read like the file. */
		lw_path_join(p, sizeof p, dir, name);
		if (lw_stat(p, &st, LW_STAT_TYPE | LW_STAT_NOFOLLOW) < 0)
			continue;
		/* A file's name listed is read, whatever is there: a FIFO, a link
		 * to nothing or a folder named like a file (x.json) is then an
		 * alert, not a silence. */
		size_t nl = strlen(name);
		bool json_name = nl > 5 && strcmp(name + nl - 5, ".json") == 0;
		if (dirs ? !S_ISDIR(st.st_mode) : S_ISDIR(st.st_mode) && !json_name)
			continue;
		if (n == cap) {
			cap *= 2;
			v = realloc(v, cap * sizeof *v);
			if (!v)
				abort();
		}
		v[n++] = arena_strdup(a, name);
	}
	strbuf_free(&all);
	qsort(v, n, sizeof *v, lw_strp_cmp);
	const char **out = arena_alloc(a, (n + 1) * sizeof *out);
	memcpy(out, v, n * sizeof *v);
	free(v);
	*names = out;
	return n;
}

/* dirlist.c — see dirlist.h. */
#include "core/util/dirlist.h"
#include "core/util/fileio.h"
#include "core/util/inputs.h"
#include "core/util/grow.h"
#include <errno.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int cmp_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int lw_dir_names(const char *dir, strbuf *names, int *err)
{
	DIR *d = opendir(dir);
	if (!d) {
		*err = errno;
		lw_input_dir(dir, false, *err, NULL, 0);
		errno = *err;
		return -1;
	}
	for (struct dirent *e; (e = readdir(d));) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		strbuf_add(names, e->d_name, strlen(e->d_name) + 1);
	}
	closedir(d);
	lw_input_dir(dir, true, 0, names->buf, names->len);
	return 0;
}

int lw_dirlist_read(lw_dirlist *l, const char *dir)
{
	l->names = NULL;
	l->n = 0;
	strbuf all;
	strbuf_init(&all);
	int err;
	if (lw_dir_names(dir, &all, &err) < 0)
		return -1;
	size_t cap = 0;
	for (size_t at = 0; at < all.len; at += strlen(all.buf + at) + 1) {
		const char *name = all.buf + at;
		if (name[0] == '.')   /* hidden, and every temp of ours (".<name>.<pid>.lw-…") */
			continue;
		l->names = lw_grow(l->names, &cap, l->n, sizeof *l->names, 16);
		l->names[l->n] = strdup(name);
		if (!l->names[l->n])
			abort();
		l->n++;
	}
	strbuf_free(&all);
	if (l->n > 1)
		qsort(l->names, l->n, sizeof *l->names, cmp_name);
	return 0;
}

void lw_dirlist_free(lw_dirlist *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->names[i]);
	free(l->names);
	l->names = NULL;
	l->n = 0;
}

bool lw_is_dir(const char *path)
{
	struct stat st;
	return lw_stat(path, &st, LW_STAT_TYPE) == 0 && S_ISDIR(st.st_mode);
}

char *lw_path_join_keep(char *out, size_t n, const char *a, const char *b)
{
	size_t al = strlen(a);
	snprintf(out, n, "%s%s%s", a, al && a[al - 1] == '/' ? "" : "/", b);
	return out;
}

bool lw_has_suffix(const char *name, const char *suffix)
{
	size_t n = strlen(name), s = strlen(suffix);
	return n >= s && strcmp(name + n - s, suffix) == 0;
}

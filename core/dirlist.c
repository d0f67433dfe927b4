/* dirlist.c — see dirlist.h. */
#include "core/dirlist.h"
#include "core/store.h"
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int cmp_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int lw_dirlist_read(lw_dirlist *l, const char *dir)
{
	l->names = NULL;
	l->n = 0;
	DIR *d = opendir(dir);
	if (!d)
		return -1;
	size_t cap = 0;
	for (struct dirent *e; (e = readdir(d));) {
		if (e->d_name[0] == '.' || store_is_temp_name(e->d_name))
			continue;
		if (l->n == cap) {
			cap = cap ? cap * 2 : 16;
			l->names = realloc(l->names, cap * sizeof *l->names);
			if (!l->names)
				abort();
		}
		l->names[l->n] = strdup(e->d_name);
		if (!l->names[l->n])
			abort();
		l->n++;
	}
	closedir(d);
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
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
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

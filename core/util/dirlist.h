/* dirlist.h — a folder's entries, sorted, for the loaders of systems that
 * keep one file (or one folder) per task or agent. Sorted so the board's
 * order does not depend on the filesystem's. */
#ifndef LW_DIRLIST_H
#define LW_DIRLIST_H
#include <stdbool.h>
#include <stddef.h>
#include "core/util/strbuf.h"

typedef struct lw_dirlist {
	char **names;
	size_t n;
} lw_dirlist;

/* Every entry of dir but "." and "..", in readdir order, each NUL-ended,
 * appended to names; -1 with *err (and errno) set when dir cannot be opened.
 * The input record sees the listing. */
int  lw_dir_names(const char *dir, strbuf *names, int *err);
/* Entries of dir except dot names and our own temp names, sorted bytewise.
 * -1 (errno set) when dir cannot be opened. */
int  lw_dirlist_read(lw_dirlist *l, const char *dir);
void lw_dirlist_free(lw_dirlist *l);
bool lw_is_dir(const char *path);
/* a + "/" + b, keeping a leading "./": watch paths must start with the
 * source's root as written, even when that root is ".". */
char *lw_path_join_keep(char *out, size_t n, const char *a, const char *b);
/* Does name end with suffix? */
bool lw_has_suffix(const char *name, const char *suffix);

#endif

/* review_stat.h — per-file counts of a patch, fed line by line as it
 * streams, printed as git's --stat is. */
#ifndef LW_REVIEW_STAT_H
#define LW_REVIEW_STAT_H
#include "core/review/review.h"

typedef struct lw_stat_file {
	char *name;               /* "a => b" for a rename */
	size_t add, del;
	bool binary, renamed;
} lw_stat_file;

typedef struct lw_diffstat {
	lw_stat_file *v;
	size_t n, cap;
	size_t add, del;
	bool changed;             /* a line counted since the last render */
} lw_diffstat;

void lw_diffstat_init(lw_diffstat *s);
void lw_diffstat_free(lw_diffstat *s);
/* One line of the patch as lw_diff_classify sorted it. */
void lw_diffstat_line(lw_diffstat *s, lw_rkind kind, const char *line, size_t len);
/* The stat lines, the summary and a blank line, appended to out. */
void lw_diffstat_render(lw_diffstat *s, lw_rlines *out);

#endif

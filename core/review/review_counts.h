/* review_counts.h — the `+added −removed` and files changed of the work
 * each queue item holds under review, counted by the review's own git pump
 * (review_git.h: a child, pipes that never block) and kept by commit range:
 * the same range is never diffed twice, and one git runs at a time. */
#ifndef LW_REVIEW_COUNTS_H
#define LW_REVIEW_COUNTS_H
#include "core/model/queue.h"
#include "core/review/review_git.h"
#include "core/review/review_stat.h"

typedef struct lw_count_entry {
	char key[2 * LW_COMMIT_MAX + 8];   /* "base..head" */
	long long add, del, files;         /* -1: git failed */
} lw_count_entry;

typedef struct lw_counts {
	lw_count_entry *v;
	size_t n, cap;
	/* The range being counted, and its job. */
	bool running;
	char key[2 * LW_COMMIT_MAX + 8];
	lw_git_job job;
	lw_diffstat stat;
} lw_counts;

void lw_counts_init(lw_counts *c);
void lw_counts_free(lw_counts *c);
/* Fill each item's counts from the cache; for the first item under review
 * whose range is not known yet, start git (when none runs). dirs[m] is
 * item member m's project. true when a count changed. */
bool lw_counts_fill(lw_counts *c, lw_queue *q, const lw_project *const *projects);
/* The job's pipe (-1 when none runs), for the HUD's poll. */
int  lw_counts_fd(const lw_counts *c);
/* Read what is ready; true when a range finished (fill again). */
bool lw_counts_pump(lw_counts *c);
/* The CLI: count every item's range, waiting for git. */
void lw_counts_all(lw_counts *c, lw_queue *q, const lw_project *const *projects);

#endif

/* bench_time.h — what every bench measures with: a monotonic clock in
 * milliseconds, and the order its samples sort in (for medians and
 * percentiles). Header-only: each bench is a program of its own. */
#ifndef LW_BENCH_TIME_H
#define LW_BENCH_TIME_H
#include <time.h>

static inline double bench_now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* qsort(3) order for an array of double. */
static inline int bench_cmp_ms(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

#endif

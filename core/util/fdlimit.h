/* fdlimit.h — the descriptor limit (RLIMIT_NOFILE, `ulimit -n`), raised
 * where the system lets us and named when it is what stops us.
 *
 * One inotify instance per watched project, the terminal, a signal pipe and
 * the files being read: sixty projects at a soft limit of 64 run out. Like
 * many servers, main() raises the soft limit to the hard one at start
 * (lw_fdlimit_raise); children get the limit they would have had
 * (lw_fdlimit_restore after fork). When the hard limit is low too, what
 * fails says so (lw_fdlimit_reached, lw_fdlimit_text) instead of blaming
 * another limit or exiting without a word. */
#ifndef LW_FDLIMIT_H
#define LW_FDLIMIT_H
#include <stdbool.h>
#include <stddef.h>

/* Descriptors kept free for reading files, the terminal and children: a
 * long-lived descriptor (an inotify instance) that would leave fewer is
 * refused as if the limit were reached. */
#define LW_FD_RESERVE 16

/* Soft limit up to the hard one (never lowered; failures ignored). */
void lw_fdlimit_raise(void);
/* In a child before exec: the soft limit as it was before the raise. */
void lw_fdlimit_restore(void);
/* The soft limit now; -1 when unlimited or unknown. */
long lw_fdlimit_now(void);
/* After EMFILE (or EINVAL from poll): is the per-process descriptor limit
 * what was hit (no descriptor can be had now), rather than, say, the
 * inotify instance limit? */
bool lw_fdlimit_reached(void);
/* Does descriptor fd leave fewer than LW_FD_RESERVE free below the limit? */
bool lw_fdlimit_too_close(int fd);
/* "the descriptor limit (ulimit -n) of 64 open files is reached: raise it
 * (ulimit -n, or the hard limit), or watch fewer projects" into buf. */
const char *lw_fdlimit_text(char *buf, size_t n);

#endif

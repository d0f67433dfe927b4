/* sigpipe.h — signals as bytes on a pipe (the self-pipe trick), so the one
 * poll() loop sees SIGTERM, SIGINT, SIGHUP and SIGWINCH like any input. */
#ifndef LW_SIGPIPE_H
#define LW_SIGPIPE_H

/* Install handlers for the given signals; returns the read end, or -1. */
int  sigpipe_open(const int *sigs, int n);
/* Next pending signal number, or 0 when none. */
int  sigpipe_next(void);
void sigpipe_close(void);

#endif

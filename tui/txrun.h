/* txrun.h — one transition run off the UI loop. The HUD forks a child that
 * calls the adapter's transition (which may block on the system's lock for
 * seconds) and sends the tx_result back over a pipe; the loop polls the pipe
 * with everything else, so the screen keeps drawing, reloading and reading
 * keys. A cancel is SIGKILL: the store makes a kill at any instant safe.
 * Nothing here knows about ncurses, so it is tested on its own. */
#ifndef LW_TXRUN_H
#define LW_TXRUN_H
#include "core/model/adapter.h"
#include "platform/platform.h"
#include <stdbool.h>
#include <sys/types.h>

typedef enum txrun_state {
	TXRUN_IDLE = 0,
	TXRUN_RUNNING,            /* the child works (or waits on a lock) */
	TXRUN_CANCELLING,         /* killed; waiting for it to be gone */
} txrun_state;

typedef struct txrun {
	txrun_state state;
	pid_t pid;
	int fd;                   /* the pipe's read end, -1 when idle */
	int wait_fd;              /* the child's "I wait for this lock" messages, -1 when idle */
	platform_lifeline life;   /* so the child dies with us */
	char lock[4096];          /* the lock file the child waits for, "" when none */
	char msg[4096];           /* the message being read from wait_fd */
	size_t msg_got;
	long long started_ms;     /* CLOCK_MONOTONIC */
	size_t got;               /* bytes of res read so far */
	tx_result res;
	char waiting[384];        /* "path.lock" (held by NAME pid N), or "" */
} txrun;

void txrun_init(txrun *t);
/* Fork a child that runs src's transition for rq. -1 (with why) when the
 * child could not be started: nothing ran. */
int  txrun_start(txrun *t, const char *project, const lw_source *src, const tx_request *rq, char *why, size_t n);
bool txrun_busy(const txrun *t);
/* The pipe to poll (POLLIN), or -1. */
int  txrun_fd(const txrun *t);
/* ms until the next look at what the child waits for (-1: no need). */
int  txrun_timeout_ms(const txrun *t);
/* Read what the pipe has. Returns 1 when the run is over (res filled:
 * the child's result; TX_IO when it died without one; *cancelled true when
 * txrun_cancel ended it), else 0. Refreshes t->waiting (relative to dir). */
int  txrun_poll(txrun *t, const char *dir, tx_result *res, bool *cancelled);
/* Kill the child; txrun_poll reports the end once it has exited. */
void txrun_cancel(txrun *t);
/* Kill and reap now (the HUD quits). true when a run was cut short. */
bool txrun_abandon(txrun *t);
/* Seconds since the run started. */
long txrun_elapsed_s(const txrun *t);

#endif

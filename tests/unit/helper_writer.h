/* helper_writer.h — writers that behave as the five systems' own tools do,
 * for the transaction tests: each runs in a child process and increments
 * "counter: N" (or appends a line) a given number of times. */
#ifndef HELPER_WRITER_H
#define HELPER_WRITER_H
#include <stdbool.h>
#include <sys/types.h>

typedef enum wr_style {
	WR_INPLACE,        /* open O_TRUNC, write in two halves, close: Foreman, AoT, ACP (no lock) */
	WR_RENAME,         /* temp + rename, no lock: oh-my-codex / RCS */
	WR_RENAME_SLOW,    /* the same, 5 ms of work between its read and its rename */
	WR_FLOCK_RENAME,   /* flock <file>.lock, temp + rename: the Liza scripts (yq -i, internal/db) */
	WR_FLOCK_APPEND,   /* flock <lock>, `cat >>` one line: Liza agents on log.yaml */
} wr_style;

/* Start a writer on path doing rounds updates (lock: the lock file for the
 * flock styles). Returns its pid. */
pid_t wr_start(const char *path, const char *lock, wr_style style, int rounds);
/* Wait for it; true when it did every round. */
bool wr_wait(pid_t pid);
/* The "counter: N" value in path (-1 if none), or for an appended file the
 * number of lines starting with "w ". */
long wr_counter(const char *path);
long wr_count_lines(const char *path, const char *prefix);
/* "ours: N" in path. */
long wr_ours(const char *path);

#endif

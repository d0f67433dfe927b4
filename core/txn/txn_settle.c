/* txn_settle.c — the wait of a transaction's read, for the reads before it.
 *
 * A transition reads the project first (to find the task, to see what the
 * operator would act on) and only then takes the system's lock and commits.
 * The commit reads each file while nobody has it open for writing
 * (txn_quiet.h), waiting up to txn_busy_ms() for a writer that rewrites it
 * in place (Task Factory, AoT, ACP: truncate, then write). The first read
 * made no such wait: a file caught between truncate and write read as empty
 * or cut short, and the transition failed with "no task" and a parse error
 * although the commit would have waited. This is that same wait, for
 * lw_read_file (lw_read_settle_with). */
#include "core/txn/txn.h"
#include "core/txn/txn_quiet.h"
#include <errno.h>
#include <stdlib.h>
#include <time.h>

static long long mono_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

bool txn_read_settled(const char *path, size_t max_bytes, char **buf, size_t *len)
{
	long long deadline = mono_ms() + txn_busy_ms();
	long wait = 1;
	for (;;) {
		txn_hold h = { .fd = -1 };
		lw_error err;
		lw_error_clear(&err);
		int rc = txn_quiet_read(path, false, &h, buf, len, &err);
		if (rc == STORE_OK && *len <= max_bytes)
			return true;
		if (rc == STORE_OK)
			free(*buf);
		*buf = NULL;
		*len = 0;
		/* Anything but a writer still at it (missing, not a regular file,
		 * too big, past the budget) is for the plain read to say. */
		long left = (long)(deadline - mono_ms());
		if (rc != TXN_BUSY || left <= 0)
			return false;
		struct timespec ts = { 0, (wait < left ? wait : left) * 1000000L };
		while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
			;
		wait = wait * 2 > 50 ? 50 : wait * 2;
	}
}

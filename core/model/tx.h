/* tx.h — the transition engine every system shares: a table of (from, event,
 * to, needs, guards) rows decides what is allowed; the system's adapter only
 * says which fields a row writes. A denied transition changes nothing and
 * says what was refused and how to recover. */
#ifndef LW_TX_H
#define LW_TX_H
#include <stdbool.h>
#include <stddef.h>
#include <time.h>

enum tx_needs {
	TX_REASON = 1,            /* a reason text is required */
	TX_QUESTION = 2,          /* a question for the planner is required */
	TX_CONFIRM = 4,           /* the HUD asks y/N first */
};

typedef struct tx_row {
	const char *from;         /* state name; "*" = any state; NULL = a project lever */
	const char *event;
	const char *to;           /* NULL = the state does not change */
	unsigned needs;
	unsigned guards;          /* the system's own guard bits */
	const char *help;         /* one line for help screens and choosers */
} tx_row;

typedef struct tx_table {
	const char *system;
	const tx_row *rows;
	size_t n;
} tx_table;

typedef enum tx_rc {
	TX_DONE = 0,
	TX_DENIED = 1,            /* nothing written */
	TX_USAGE = 2,
	TX_IO = 3,                /* read, lock or write failure: nothing written */
	TX_ASK = 4,               /* allowed only with force: the HUD asks, the CLI needs --force */
} tx_rc;

typedef struct tx_request {
	const char *subject;      /* task id; NULL for a project lever */
	const char *event;
	const char *as;           /* who acts */
	const char *reason, *question;
	const char *expect_status;    /* compare-and-swap: the state the operator saw (NULL = any) */
	const char *expect_commit;    /* and the review commit, when there was one */
	bool force;               /* override another reviewer's live review lease */
	bool all_sessions;        /* RCS clear: every session's scope, not just the current one */
	time_t now;
} tx_request;

typedef struct tx_result {
	tx_rc rc;
	char message[768];        /* what happened, or why not and how to recover */
	char note[512];           /* an extra line worth saying after a success (e.g. who will
	                             merge); tx_set of any other rc empties it */
} tx_result;

/* The row for (from, event), or NULL with why filled: the event unknown to
 * the system, or not allowed from this state (naming where it is allowed). */
const tx_row *tx_lookup(const tx_table *t, const char *from, const char *event, char *why, size_t n);
/* Rows whose event applies from this state, in table order. */
size_t tx_rows_from(const tx_table *t, const char *from, const tx_row **out, size_t max);
/* A lever (a row with from NULL) by event name. */
const tx_row *tx_lever(const tx_table *t, const char *event);

void tx_set(tx_result *r, tx_rc rc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#endif

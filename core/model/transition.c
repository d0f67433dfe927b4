/* transition.c — the one door every transition goes through (the CLI's
 * commands, the HUD's keys, the demo): the project's canonical root is
 * entered as the store's boundary (core/store/store_root.c) for the
 * length of the adapter's transition, so no system's write, lock, temp
 * or commit record can land outside the project, whatever its files link
 * to. A refusal there is a write failure: TX_IO, nothing written. */
#include "core/model/adapter.h"
#include "core/model/journal.h"
#include "core/store/store.h"
#include "core/util/timeparse.h"
#include <string.h>


int lw_transition(const char *project, const lw_source *src, const tx_request *rq, tx_result *res)
{
	lw_error err;
	lw_error_clear(&err);
	memset(res, 0, sizeof *res);
	if (!project)
		lw_error_set(&err, src->root, 0, 0, "no project folder to confine the write to");
	if (!project || store_root_enter(project, &err) != STORE_OK) {
		char msg[600];
		tx_set(res, TX_IO, "%s; nothing written", lw_error_format(&err, msg, sizeof msg));
		return TX_IO;
	}
	int rc = src->adapter->transition(src, rq, res);
	store_root_leave();
	/* What the operator did, whatever the system records of it (several
	 * record nothing): a write done, denied or failed. An override still
	 * to confirm (TX_ASK) or a typo (TX_USAGE) did nothing yet. */
	if (rc == TX_DONE || rc == TX_DENIED || rc == TX_IO)
		(void)lw_journal_append(project, src->adapter->name, rq->subject, rq->event, rq->as, (tx_rc)rc,
		                        rq->now ? rq->now : lw_now());
	return rc;
}

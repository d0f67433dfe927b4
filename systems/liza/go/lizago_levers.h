/* lizago_levers.h — today's Liza's system-wide levers as edits of its
 * state (lizago_levers.c), for the transaction of lizago_tx.c. */
#ifndef LW_LIZAGO_LEVERS_H
#define LW_LIZAGO_LEVERS_H
#include "core/doc/doc.h"
#include "core/edit/edit.h"
#include "core/model/tx.h"
#include "core/util/strbuf.h"
#include <stdbool.h>

typedef struct lizago_lever {
	const tx_request *rq;
	const char *ts;           /* the write's time, UTC RFC 3339 */
	char action[32];          /* the log.yaml action it wrote ("paused") */
	const char *detail;       /* the log entry's words ("system paused") */
	strbuf *report;           /* checkpoint: the sprint summary, rendered (lizago_summary.h) */
} lizago_lever;

/* Is ev one of the levers (pause, resume, abort = stop, checkpoint,
 * auto-resume-on, auto-resume-off)? */
bool lizago_lever_event(const char *ev);
/* The lever's edit of the state whose root is root, or why not. */
tx_rc lizago_lever_apply(lizago_lever *l, const doc_node *root, editor *ed, tx_result *res);

#endif

/* cli_acks.c — the operator's acknowledgements (core/model/acks.h) as the
 * commands see them: `check --json` and `events` say "acked": true, and
 * `status` counts them apart; check's exit codes do not change. The file
 * is read once per process (through the recorded reads, so a kept status
 * line changes when an acknowledgement does). */
#include "cli/cli.h"
#include "core/model/acks.h"
#include "core/model/adapter.h"
#include <stdlib.h>

static lw_acks *acks(void)
{
	static lw_acks a;
	static bool opened;
	if (!opened) {
		lw_acks_open(&a);
		opened = true;
		if (a.problem[0])
			cli_error("%s", a.problem);   /* once: an acknowledgement is never lost unsaid */
	}
	return &a;
}

void cli_acks_mark(const struct lw_project *p, lw_alerts *al)
{
	lw_acks_mark(acks(), p->dir, al);
}

void cli_acks_prune(const struct lw_project *p, const lw_alerts *al)
{
	lw_acks_prune(acks(), p->dir, al);
}

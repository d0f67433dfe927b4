/* txn_report.h — what recovery refused, told once (internal to core/txn,
 * set by the commands). A commit record without valid proof of being ours
 * (core/txn/txn_proof.h) is never applied and is left in place; its path
 * and the reason are told once per process: on stderr in the CLI's modes,
 * collected for the HUD's message line, or not at all for
 * `status --tmux`, which tmux runs every few seconds (the record stays,
 * and every other command still says so). */
#ifndef LW_TXN_REPORT_H
#define LW_TXN_REPORT_H
#include "core/util/strbuf.h"
#include <stddef.h>

typedef enum txn_report_mode {
	TXN_REPORT_STDERR = 0,    /* the default */
	TXN_REPORT_COLLECT,       /* kept for txn_report_take (the HUD) */
	TXN_REPORT_QUIET,         /* status --tmux */
} txn_report_mode;

void txn_report_set(txn_report_mode m);
/* path was not applied because of why: told once per path. */
void txn_report_refused(const char *path, const char *why);
/* The lines collected so far (each ending in a newline), moved into out;
 * how many. */
size_t txn_report_take(strbuf *out);

#endif

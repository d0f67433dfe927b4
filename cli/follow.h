/* follow.h — the loop behind `check --follow` and `status --follow`: wait on
 * the watcher, signals and the next check deadline; after each change call
 * back with fresh alerts. Ends cleanly on SIGINT, SIGTERM, SIGHUP and when
 * the reader of stdout goes away (EPIPE). */
#ifndef LW_FOLLOW_H
#define LW_FOLLOW_H
#include "cli/cli.h"
#include "core/model/adapter.h"

/* Return false to stop (e.g. the output failed). */
typedef bool (*follow_fn)(const lw_project *p, const lw_alerts *alerts, void *ctx);

int follow_run(const lw_opts *o, lw_project *p, follow_fn fn, void *ctx);

#endif

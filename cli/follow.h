/* follow.h — the loop behind `check --follow`, `status --follow` and
 * `metrics --follow`: wait on every project's watcher, signals and the next
 * check deadline; after a change call back with that project's fresh
 * alerts (a change in one project re-checks only that project). Ends
 * cleanly on SIGINT, SIGTERM, SIGHUP and when the reader of stdout goes
 * away (EPIPE). */
#ifndef LW_FOLLOW_H
#define LW_FOLLOW_H
#include "cli/cli.h"
#include "core/model/fleet.h"

/* Called once per project at start, then after each change of member i.
 * Return false to stop (e.g. the output failed). */
typedef bool (*follow_fn)(const lw_fleet *f, size_t i, const lw_alerts *alerts, void *ctx);

int follow_run(const lw_opts *o, lw_fleet *f, follow_fn fn, void *ctx);

#endif

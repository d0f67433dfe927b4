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
/* The same, and also[i] (NULL, or an entry NULL: none) is a file outside
 * project i whose change calls fn for i as a change of the project does
 * (live_watch_also): `events --follow` and the user's journal. */
int follow_run_also(const lw_opts *o, lw_fleet *f, char *const *also, follow_fn fn, void *ctx);

/* For a follow_fn that writes one output for the whole fleet (status,
 * metrics): keep project i's fresh alerts in kept[i] and mark it reported.
 * true once every project has reported: at start they report one by one,
 * and an output before the last would read as if the others had no alerts. */
bool follow_keep(lw_alerts *kept, bool *reported, const lw_fleet *f, size_t i, const lw_alerts *alerts);

#endif

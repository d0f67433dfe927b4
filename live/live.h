/* live.h — a project kept up to date: the watcher's "path X changed" mapped
 * to the sources it belongs to, and only those reloaded. Used by the HUD and
 * by `check --follow` / `status --follow`. */
#ifndef LW_LIVE_H
#define LW_LIVE_H
#include "core/model/adapter.h"
#include "watch/watch.h"

typedef struct live {
	lw_project *proj;
	watch *w;
	bool pending[LW_MAX_SOURCES];   /* changed since the last reload */
	bool rescan;
	/* Systems whose state appears later are picked up: the project folder
	 * is watched (a new .liza/ shows at once) and, while some system is
	 * absent, detection runs again every few seconds (state made deeper
	 * inside a folder that already existed). */
	bool discover;
	bool network_fs;                /* inotify may miss writes: detection also polls */
	bool polling;                   /* --poll: likewise */
	long long next_detect_ms;       /* CLOCK_MONOTONIC */
} live;

int  live_open(live *l, lw_project *p, bool use_poll, int poll_ms, lw_error *err);
void live_close(live *l);
int  live_fd(const live *l);
int  live_timeout_ms(const live *l);
/* Drain the watcher, pick up systems that appeared, and reload what changed.
 * Returns how many sources were reloaded (successfully or not, new ones
 * included): 0 means nothing to redraw. */
int  live_process(live *l);

#endif

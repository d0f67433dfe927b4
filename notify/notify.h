/* notify.h — telling the operator that a new alert appeared, beyond the
 * screen: the terminal bell, a desktop notification through the terminal
 * (OSC 777 or OSC 9, wrapped for tmux when inside it), and a program from
 * the user's own config, run with an argument vector (never a shell) and the
 * alert in LIZA_WATCH_* environment variables. Each alert notifies once
 * while it stands; the alerts present when watching starts are the baseline
 * and do not notify. One change of the state makes at most three
 * notifications, the third counting the rest ("and 4 more"); changes less
 * than notify.gap after the last notification make none, their alerts
 * counted into the next one. A layer of its own: `check --follow` and the HUD both use
 * it, and it writes to a terminal and starts programs, which core never does. */
#ifndef LW_NOTIFY_H
#define LW_NOTIFY_H
#include "core/model/config.h"
#include "core/model/model.h"
#include <stdbool.h>
#include <stddef.h>

typedef struct notifier {
	int min_level;            /* LW_WARN or LW_CRIT; -1: off */
	bool bell;
	int osc;                  /* 0 off, 777 or 9 */
	bool tmux;                /* wrap OSC for tmux's passthrough */
	int tty;                  /* where bell and OSC go; -1 none */
	char **argv;              /* the program's words, NULL-ended; NULL: none */
	long long gap_ms;
	const char *project;      /* LIZA_WATCH_PROJECT */
	lw_alerts seen;           /* alerts already told (or the baseline), still standing */
	bool started;             /* the baseline was taken */
	long long last_ms;        /* monotonic time of the last notification; -1 none */
	size_t held;              /* new alerts not told because of the gap */
	size_t sent;              /* notifications made, for tests and the HUD's message */
} notifier;

/* tty: the terminal's fd for bell and OSC (-1: none, e.g. not a terminal). */
void notify_init(notifier *n, const lw_config *cfg, int tty, const char *project);
void notify_free(notifier *n);
/* Whether the HUD, which rings its own bell (on its draw, for a new CRIT),
 * may ring it: notify.bell on and notify.level not off (NULL cfg: yes). */
bool notify_hud_bell(const lw_config *cfg);
/* After each check pass: notify the alerts at or above the level that are
 * new since the last call. Returns how many notifications were made. */
size_t notify_update(notifier *n, const lw_alerts *al);

#endif

/* tui.h — the full-screen HUD: the one entry point front ends call. */
#ifndef LW_TUI_H
#define LW_TUI_H
#include <stdbool.h>
#include "core/model/adapter.h"
#include "core/model/fleet.h"

struct hud_keymap;
struct lw_thresholds;

typedef struct tui_opts {
	const char *theme;        /* name or path; NULL = default */
	const char *theme_at;     /* "file:line" when the theme came from a config file
	                             (then a missing theme is a warning, not an error) */
	const char *const *theme_dirs;  /* where a bare theme name is looked up (NULL-terminated) */
	bool no_color;
	bool poll;                /* stat polling instead of inotify */
	int poll_ms;
	const char *as;           /* who acts, for transitions */
	const struct hud_keymap *keymap;        /* NULL = the defaults */
	const struct lw_thresholds *th;         /* NULL = the built-in thresholds */
	const struct lw_config *cfg;            /* notify.* (NULL: no notifications but the bell) */
	const char *warnings;     /* config complaints, "file:line: message" lines:
	                             the first goes to the message line */
	const char *banner;       /* NULL, or what the header says first ("DEMO: simulated agents") */
	int sim_pid;              /* > 0: the demo's simulated team, paused and resumed by P (SIGUSR1) */
	bool reset_ui;            /* --reset-ui: the saved UI state (tui/uistate.h) not read */
	bool no_mouse;            /* --no-mouse: the config's mouse = 0 for this run */
} tui_opts;

/* Runs until the operator quits or the terminal goes away. The fleet holds
 * one project, or several (shown together, P narrows to one). Returns an exit code. */
int tui_run(lw_fleet *f, const tui_opts *o);

#endif

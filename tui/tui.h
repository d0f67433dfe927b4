/* tui.h — the full-screen HUD: the one entry point front ends call. */
#ifndef LW_TUI_H
#define LW_TUI_H
#include <stdbool.h>
#include "core/adapter.h"

typedef struct tui_opts {
	const char *theme;        /* name or path; NULL = default */
	bool no_color;
	bool poll;                /* stat polling instead of inotify */
	int poll_ms;
	const char *as;           /* who acts, for transitions */
} tui_opts;

/* Runs until the operator quits or the terminal goes away. Returns an exit code. */
int tui_run(lw_project *p, const tui_opts *o);

#endif

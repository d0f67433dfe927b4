/* cmd_hud.c — `hud` (the default command): the full-screen HUD. */
#include "cli/cli.h"
#include "core/adapter.h"
#include "tui/tui.h"
#include <stdio.h>

int cmd_hud(const lw_opts *o, int argc, char **argv)
{
	if (argc > 1) {
		cli_error("hud: unexpected argument '%s'", argv[1]);
		return EXIT_USAGE;
	}
	lw_project p;
	if (cli_open_project(o, &p) < 0)
		return EXIT_UNREADABLE;
	tui_opts t = { .theme = o->theme, .no_color = o->no_color, .poll = o->poll, .poll_ms = o->poll_ms, .as = o->as };
	int rc = tui_run(&p, &t);
	lw_project_close(&p);
	return rc;
}

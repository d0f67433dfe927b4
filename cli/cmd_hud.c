/* cmd_hud.c — `hud` (the default command): the full-screen HUD, with the
 * config's key bindings applied to a copy of the default keymap. */
#include "cli/cli.h"
#include "core/model/adapter.h"
#include "core/model/config.h"
#include "core/model/fleet.h"
#include "core/txn/txn_report.h"
#include "tui/keymap.h"
#include "tui/tui.h"
#include <stdio.h>

int cmd_hud_run(const lw_opts *o, lw_fleet *f, const char *banner, int sim_pid)
{
	hud_keymap km;
	keymap_init(&km);
	strbuf bind_warn;
	strbuf_init(&bind_warn);
	keymap_apply(&km, o->cfg, &bind_warn);
	if (bind_warn.len)
		fputs(bind_warn.buf, stderr);
	/* The message line shows the first complaint of either kind. */
	strbuf warn;
	strbuf_init(&warn);
	strbuf_adds(&warn, o->cfg->warnings.buf ? o->cfg->warnings.buf : "");
	strbuf_adds(&warn, bind_warn.buf ? bind_warn.buf : "");
	/* Commit records recovery would not apply (planted, or older): said on
	 * the message line, not on a terminal curses is about to take. */
	txn_report_take(&warn);
	data_theme_dirs themes;
	data_path_themes(o->argv0, &themes);
	tui_opts t = {
		.theme = o->theme, .theme_dirs = themes.list, .theme_at = o->theme_at, .no_color = o->no_color, .poll = o->poll,
		.poll_ms = o->poll_ms, .as = o->as, .keymap = &km, .th = &o->cfg->th, .warnings = warn.buf, .cfg = o->cfg,
		.banner = banner, .sim_pid = sim_pid, .reset_ui = o->reset_ui, .no_mouse = o->no_mouse,
	};
	int rc = tui_run(f, &t);
	strbuf_free(&warn);
	strbuf_free(&bind_warn);
	return rc;
}

static int cmd_hud(const lw_opts *o, const cli_args *a)
{
	if (cli_args_max(a, 0))
		return EXIT_USAGE;
	lw_fleet f;
	txn_report_set(TXN_REPORT_COLLECT);
	if (cli_open_fleet(o, &f, true) < 0)
		return EXIT_UNREADABLE;
	int rc = cmd_hud_run(o, &f, NULL, 0);
	lw_fleet_free(&f);
	return rc;
}

static const cli_option no_opts[] = { { NULL, 0, 0, NULL, NULL } };

const cli_command cmd_hud_entry = {
	"hud", "", "full-screen HUD (the default command)", NULL, no_opts, "", cmd_hud, true, false,
};

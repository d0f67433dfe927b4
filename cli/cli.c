/* cli.c — global options, then one table entry per command (tmux style). */
#include "core/util/inputs.h"
#include "core/util/escape.h"
#include "cli/cli.h"
#include "cli/status_cache.h"
#include "core/model/adapter.h"
#include "core/model/config.h"
#include "core/util/timeparse.h"
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char cli_usage[] =
	"usage: liza-watch [-C DIR] [--as ID] [--theme NAME|PATH] [--no-color] [--poll[=MS]] [COMMAND]\n"
	"\n"
	"commands:\n"
	"  hud                        full-screen HUD (the default)\n"
	"  check [--json] [--follow]  run every check once and print alerts\n"
	"  status [--tmux|--json] [--follow] [--format FMT]\n"
	"                             one-line summary (tmux status line, scripts)\n"
	"  approve TASK [--force]     approve a task awaiting review\n"
	"  reject TASK --reason TEXT [--force]\n"
	"                             reject a task awaiting review\n"
	"  transition TASK EVENT [--reason TEXT] [--question TEXT] [--force] [--all-sessions]\n"
	"                             any other transition of the system's table\n"
	"                             (liza: block, note; levers: transition liza pause|resume|abort|clear-checkpoint)\n"
	"                             (rcs: transition rcs:MODE activate|clear [--all-sessions])\n"
	"                             (aot: transition aot:ATOM start|resolve; transition aot stop|redirect)\n"
	"  demo [--keep] [--seed N]   the HUD on a copy of the examples, with simulated agents\n"
	"  demo --no-hud DIR [--seed N] [--ticks N] [--interval MS]\n"
	"                             only the simulated agents, writing DIR's state (tests, soak)\n"
	"  keys                       the HUD's key bindings, after the config's bind lines\n"
	"  config                     every setting in effect and the file that set it\n"
	"\n"
	"options:\n"
	"  -C DIR             project directory (default: the current directory)\n"
	"  --as ID            who acts (default: $LIZA_AGENT_ID, else human)\n"
	"  --theme NAME|PATH  colour theme\n"
	"  --no-color         no colours (also when NO_COLOR is set)\n"
	"  --poll[=MS]        compare stat results every MS ms instead of inotify\n"
	"  -h, --help         this help\n"
	"  -V, --version      the version\n"
	"\n"
	"check exits 0 (no alert >= WARN), 1 (WARN), 2 (CRIT), 3 (a state file could not be read).\n"
	"Transitions exit 0 (done), 1 (denied, nothing written), 2 (usage), 3 (read/lock/write failure).\n"
	"LIZA_WATCH_NOW=2026-01-20T10:00:00Z fixes the clock for checks.\n"
	"status keeps its line while every file it read reads the same; LIZA_WATCH_CACHE=0 turns that off.\n"
	"\n"
	"Config: $XDG_CONFIG_HOME/liza-watch/config (else ~/.config/liza-watch/config), then\n"
	"DIR/.liza-watch; options win over both. See liza-watch(1) and liza-watch.conf(5).\n";

void cli_error(const char *fmt, ...)
{
	va_list ap;
	lw_inputs_taint();   /* a result that comes with a message is not kept */
	char fmt2[1024];
	/* Messages carry state files' text (ids, paths, statuses): escaped whole. */
	snprintf(fmt2, sizeof fmt2, "liza-watch: %s", fmt);
	va_start(ap, fmt);
	esc_vprint(stderr, fmt2, ap);
	va_end(ap);
}

int cli_open_project(const lw_opts *o, lw_project *p)
{
	lw_error err;
	lw_error_clear(&err);
	if (lw_project_open(p, o->dir, &err) < 0) {
		char msg[1200];
		cli_error("%s", lw_error_format(&err, msg, sizeof msg));
		return -1;
	}
	if (p->n == 0) {
		cli_error("%s: no agent workflow state found (looked for .liza/, .rcs/state/, .omx/state/, "
		          ".claude/aot-loop-state.md, .taskfactory/tasks/, .pi/tasks/, agent_workspaces/*/state.json, "
		          "fsm_data/tasks/)", o->dir);
		return -1;
	}
	lw_project_load_all(p);
	return 0;
}

typedef struct command {
	const char *name;
	int (*run)(const lw_opts *, int, char **);
} command;

static const command commands[] = {
	{ "hud", cmd_hud },
	{ "check", cmd_check },
	{ "status", cmd_status },
	{ "approve", cmd_approve },
	{ "reject", cmd_reject },
	{ "transition", cmd_transition },
	{ "demo", cmd_demo },
	{ "keys", cmd_keys },
	{ "config", cmd_config },
};

/* Read the config files into cfg and fill what the command line left
 * unset: options win over the project's file, which wins over the user's.
 * LIZA_AGENT_ID sits between --as and the files, as it names the agent a
 * shell belongs to. */
static void apply_config(lw_opts *o, lw_config *cfg, const char *cli_as)
{
	lw_config_load(cfg, o->dir);
	if (cfg->warnings.len) {
		lw_inputs_taint();
		fputs(cfg->warnings.buf, stderr);
	}
	o->cfg = cfg;
	const char *env_as = lw_getenv("LIZA_AGENT_ID");
	o->as = cli_as ? cli_as : env_as && *env_as ? env_as : cfg->as ? cfg->as : "human";
	if (!o->theme && cfg->theme) {
		o->theme = cfg->theme;
		o->theme_at = lw_config_origin(cfg, "theme");
	}
}

int cli_main(int argc, char **argv)
{
	lw_opts o = { .dir = ".", .poll_ms = 1000, .argv0 = argc > 0 ? argv[0] : NULL };
	const char *cli_as = NULL;

	enum { OPT_AS = 256, OPT_THEME, OPT_NO_COLOR, OPT_POLL };
	static const struct option longopts[] = {
		{ "as", required_argument, NULL, OPT_AS },
		{ "theme", required_argument, NULL, OPT_THEME },
		{ "no-color", no_argument, NULL, OPT_NO_COLOR },
		{ "poll", optional_argument, NULL, OPT_POLL },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	int c;
	/* "+": stop at the command word; the command parses its own options. */
	while ((c = getopt_long(argc, argv, "+C:hV", longopts, NULL)) != -1) {
		switch (c) {
		case 'C': o.dir = optarg; break;
		case OPT_AS: cli_as = optarg; break;
		case OPT_THEME: o.theme = optarg; break;
		case OPT_NO_COLOR: o.no_color = true; break;
		case OPT_POLL:
			o.poll = true;
			if (optarg) {
				char *end;
				long ms = strtol(optarg, &end, 10);
				if (*end || ms < 10 || ms > 3600000) {
					cli_error("--poll=%s: give milliseconds from 10 to 3600000", optarg);
					return EXIT_USAGE;
				}
				o.poll_ms = (int)ms;
			}
			break;
		case 'h': fputs(cli_usage, stdout); return EXIT_OK;
		case 'V': puts("liza-watch " LW_VERSION); return EXIT_OK;
		default: fputs(cli_usage, stderr); return EXIT_USAGE;
		}
	}
	const char *name = optind < argc ? argv[optind] : "hud";
	/* status: the last result when it still holds; else this run's inputs
	 * are recorded from here on (the clock, the config, the state). */
	if (strcmp(name, "status") == 0) {
		int rc = status_cache_replay(argc, argv);
		if (rc >= 0)
			return rc;
		status_cache_begin();
	}
	const char *nc = lw_getenv("NO_COLOR");
	o.no_color |= nc && *nc;
	char msg[160];
	if (lw_clock_init(msg, sizeof msg) < 0) {
		cli_error("%s", msg);
		return EXIT_USAGE;
	}
	for (size_t i = 0; i < sizeof commands / sizeof *commands; i++) {
		if (strcmp(name, commands[i].name) == 0) {
			int sub_argc = optind < argc ? argc - optind : 1;
			char *hud_argv[] = { (char *)"hud", NULL };
			char **sub_argv = optind < argc ? argv + optind : hud_argv;
			/* 0, not 1: glibc then re-reads the option string, so the
			 * command's options may follow its operands. */
			optind = 0;
			lw_config cfg;
			lw_config_init(&cfg);
			apply_config(&o, &cfg, cli_as);
			int rc = commands[i].run(&o, sub_argc, sub_argv);
			lw_config_free(&cfg);
			return rc;
		}
	}
	cli_error("unknown command '%s' (try --help)", name);
	return EXIT_USAGE;
}

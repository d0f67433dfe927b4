/* cli.c — global options, then one table entry per command (tmux style). */
#include "core/util/inputs.h"
#include "core/util/escape.h"
#include "cli/cli.h"
#include "cli/status_cache.h"
#include "core/model/adapter.h"
#include "core/model/config.h"
#include "core/model/fleet.h"
#include "core/model/registry.h"
#include "core/util/timeparse.h"
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The usage text: its fixed parts here, each system's line from its adapter. */
static const char usage_head[] =
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
	"                             any other transition of the system's table\n";

static const char usage_tail[] =
	"  review TASK [--no-pager] [--max-lines N]\n"
	"                             the work under review (liza: the git diff), its timeline\n"
	"  demo [--keep] [--seed N] [--interval MS] [--liza-go]\n"
	"                             the HUD on a copy of the examples, with simulated agents\n"
	"  demo --no-hud DIR [--seed N] [--ticks N] [--interval MS]\n"
	"                             only the simulated agents, writing DIR's state (tests, soak)\n"
	"  metrics [--output FILE] [--follow]\n"
	"                             Prometheus text format (node_exporter's textfile collector)\n"
	"  keys                       the HUD's key bindings, after the config's bind lines\n"
	"  config                     every setting in effect and the file that set it\n"
	"\n"
	"options:\n"
	"  -C DIR             project directory (default: the current directory, or the config's\n"
	"                     projects); repeat it to watch several (hud, check, status, metrics)\n"
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

/* The version, and for each system the upstream code its rules follow. */
void cli_version(FILE *out)
{
	fputs("liza-watch " LW_VERSION "\n", out);
	for (const lw_adapter *const *a = lw_adapters; *a; a++)
		if ((*a)->follows)
			fprintf(out, "  %s rules follow %s\n", (*a)->name, (*a)->follows);
}

void cli_usage(FILE *out)
{
	fputs(usage_head, out);
	for (const lw_adapter *const *a = lw_adapters; *a; a++)
		if ((*a)->usage)
			fprintf(out, "                             (%s)\n", (*a)->usage);
	fputs(usage_tail, out);
}

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

/* Open one directory and say why when it holds nothing we know (unless
 * quiet: a glob's match without state is just not a project; or wait: the
 * HUD and the --follow modes open it empty and wait for state to appear). */
static int open_dir(const char *dir, lw_project *p, bool quiet, bool wait)
{
	lw_error err;
	lw_error_clear(&err);
	if (lw_project_open(p, dir, &err) < 0) {
		char msg[1200];
		cli_error("%s", lw_error_format(&err, msg, sizeof msg));
		return -1;
	}
	if (p->n == 0 && !wait) {
		if (quiet)
			return -1;
		strbuf looked;
		strbuf_init(&looked);
		lw_registry_looked_for(&looked);
		cli_error("%s: no agent workflow state found (looked for %s)", dir, looked.len ? looked.buf : "nothing");
		strbuf_free(&looked);
		return -1;
	}
	return 0;
}

int cli_open_project(const lw_opts *o, lw_project *p)
{
	if (open_dir(o->dir, p, false, false) < 0)
		return -1;
	lw_project_load_all(p);
	return 0;
}

int cli_open_fleet(const lw_opts *o, lw_fleet *f, bool wait)
{
	size_t n = o->ndirs ? o->ndirs : 1;
	f->v = calloc(n, sizeof *f->v);
	f->n = 0;
	if (!f->v) {
		cli_error("out of memory");
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		const char *dir = o->ndirs ? o->dirs[i] : o->dir;
		lw_member *m = &f->v[f->n];
		/* The `projects` setting's globs match folders that are no
		 * project: those are passed over; a -C that is none is an error. */
		bool from_config = o->from_config;
		if (open_dir(dir, &m->proj, from_config, wait && !from_config) < 0) {
			lw_project_close(&m->proj);
			if (from_config)
				continue;
			lw_fleet_free(f);
			return -1;
		}
		/* The first project's config is o->cfg, read already; the others
		 * read theirs, and say only what their own .liza-watch got wrong. */
		lw_config_init(&m->cfg);
		lw_config_load(&m->cfg, m->proj.dir);
		if (i > 0 && m->cfg.warnings.len && m->cfg.files[1]) {
			size_t fl = strlen(m->cfg.files[1]);
			for (const char *l = m->cfg.warnings.buf; *l; ) {
				const char *nl = strchr(l, '\n');
				size_t len = nl ? (size_t)(nl - l + 1) : strlen(l);
				if (strncmp(l, m->cfg.files[1], fl) == 0 && l[fl] == ':') {
					lw_inputs_taint();
					fwrite(l, 1, len, stderr);
				}
				l += len;
			}
		}
		lw_project_load_all(&m->proj);
		f->n++;
	}
	if (f->n == 0) {
		cli_error("no agent workflow state found in any of the %zu folders the projects setting names", n);
		lw_fleet_free(f);
		return -1;
	}
	lw_fleet_label(f);
	return 0;
}

typedef struct command {
	const char *name;
	int (*run)(const lw_opts *, int, char **);
	bool many;                /* takes several projects (-C repeated, `projects`) */
} command;

static const command commands[] = {
	{ "hud", cmd_hud, true },
	{ "check", cmd_check, true },
	{ "status", cmd_status, true },
	{ "approve", cmd_approve, false },
	{ "reject", cmd_reject, false },
	{ "transition", cmd_transition, false },
	{ "review", cmd_review, false },
	{ "demo", cmd_demo, false },
	{ "keys", cmd_keys, false },
	{ "config", cmd_config, false },
	{ "metrics", cmd_metrics, true },
	{ "__complete", cmd_complete, false },   /* hidden: what the shell completions ask */
	{ "__man", cmd_man, false },             /* hidden: the man pages' registry lists (man/gen) */
};

/* Add the folder the user named as its canonical root, once: the same
 * project named twice (p and p/, p and a link to it, ~/p and /home/me/p)
 * is one project. A name that cannot be resolved is kept as typed (with ~
 * expanded), and opening it says why. */
static int resolve_dir(lw_opts *o, const char *typed)
{
	char real[LW_PATH_MAX];
	lw_fleet_resolve(typed, real, sizeof real);
	for (size_t i = 0; i < o->ndirs; i++)
		if (strcmp(o->dirs[i], real) == 0)
			return 0;
	char **v = realloc(o->dirs_owned, (o->nowned + 1) * sizeof *v);
	char *d = v ? strdup(real) : NULL;
	if (v)
		o->dirs_owned = v;
	if (!d) {
		cli_error("out of memory");
		return -1;
	}
	o->dirs_owned[o->nowned++] = d;
	o->dirs[o->ndirs++] = d;
	return 0;
}

/* Every -C (or the current folder), resolved: see resolve_dir. */
static int resolve_dirs(lw_opts *o)
{
	const char *typed[sizeof o->dirs / sizeof *o->dirs];
	size_t n = o->ndirs;
	memcpy(typed, o->dirs, n * sizeof *typed);
	o->ndirs = 0;
	for (size_t i = 0; i < (n ? n : 1); i++)
		if (resolve_dir(o, n ? typed[i] : ".") < 0)
			return -1;
	o->dir = o->dirs[0];
	/* No -C: one project, the current folder (the `projects` setting may
	 * still name others). */
	if (n == 0)
		o->ndirs = 0;
	return 0;
}

/* Read the config files into cfg and fill what the command line left
 * unset: options win over the project's file, which wins over the user's.
 * LIZA_AGENT_ID sits between --as and the files, as it names the agent a
 * shell belongs to. */
static int apply_config(lw_opts *o, lw_config *cfg, const char *cli_as, bool many)
{
	if (resolve_dirs(o) < 0)
		return -1;
	lw_config_load(cfg, o->dir);
	if (cfg->warnings.len) {
		lw_inputs_taint();
		fputs(cfg->warnings.buf, stderr);
	}
	/* No -C, and a command that watches several: the user's `projects`
	 * list, when it has one (approve and the like still act on "."). */
	if (o->ndirs == 0 && many && cfg->projects) {
		lw_error err;
		lw_error_clear(&err);
		char **dirs;
		size_t n;
		if (lw_fleet_expand(cfg->projects, &dirs, &n, &err) < 0) {
			char msg[1200];
			cli_error("%s (from %s)", lw_error_format(&err, msg, sizeof msg),
			          lw_config_origin(cfg, "projects"));
			return -1;
		}
		if (n == 0) {
			cli_error("projects = %s (from %s) names no directory", cfg->projects,
			          lw_config_origin(cfg, "projects"));
			return -1;
		}
		/* glob(3) lists folders behind the input record's back: a project
		 * that appears later must not be missed by a kept status line. */
		lw_inputs_taint();
		o->from_config = true;
		for (size_t i = 0; i < n && resolve_dir(o, dirs[i]) == 0; i++)
			;
		lw_fleet_free_dirs(dirs, n);
		if (o->ndirs == 0)
			return -1;
		o->dir = o->dirs[0];
	}
	o->cfg = cfg;
	const char *env_as = lw_getenv("LIZA_AGENT_ID");
	o->as = cli_as ? cli_as : env_as && *env_as ? env_as : cfg->as ? cfg->as : "human";
	if (!o->theme && cfg->theme) {
		o->theme = cfg->theme;
		o->theme_at = lw_config_origin(cfg, "theme");
	}
	return 0;
}

void cli_option_hint(const char *cmd, const char *arg)
{
	static const char *const global[] = { "-C", "--as", "--theme", "--no-color", "--poll" };
	for (size_t i = 0; arg && i < sizeof global / sizeof *global; i++) {
		size_t n = strlen(global[i]);
		if (strncmp(arg, global[i], n) == 0 && (arg[n] == '\0' || arg[n] == '=' || global[i][1] != '-')) {
			fprintf(stderr, "liza-watch: %s is a global option: it goes before the command "
			        "(liza-watch %s %s)\n", global[i], arg, cmd);
			return;
		}
	}
	fprintf(stderr, "liza-watch: try 'liza-watch %s --help' or 'liza-watch --help'\n", cmd);
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
		case 'C':
			if (o.ndirs >= sizeof o.dirs / sizeof *o.dirs) {
				cli_error("-C: at most %zu projects", sizeof o.dirs / sizeof *o.dirs);
				return EXIT_USAGE;
			}
			o.dirs[o.ndirs++] = optarg;
			o.dir = o.dirs[0];
			break;
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
		case 'h': cli_usage(stdout); return EXIT_OK;
		case 'V': cli_version(stdout); return EXIT_OK;
		default:
			/* getopt said what was wrong in one line; the whole help would bury it. */
			fputs("liza-watch: try 'liza-watch --help'\n", stderr);
			return EXIT_USAGE;
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
			int rc = EXIT_USAGE;
			if (apply_config(&o, &cfg, cli_as, commands[i].many) < 0)
				;
			else if (o.ndirs > 1 && !commands[i].many)
				cli_error("%s acts on one project: give one -C DIR (%zu projects given)", name, o.ndirs);
			else
				rc = commands[i].run(&o, sub_argc, sub_argv);
			lw_config_free(&cfg);
			if (o.dirs_owned)
				lw_fleet_free_dirs(o.dirs_owned, o.nowned);
			return rc;
		}
	}
	cli_error("unknown command '%s' (try --help)", name);
	return EXIT_USAGE;
}

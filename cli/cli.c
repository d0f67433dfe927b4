/* cli.c — global options, then one table entry per command (tmux style). */
#include "core/util/inputs.h"
#include "core/util/escape.h"
#include "cli/cli.h"
#include "cli/status_cache.h"
#include "core/model/adapter.h"
#include "core/model/config.h"
#include "core/model/fleet.h"
#include "core/model/registry.h"
#include "core/txn/txn.h"
#include "core/util/fileio.h"
#include "core/util/timeparse.h"
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The global options: the parser below, the usage, `CMD --help`, the man
 * page's synopsis and both completions read this table. A one-letter name
 * is a short option only (-C). */
const cli_option cli_globals[] = {
	{ "C", 'C', required_argument, "DIR",
	  "project directory (default: the current directory, or the config's\n"
	  "projects); repeat it to watch several (hud, check, status, metrics)" },
	{ "as", 0, required_argument, "ID", "who acts (default: $LIZA_AGENT_ID, else human)" },
	{ "theme", 0, required_argument, "NAME|PATH", "colour theme" },
	{ "no-color", 0, no_argument, NULL, "no colours (also when NO_COLOR is set)" },
	{ "poll", 0, optional_argument, "MS", "compare stat results every MS ms instead of inotify" },
	{ "reset-ui", 0, no_argument, NULL, "the HUD starts fresh: its saved view, sort, filter and focus not read" },
	{ "no-mouse", 0, no_argument, NULL, "the HUD leaves the mouse to the terminal (as the setting mouse = 0)" },
	{ "help", 'h', no_argument, NULL, "this help" },
	{ "version", 'V', no_argument, NULL, "the version" },
	{ NULL, 0, 0, NULL, NULL },
};

static const char usage_tail[] =
	"\n"
	"check exits 0 (no alert >= WARN), 1 (WARN), 2 (CRIT), 3 (a state file or project could not be read).\n"
	"Transitions exit 0 (done), 1 (denied, nothing written), 2 (usage), 3 (read/lock/write failure).\n"
	"LIZA_WATCH_NOW=2026-01-20T10:00:00Z fixes the clock for checks.\n"
	"status keeps its line while every file it read reads the same; LIZA_WATCH_CACHE=0 turns that off.\n"
	"\n"
	"Config: $XDG_CONFIG_HOME/liza-watch/config (else ~/.config/liza-watch/config), then\n"
	"DIR/.liza-watch; options win over both. See liza-watch(1) and liza-watch.conf(5).\n";

/* "  -C DIR             help", help's further lines indented alike. */
static void usage_global(FILE *out, const cli_option *o)
{
	char head[40];
	if (strlen(o->name) == 1)
		snprintf(head, sizeof head, "-%c %s", o->shortname, o->arg);
	else if (o->shortname)
		snprintf(head, sizeof head, "-%c, --%s", o->shortname, o->name);
	else if (o->has_arg == optional_argument)
		snprintf(head, sizeof head, "--%s[=%s]", o->name, o->arg);
	else
		snprintf(head, sizeof head, "--%s%s%s", o->name, o->arg ? " " : "", o->arg ? o->arg : "");
	const char *h = o->help;
	size_t n = strcspn(h, "\n");
	fprintf(out, "  %-19s%.*s\n", head, (int)n, h);
	while (h[n] == '\n') {
		h += n + 1;
		n = strcspn(h, "\n");
		fprintf(out, "%21s%.*s\n", "", (int)n, h);
	}
}

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
	fputs("usage: liza-watch ", out);
	cli_commands_globals_line(out);
	fputs(" [COMMAND]\n\ncommands (COMMAND --help for each):\n", out);
	for (const cli_command *const *c = cli_commands; *c; c++)
		if (!(*c)->hidden)
			cli_commands_line(out, *c);
	fputs("\noptions (before or after the command):\n", out);
	for (const cli_option *o = cli_globals; o->name; o++)
		usage_global(out, o);
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
 * HUD and the --follow modes open it empty and wait for state to appear).
 * why (when not NULL) gets the message too. */
static int open_dir(const char *dir, lw_project *p, bool quiet, bool wait, strbuf *why)
{
	lw_error err;
	lw_error_clear(&err);
	if (lw_project_open(p, dir, &err) < 0) {
		char msg[1200];
		lw_error_format(&err, msg, sizeof msg);
		cli_error("%s", msg);
		if (why)
			strbuf_adds(why, msg);
		return -1;
	}
	if (p->n == 0 && !wait) {
		if (quiet)
			return -1;
		strbuf looked;
		strbuf_init(&looked);
		lw_registry_looked_for(&looked);
		cli_error("%s: no agent workflow state found (looked for %s)", dir, looked.len ? looked.buf : "nothing");
		if (why)
			strbuf_printf(why, "%s: no agent workflow state found (looked for %s)", dir,
			              looked.len ? looked.buf : "nothing");
		strbuf_free(&looked);
		return -1;
	}
	return 0;
}

int cli_open_project(const lw_opts *o, lw_project *p)
{
	if (open_dir(o->dir, p, false, false, NULL) < 0)
		return -1;
	lw_project_load_all(p);
	return 0;
}

/* Every project of o; a -C that cannot be opened ends it all (-1), or,
 * with miss, is listed there (folder as given, and why) and passed over. */
static int load_fleet(const lw_opts *o, lw_fleet *f, bool wait, cli_missing *miss)
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
		strbuf why;
		strbuf_init(&why);
		if (open_dir(dir, &m->proj, from_config, wait && !from_config, miss ? &why : NULL) < 0) {
			lw_project_close(&m->proj);
			/* Without a list of the missing (every command but a one-shot
			 * check or status): a folder that does not open is a member
			 * in that state, as one removed while watched, and the others
			 * carry on; opened again while watched (live/live.c). */
			lw_error oe;
			lw_error_clear(&oe);
			if (!from_config && !miss) {
				lw_project probe;
				if (lw_project_open(&probe, dir, &oe) < 0) {
					lw_project_open_unreadable(&m->proj, dir, &oe);
					lw_config_init(&m->cfg);
					f->n++;
					strbuf_free(&why);
					continue;
				}
				lw_project_close(&probe);
			}
			char *error = !from_config && miss && miss->n < sizeof miss->v / sizeof *miss->v
			              ? strdup(why.len ? why.buf : dir) : NULL;
			if (error) {
				miss->v[miss->n++] = (report_missing){ dir, error };
				strbuf_free(&why);
				continue;
			}
			strbuf_free(&why);
			if (from_config)
				continue;
			lw_fleet_free(f);
			return -1;
		}
		strbuf_free(&why);
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
	if (f->n == 0 && !(miss && miss->n)) {
		cli_error("no agent workflow state found in any of the %zu folders the projects setting names", n);
		lw_fleet_free(f);
		return -1;
	}
	/* Nothing at all to show: the error it was before (said already). */
	size_t readable = 0;
	for (size_t i = 0; i < f->n; i++)
		readable += !f->v[i].proj.unreadable;
	if (!readable && !(miss && miss->n)) {
		lw_fleet_free(f);
		return -1;
	}
	lw_fleet_label(f);
	return 0;
}

/* The first load (check, status, events, the HUD's first screen) waits
 * for a file a writer is in the middle of, as a transition's first read
 * does (txn_read_settled: bounded by LIZA_WATCH_BUSY_MS; a file still cut
 * short after it is read as it is, the parse error it was): a state file
 * caught between an in-place writer's truncate and its last write was a
 * CRIT that no later read would have shown (tests/e2e/tx_first_read.sh).
 * The reloads after it (--follow, the HUD) read at once: they keep the
 * last good model over a file caught mid-write. */
static int open_fleet(const lw_opts *o, lw_fleet *f, bool wait, cli_missing *miss)
{
	lw_read_settle_fn was = lw_read_settle_with(txn_read_settled);
	int rc = load_fleet(o, f, wait, miss);
	lw_read_settle_with(was);
	return rc;
}

int cli_open_fleet(const lw_opts *o, lw_fleet *f, bool wait)
{
	return open_fleet(o, f, wait, NULL);
}

int cli_open_fleet_missing(const lw_opts *o, lw_fleet *f, bool wait, cli_missing *miss)
{
	miss->n = 0;
	return open_fleet(o, f, wait, miss);
}

void cli_missing_free(cli_missing *miss)
{
	for (size_t i = 0; i < miss->n; i++)
		free((char *)miss->v[i].error);
	miss->n = 0;
}

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
	(void)arg;   /* getopt named it already */
	fprintf(stderr, "liza-watch: try 'liza-watch %s --help' or 'liza-watch --help'\n", cmd);
}

/* One global option (a row of cli_globals) with its value, given before
 * the command or after it. 0, or an exit code after a message. */
static int global_opt(lw_opts *o, const char **cli_as, const cli_option *g, const char *arg)
{
	if (g->shortname == 'C') {
		if (o->ndirs >= sizeof o->dirs / sizeof *o->dirs) {
			cli_error("-C: at most %zu projects", sizeof o->dirs / sizeof *o->dirs);
			return EXIT_USAGE;
		}
		o->dirs[o->ndirs++] = arg;
		o->dir = o->dirs[0];
	} else if (strcmp(g->name, "as") == 0) {
		*cli_as = arg;
	} else if (strcmp(g->name, "theme") == 0) {
		o->theme = arg;
	} else if (strcmp(g->name, "no-color") == 0) {
		o->no_color = true;
	} else if (strcmp(g->name, "reset-ui") == 0) {
		o->reset_ui = true;
	} else if (strcmp(g->name, "no-mouse") == 0) {
		o->no_mouse = true;
	} else if (strcmp(g->name, "poll") == 0) {
		o->poll = true;
		if (arg) {
			char *end;
			long ms = strtol(arg, &end, 10);
			if (*end || ms < 10 || ms > 3600000) {
				cli_error("--poll=%s: give milliseconds from 10 to 3600000", arg);
				return EXIT_USAGE;
			}
			o->poll_ms = (int)ms;
		}
	}
	return 0;
}

/* The global option arg names after the command (exact names only: no
 * abbreviations there, where they could be the command's own), with its
 * value: inline ("--as=ID", "-CDIR") or the next word. NULL when arg is
 * none (or -h/-V, which are the command's help there). */
static const cli_option *global_after(const char *arg, const char *next, const char **val, int *used)
{
	*val = NULL;
	*used = 1;
	for (const cli_option *g = cli_globals; g->name; g++) {
		if (g->has_arg == no_argument && g->shortname)
			continue;   /* -h, -V */
		if (strlen(g->name) == 1) {
			if (arg[0] != '-' || arg[1] != g->shortname)
				continue;
			*val = arg[2] ? arg + 2 : next;
			*used = arg[2] ? 1 : 2;
			return *val ? g : NULL;
		}
		size_t n = strlen(g->name);
		if (arg[0] != '-' || arg[1] != '-' || strncmp(arg + 2, g->name, n) != 0 ||
		    (arg[n + 2] != '\0' && arg[n + 2] != '='))
			continue;
		if (arg[n + 2] == '=') {
			if (g->has_arg == no_argument)
				return NULL;
			*val = arg + n + 3;
		} else if (g->has_arg == required_argument) {
			if (!next)
				return NULL;
			*val = next;
			*used = 2;
		}
		return g;
	}
	return NULL;
}

/* Takes the global options out of a command's words (approve t1 --as ID
 * works as printed), keeping the command's own options with their values
 * and everything after "--". Sets *help when --help or -h is among the
 * command's words. The kept words go to kept (argc of them, NULL ended). */
static int split_globals(lw_opts *o, const char **cli_as, const cli_command *cmd, int argc, char **argv,
                         char **kept, int *nkept, bool *help)
{
	int k = 0;
	kept[k++] = argv[0];
	for (int i = 1; i < argc; i++) {
		const char *arg = argv[i];
		if (cmd->hidden) {   /* __complete arg-kind --theme: words, not options */
			kept[k++] = argv[i];
			continue;
		}
		if (strcmp(arg, "--") == 0) {
			while (i < argc)
				kept[k++] = argv[i++];
			break;
		}
		const cli_option *own = cli_commands_option(cmd->opts, arg);
		bool short_own = false;
		for (const cli_option *op = cmd->opts; op->name && !own; op++)
			short_own |= op->shortname && arg[0] == '-' && arg[1] == op->shortname && !arg[2] &&
			             op->has_arg == required_argument;
		if ((own && own->has_arg == required_argument && !strchr(arg, '=')) || short_own) {
			kept[k++] = argv[i];
			if (i + 1 < argc)
				kept[k++] = argv[++i];
			continue;
		}
		if (!own && (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0)) {
			*help = true;
			continue;
		}
		const char *val;
		int used;
		const cli_option *g = own ? NULL : global_after(arg, i + 1 < argc ? argv[i + 1] : NULL, &val, &used);
		if (!g) {
			kept[k++] = argv[i];
			continue;
		}
		int rc = global_opt(o, cli_as, g, val);
		if (rc)
			return rc;
		i += used - 1;
	}
	kept[k] = NULL;
	*nkept = k;
	return 0;
}

int cli_main(int argc, char **argv)
{
	lw_opts o = { .dir = ".", .poll_ms = 1000, .argv0 = argc > 0 ? argv[0] : NULL };
	const char *cli_as = NULL;

	/* The parser of cli_globals: "+" stops at the command word (the
	 * command parses its own options), a one-letter name is short only. */
	enum { NGLOBALS = 16 };
	struct option longopts[NGLOBALS + 1];
	char shortopts[2 * NGLOBALS + 2] = "+";
	size_t n = 0, s = 1;
	for (const cli_option *g = cli_globals; g->name && n < NGLOBALS; g++) {
		if (g->shortname) {
			shortopts[s++] = g->shortname;
			if (g->has_arg == required_argument)
				shortopts[s++] = ':';
		}
		if (strlen(g->name) > 1)
			longopts[n++] = (struct option){ g->name, g->has_arg, NULL, 256 + (int)(g - cli_globals) };
	}
	longopts[n] = (struct option){ NULL, 0, NULL, 0 };
	shortopts[s] = '\0';
	int c;
	while ((c = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1) {
		const cli_option *g = NULL;
		if (c >= 256)
			g = &cli_globals[c - 256];
		for (const cli_option *k = cli_globals; !g && k->name; k++)
			if (k->shortname && k->shortname == c)
				g = k;
		if (!g) {
			/* getopt said what was wrong in one line; the whole help would bury it. */
			fputs("liza-watch: try 'liza-watch --help'\n", stderr);
			return EXIT_USAGE;
		}
		if (strcmp(g->name, "help") == 0) {
			cli_usage(stdout);
			return EXIT_OK;
		}
		if (strcmp(g->name, "version") == 0) {
			cli_version(stdout);
			return EXIT_OK;
		}
		int rc = global_opt(&o, &cli_as, g, optarg);
		if (rc)
			return rc;
	}
	const char *name = optind < argc ? argv[optind] : "hud";
	const cli_command *cmd = cli_commands_find(name);
	if (!cmd) {
		const char *near = cli_commands_near(name);
		if (near)
			cli_error("unknown command '%s'; did you mean '%s'? (try --help)", name, near);
		else
			cli_error("unknown command '%s' (try --help)", name);
		return EXIT_USAGE;
	}
	char *hud_argv[] = { (char *)"hud", NULL };
	int sub_argc = optind < argc ? argc - optind : 1;
	char **sub_argv = optind < argc ? argv + optind : hud_argv;
	char **kept = calloc((size_t)sub_argc + 1, sizeof *kept);
	if (!kept) {
		cli_error("out of memory");
		return EXIT_IO;
	}
	bool help = false;
	int rc = split_globals(&o, &cli_as, cmd, sub_argc, sub_argv, kept, &sub_argc, &help);
	if (rc || help) {
		if (help)
			cli_commands_help(stdout, cmd);
		free(kept);
		return rc;
	}
	/* The command's own options, by its entry's table: a usage error is
	 * said before anything is read. */
	cli_args args;
	if (cli_commands_parse(cmd, sub_argc, kept, &args) != 0) {
		free(kept);
		return EXIT_USAGE;
	}
	/* status: the last result when it still holds; else this run's inputs
	 * are recorded from here on (the clock, the config, the state). */
	if (cmd == &cmd_status_entry) {
		rc = status_cache_replay(argc, argv);
		if (rc >= 0) {
			free(kept);
			return rc;
		}
		status_cache_begin();
	}
	const char *nc = lw_getenv("NO_COLOR");
	o.no_color |= nc && *nc;
	char msg[160];
	if (lw_clock_init(msg, sizeof msg) < 0) {
		cli_error("%s", msg);
		free(kept);
		return EXIT_USAGE;
	}
	lw_config cfg;
	lw_config_init(&cfg);
	rc = EXIT_USAGE;
	if (apply_config(&o, &cfg, cli_as, cmd->many) < 0)
		;
	else if (o.ndirs > 1 && !cmd->many)
		cli_error("%s acts on one project: give one -C DIR (%zu projects given)", name, o.ndirs);
	else
		rc = cmd->run(&o, &args);
	lw_config_free(&cfg);
	if (o.dirs_owned)
		lw_fleet_free_dirs(o.dirs_owned, o.nowned);
	free(kept);
	return rc;
}

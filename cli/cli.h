/* cli.h — command-line front end: global options and the command table. */
#ifndef LW_CLI_H
#define LW_CLI_H
#include <getopt.h>      /* no_argument, required_argument, optional_argument */
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include "cli/report.h"
#include "core/util/fileio.h"

/* Exit codes of docs/design.md. */
enum {
	EXIT_OK = 0,
	EXIT_WARN = 1, EXIT_DENIED = 1,
	EXIT_CRIT = 2, EXIT_USAGE = 2,
	EXIT_UNREADABLE = 3, EXIT_IO = 3,
};

struct lw_config;

typedef struct lw_opts {
	/* Every folder below is the project's canonical root (lw_fleet_resolve),
	 * resolved once at start: each command, the config, the HUD's writes
	 * and the status cache see the same name however the user typed it. */
	const char *dir;          /* the first -C (default "."): the project of one-project commands */
	const char *dirs[64];     /* every -C, or the user's `projects` setting expanded; no two alike */
	size_t ndirs;             /* 0: just dir */
	char **dirs_owned;        /* the resolved names (freed at exit) */
	size_t nowned;
	bool from_config;         /* dirs came from `projects`: a folder without state is passed over */
	const char *as;           /* --as, else $LIZA_AGENT_ID, else the config's as, else "human" */
	const char *theme;        /* --theme, else the config's theme */
	const char *theme_at;     /* "file:line" when the theme came from a config file */
	const struct lw_config *cfg;   /* the config files, read (never NULL in a command) */
	bool no_color;            /* --no-color or NO_COLOR */
	bool reset_ui;            /* --reset-ui: the HUD's saved UI state not read */
	bool no_mouse;            /* --no-mouse: clicks and the wheel left to the terminal */
	bool poll;                /* --poll */
	int poll_ms;
	const char *argv0;        /* how we were run: finds files installed beside the binary */
} lw_opts;

int cli_main(int argc, char **argv);

/* An option, of a command or global: what the parser, `--help`, the man
 * page's synopsis and the shell completions all read. */
typedef struct cli_option {
	const char *name;         /* long name, without "--"; NULL ends a list */
	char shortname;           /* a one-letter form too, or 0 */
	int has_arg;              /* no_argument, required_argument, optional_argument */
	const char *arg;          /* the argument's name in help ("TEXT"); the shell
	                             completions read it: DIR completes to folders,
	                             FILE to files, NAME|PATH to themes, others to nothing */
	const char *help;
} cli_option;

enum { CLI_MAX_OPTS = 16 };

struct cli_command;
/* A command's words once its entry's option table parsed them (tmux's
 * args_parse): the command asks by option name, never by a letter of its own. */
typedef struct cli_args {
	const struct cli_command *cmd;
	const char *val[CLI_MAX_OPTS];   /* by the option's place in cmd->opts: NULL
	                                    not given, "" a flag given, else the last value */
	int argc;                        /* the operands, in order */
	char **argv;
} cli_args;
/* Was option name given? Its value (NULL when not given)? name must be
 * one of the command's options: anything else is a bug and aborts. */
bool cli_args_has(const cli_args *a, const char *name);
const char *cli_args_value(const cli_args *a, const char *name);
/* "CMD: unexpected argument 'X'" for the first operand past max; EXIT_USAGE
 * then, else 0. */
int cli_args_max(const cli_args *a, int max);

/* One command (tmux's cmd_entry), defined beside the code that runs it:
 * everything the usage, `CMD --help`, the man page's synopsis and the shell
 * completions say about it, and the table that parses its options. */
typedef struct cli_command {
	const char *name;
	const char *synopsis;     /* what follows the name: "TASK [--force]"; a
	                             "\n" starts another form of the command */
	const char *summary;      /* one line: what it does */
	const char *help;         /* further lines for CMD --help, or NULL */
	const cli_option *opts;   /* its options (a NULL name ends them) */
	const char *operands;     /* what its operands complete to, in order:
	                             "subjects events" (words of __complete);
	                             "subjects=approve": the tasks approve applies to;
	                             "dirs": a folder */
	int (*run)(const lw_opts *, const cli_args *);
	bool many;                /* takes several projects (-C repeated, `projects`) */
	bool hidden;              /* __complete, __man: not in the usage */
} cli_command;

/* Each command's entry, in its own file. */
extern const cli_command cmd_hud_entry, cmd_check_entry, cmd_status_entry, cmd_approve_entry,
	cmd_reject_entry, cmd_transition_entry, cmd_review_entry, cmd_demo_entry, cmd_metrics_entry,
	cmd_events_entry, cmd_queue_entry, cmd_export_entry, cmd_keys_entry, cmd_config_entry,
	cmd_complete_entry, cmd_man_entry;
/* Every command in usage order (a NULL ends it). */
extern const cli_command *const cli_commands[];
/* The global options (cli.c), before or after the command. */
extern const cli_option cli_globals[];
/* The command a mistyped name most likely meant (one edit away: a letter
 * wrong, missing, extra or two swapped; or a unique prefix), else NULL. */
const char *cli_commands_near(const char *name);
const cli_command *cli_commands_find(const char *name);
/* Parse argv (argv[0] the command's name) by the command's option table
 * into a. 0, or EXIT_USAGE after one line saying what was wrong. */
int cli_commands_parse(const cli_command *cmd, int argc, char **argv, cli_args *a);
/* The option "--name" or "--name=..." names, or NULL. */
const cli_option *cli_commands_option(const cli_option *opts, const char *arg);
/* The command's lines in the global usage. */
void cli_commands_line(FILE *out, const cli_command *c);
/* "usage: liza-watch CMD SYNOPSIS", after a usage error. */
void cli_commands_usage(FILE *out, const cli_command *c);
/* f(ctx, "NAME FORM") for each form of the command's synopsis. */
void cli_commands_forms(const cli_command *c, void (*f)(void *, const char *), void *ctx);
/* `CMD --help`. */
void cli_commands_help(FILE *out, const cli_command *c);
/* "[-C DIR] [--as ID] ..." from cli_globals (the usage and the man page). */
void cli_commands_globals_line(FILE *out);

/* Shared by commands: print "liza-watch: msg" to stderr. */
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* After getopt refused argv's arg for cmd: one line saying where it goes
 * (a global option given after the command) or where help is. */
void cli_option_hint(const char *cmd, const char *arg);
/* Open the project at o->dir and load it; prints and returns -1 when the
 * directory cannot be used or holds no known state. */
struct lw_project;
int cli_open_project(const lw_opts *o, struct lw_project *p);
/* Open and load every project of o (one when no -C repeats and no
 * `projects` setting), each with its own config. -1 after a message.
 * wait: a -C folder with no state yet is opened empty (the HUD and the
 * --follow modes wait for systems to appear). */
struct lw_fleet;
int cli_open_fleet(const lw_opts *o, struct lw_fleet *f, bool wait);
/* The same for check and status: a -C folder that cannot be opened (a
 * typo, a project removed) is said on stderr and listed in miss, so the
 * output names it beside the projects that did open. -1 only when no -C
 * was given and the `projects` setting found nothing. */
typedef struct cli_missing {
	report_missing v[64];
	size_t n;
} cli_missing;
int cli_open_fleet_missing(const lw_opts *o, struct lw_fleet *f, bool wait, cli_missing *miss);
void cli_missing_free(cli_missing *miss);
/* The HUD on loaded projects, with the config's key bindings, thresholds
 * and theme (hud and demo both start it this way); banner (or NULL) heads
 * the screen, sim_pid > 0 is the demo's team (P pauses it). Returns an exit code. */
int cmd_hud_run(const lw_opts *o, struct lw_fleet *f, const char *banner, int sim_pid);

/* A data folder shipped with the program (name "examples"): beside the
 * running binary (a build tree: `make demo`), else in LW_DATADIR (an
 * install). true with its path in out; false with the places looked at in
 * tried. */
bool data_path_find(const char *argv0, const char *name, char *out, size_t n, char *tried, size_t tn);
/* The running binary's path, symlinks resolved: the platform's answer, else
 * argv0 as the shell found it. */
bool data_path_exe(const char *argv0, char *out, size_t n);
/* Where bare theme names are looked up, in order: $LIZA_WATCH_THEMES, the
 * user's config folder (XDG_CONFIG_HOME or ~/.config, liza-watch/themes),
 * themes/ beside the binary, the install prefix's. Never the current
 * folder or a project. NULL-terminated list of paths kept in store. */
typedef struct data_theme_dirs {
	char store[4][LW_PATH_MAX];
	const char *list[5];
} data_theme_dirs;
void data_path_themes(const char *argv0, data_theme_dirs *d);

/* Mark the alerts the operator acknowledged (cli_acks.c); prune: end the
 * acknowledgements of p's alerts that cleared (long-running modes). */
struct lw_alerts;
void cli_acks_mark(const struct lw_project *p, struct lw_alerts *al);
void cli_acks_prune(const struct lw_project *p, const struct lw_alerts *al);

/* The usage text (--help), each system's line from its adapter. */
void cli_usage(FILE *out);
void cli_version(FILE *out);   /* --version: with the upstream each system's rules follow */

#endif

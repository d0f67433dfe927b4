/* cmd_complete.c — `__complete`, hidden from --help: what the bash and zsh
 * completions ask instead of keeping lists of their own.
 *   __complete systems          every system's short name
 *   __complete subjects         what TASK may be: system levers ("liza"),
 *                               qualifiers ("liza:"), and the task ids present
 *                               in DIR, bare and qualified
 *   __complete events [TASK]    the events of TASK's system (all systems when
 *                               TASK names none, or names a bare id found in none)
 *   __complete commands         every command (the command table, hidden ones left out)
 *   __complete commands-described   "name:summary", for zsh's _describe
 *   __complete globals          the global options
 *   __complete options CMD      CMD's options ("--json")
 *   __complete option-args CMD  those of them that take a value
 *   __complete options-described CMD   zsh _arguments specs of CMD's options
 *   __complete operands CMD     what CMD's operands are, in order ("subjects events")
 * One word per line. A task id is printed only when every byte of it is
 * from a plain set (letters, digits, . _ - + @ /): the shells expand the
 * word lists they are given, so anything else from a state file could run
 * as a command there. Never an error exit: a completion prints nothing. */
#include "cli/cli.h"
#include <getopt.h>
#include "core/model/adapter.h"
#include "core/model/registry.h"
#include <stdio.h>
#include <string.h>

enum { MAX_EVENTS = 64 };

static bool plain_word(const char *s)
{
	if (!s || !*s)
		return false;
	for (const unsigned char *p = (const unsigned char *)s; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
		      strchr("._-+@/", *p)))
			return false;
	return true;
}

static void print_events(const lw_adapter *a)
{
	const char *ev[MAX_EVENTS];
	size_t n = lw_registry_events(a, ev, MAX_EVENTS);
	for (size_t i = 0; i < n; i++)
		puts(ev[i]);
}

/* Open DIR quietly: completions say nothing when there is no project. */
static bool open_quiet(const lw_opts *o, lw_project *p)
{
	lw_error err;
	lw_error_clear(&err);
	if (lw_project_open(p, o->dir, &err) < 0)
		return false;
	lw_project_load_all(p);
	return true;
}

static void subjects(const lw_opts *o)
{
	for (const lw_adapter *const *a = lw_adapters; *a; a++) {
		if (lw_registry_has_levers(*a))
			puts((*a)->name);
		printf("%s:\n", (*a)->name);
	}
	lw_project p;
	if (!open_quiet(o, &p))
		return;
	for (size_t i = 0; i < p.n; i++) {
		const lw_snapshot *s = p.src[i].good;
		for (size_t k = 0; s && k < s->ntasks; k++)
			if (plain_word(s->tasks[k].id))
				printf("%s\n%s:%s\n", s->tasks[k].id, p.src[i].adapter->name, s->tasks[k].id);
	}
	lw_project_close(&p);
}

static void events(const lw_opts *o, const char *spec)
{
	const lw_adapter *a = lw_registry_of_spec(spec);
	if (a) {
		print_events(a);
		return;
	}
	lw_project p;
	if (spec && open_quiet(o, &p)) {   /* a bare task id: the systems that hold it */
		bool any = false;
		for (size_t i = 0; i < p.n; i++) {
			const lw_snapshot *s = p.src[i].good;
			for (size_t k = 0; s && k < s->ntasks; k++)
				if (strcmp(s->tasks[k].id, spec) == 0) {
					print_events(p.src[i].adapter);
					any = true;
					break;
				}
		}
		lw_project_close(&p);
		if (any)
			return;
	}
	for (const lw_adapter *const *ad = lw_adapters; *ad; ad++)
		print_events(*ad);
}

/* A zsh _arguments description: [, ] and \ would end or escape it. */
static void zsh_text(const char *s)
{
	for (; *s; s++) {
		if (*s == '[' || *s == ']' || *s == '\\')
			putchar('\\');
		putchar(*s);
	}
}

/* What `__complete` says about one command of the table. */
static void command_words(const char *what, const char *name)
{
	const cli_command *c = name ? cli_commands_find(name) : NULL;
	if (!c)
		return;
	if (strcmp(what, "operands") == 0) {
		puts(c->operands);
		return;
	}
	for (const cli_option *op = c->opts; op->name; op++) {
		bool value = op->has_arg == required_argument;
		if (strcmp(what, "options") == 0 || (strcmp(what, "option-args") == 0 && value))
			printf("--%s\n", op->name);
		else if (strcmp(what, "options-described") == 0) {
			printf("--%s%s[", op->name, value ? "=" : "");
			zsh_text(op->help);
			if (value)
				printf("]:%s: \n", op->arg ? op->arg : "value");
			else
				puts("]");
		}
	}
}

int cmd_complete(const lw_opts *o, int argc, char **argv)
{
	const char *what = argc > 1 ? argv[1] : "";
	if (strcmp(what, "commands") == 0 || strcmp(what, "commands-described") == 0) {
		for (const cli_command *c = cli_commands; c->name; c++)
			if (!c->hidden && what[8])
				printf("%s:%s\n", c->name, c->summary);
			else if (!c->hidden)
				puts(c->name);
	} else if (strcmp(what, "globals") == 0)
		puts("-C\n--as\n--theme\n--no-color\n--poll\n-h\n--help\n-V\n--version");
	else if (strcmp(what, "options") == 0 || strcmp(what, "option-args") == 0 ||
	         strcmp(what, "options-described") == 0 || strcmp(what, "operands") == 0)
		command_words(what, argc > 2 ? argv[2] : NULL);
	else if (strcmp(what, "systems") == 0)
		for (const lw_adapter *const *a = lw_adapters; *a; a++)
			puts((*a)->name);
	else if (strcmp(what, "subjects") == 0)
		subjects(o);
	else if (strcmp(what, "events") == 0)
		events(o, argc > 2 ? argv[2] : NULL);
	fflush(stdout);
	return EXIT_OK;
}

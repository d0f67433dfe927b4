/* cmd_complete.c — `__complete`, hidden from --help: what the bash and zsh
 * completions ask instead of keeping lists of their own.
 *   __complete systems          every system's short name
 *   __complete subjects [EVENT] what TASK may be: system levers ("liza"),
 *                               qualifiers ("liza:"), and the task ids present
 *                               in DIR, bare and qualified; with EVENT only the
 *                               tasks it applies to now (`approve`: those in
 *                               review) and the systems that have it
 *   __complete events [TASK]    what can be fired on TASK: a task's events from
 *                               its status, a system's levers ("liza", as its
 *                               state allows), a qualified id not found: its
 *                               system's task events; all systems' events when
 *                               TASK names none, or names a bare id found in none
 * What applies is the registry's: the tables' rows and the state the
 * adapters' declared actions need (core/model/action.h).
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

/* Print each event once (seen holds those printed). */
static void put_once(const char *ev, const char **seen, size_t *n)
{
	for (size_t i = 0; i < *n; i++)
		if (strcmp(seen[i], ev) == 0)
			return;
	if (*n < MAX_EVENTS)
		seen[(*n)++] = ev;
	puts(ev);
}

/* A system's levers; with its source loaded (src), only those its state allows. */
static void print_levers(const lw_adapter *a, const lw_source *src)
{
	const char *seen[MAX_EVENTS];
	size_t n = 0;
	const tx_table *t[2] = { a->tx, a->tx_more };
	for (int k = 0; k < 2; k++)
		for (size_t i = 0; t[k] && i < t[k]->n; i++)
			if (!t[k]->rows[i].from && (!src || lw_action_lever_event_ok(src, t[k]->rows[i].event)))
				put_once(t[k]->rows[i].event, seen, &n);
}

/* A system's task events (rows with a from-state), for an id not loaded. */
static void print_task_events(const lw_adapter *a)
{
	const char *seen[MAX_EVENTS];
	size_t n = 0;
	const tx_table *t[2] = { a->tx, a->tx_more };
	for (int k = 0; k < 2; k++)
		for (size_t i = 0; t[k] && i < t[k]->n; i++)
			if (t[k]->rows[i].from)
				put_once(t[k]->rows[i].event, seen, &n);
}

static const tx_table *table_of(const lw_source *src, const lw_task *t)
{
	return t->tx ? t->tx : src->adapter->tx;
}

/* The events that apply to a task now, from its status. */
static void print_events_of(const lw_source *src, const lw_task *t)
{
	const tx_row *rows[MAX_EVENTS];
	const char *seen[MAX_EVENTS];
	size_t n = 0, nr = t->status && table_of(src, t) ? tx_rows_from(table_of(src, t), t->status, rows, MAX_EVENTS) : 0;
	for (size_t i = 0; i < nr; i++)
		if (lw_action_task_event_ok(src, table_of(src, t), t->status, rows[i]->event))
			put_once(rows[i]->event, seen, &n);
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

/* Does the system's table have event at all? */
static bool has_event(const lw_adapter *a, const char *event)
{
	const char *ev[MAX_EVENTS];
	size_t n = lw_registry_events(a, ev, MAX_EVENTS);
	for (size_t i = 0; i < n; i++)
		if (strcmp(ev[i], event) == 0)
			return true;
	return false;
}

static void subjects(const lw_opts *o, const char *event)
{
	for (const lw_adapter *const *a = lw_adapters; *a; a++) {
		if (event && !has_event(*a, event))
			continue;
		if (!event && lw_registry_has_levers(*a))
			puts((*a)->name);
		printf("%s:\n", (*a)->name);
	}
	lw_project p;
	if (!open_quiet(o, &p))
		return;
	for (size_t i = 0; i < p.n; i++) {
		const lw_snapshot *s = p.src[i].good;
		for (size_t k = 0; s && k < s->ntasks; k++) {
			const lw_task *t = &s->tasks[k];
			if (!plain_word(t->id) ||
			    (event && !lw_action_task_event_ok(&p.src[i], table_of(&p.src[i], t), t->status, event)))
				continue;
			printf("%s\n%s:%s\n", t->id, p.src[i].adapter->name, t->id);
		}
	}
	lw_project_close(&p);
}

/* The loaded source of a, or NULL. */
static const lw_source *source_of(const lw_project *p, const lw_adapter *a)
{
	for (size_t i = 0; i < p->n; i++)
		if (p->src[i].adapter == a && p->src[i].good)
			return &p->src[i];
	return NULL;
}

static const lw_task *task_in(const lw_source *src, const char *id)
{
	for (size_t k = 0; src && src->good && k < src->good->ntasks; k++)
		if (strcmp(src->good->tasks[k].id, id) == 0)
			return &src->good->tasks[k];
	return NULL;
}

static void events(const lw_opts *o, const char *spec)
{
	const lw_adapter *a = lw_registry_of_spec(spec);
	lw_project p;
	bool open = spec && open_quiet(o, &p);
	const char *colon = spec ? strchr(spec, ':') : NULL;
	if (a && (!colon || !colon[1])) {
		/* "liza": its levers; "liza:" what it accepts at all. */
		if (!colon)
			print_levers(a, open ? source_of(&p, a) : NULL);
		else
			print_events(a);
	} else if (a) {
		const lw_source *src = open ? source_of(&p, a) : NULL;
		const lw_task *t = task_in(src, colon + 1);
		if (t)
			print_events_of(src, t);
		else if (a->open_subjects)   /* rcs:forge: a workflow mode, named */
			print_levers(a, NULL);
		else
			print_task_events(a);
	} else {
		bool any = false;   /* a bare task id: the systems that hold it */
		for (size_t i = 0; open && i < p.n; i++) {
			const lw_task *t = task_in(&p.src[i], spec);
			if (t) {
				print_events_of(&p.src[i], t);
				any = true;
			}
		}
		for (const lw_adapter *const *ad = lw_adapters; !any && *ad; ad++)
			print_events(*ad);
	}
	if (open)
		lw_project_close(&p);
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
		puts("-C\n--as\n--theme\n--no-color\n--poll\n--reset-ui\n-h\n--help\n-V\n--version");
	else if (strcmp(what, "options") == 0 || strcmp(what, "option-args") == 0 ||
	         strcmp(what, "options-described") == 0 || strcmp(what, "operands") == 0)
		command_words(what, argc > 2 ? argv[2] : NULL);
	else if (strcmp(what, "systems") == 0)
		for (const lw_adapter *const *a = lw_adapters; *a; a++)
			puts((*a)->name);
	else if (strcmp(what, "subjects") == 0)
		subjects(o, argc > 2 && argv[2][0] ? argv[2] : NULL);
	else if (strcmp(what, "events") == 0)
		events(o, argc > 2 ? argv[2] : NULL);
	fflush(stdout);
	return EXIT_OK;
}

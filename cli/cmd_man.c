/* cmd_man.c — `__man`, hidden from --help: the parts of the man pages that
 * list what the registry holds, in roff, so no page keeps such a list by
 * hand. man/gen splices them into the man/ templates (NAME.in) where a line reads
 * `.\" @registry WHAT`:
 *   __man systems     liza-watch(1) SYSTEMS: each system's name, title and
 *                     what it reads (the adapter's manual paragraph)
 *   __man events      each system's events (its transition tables)
 *   __man settings    liza-watch.conf(5): each system's settings with their
 *                     built-in values and ranges (the adapters' rows)
 *   __man commands    liza-watch(1) SYNOPSIS: every command with its options
 *                     (each command's entry, beside its code in cli/cmd_*.c)
 *   __man globals     liza-watch(1) SYNOPSIS: the global options (cli.c's table)
 * The texts are the program's own (no state file is read), escaped for
 * roff all the same. */
#include "cli/cli.h"
#include "core/model/adapter.h"
#include "core/model/config.h"
#include "core/model/registry.h"
#include <ctype.h>
#include <stdio.h>
#include <string.h>

enum { MAX_EVENTS = 64 };

/* Text for a roff line: backslashes and hyphens escaped, a leading dot or
 * quote made literal, `spans` in italics. */
static void roff_put(const char *s, bool line_start)
{
	bool italic = false;
	for (; *s; s++) {
		if (line_start && (*s == '.' || *s == '\''))
			fputs("\\&", stdout);
		line_start = false;
		switch (*s) {
		case '\\': fputs("\\e", stdout); break;
		case '-': fputs("\\-", stdout); break;
		case '`':
			fputs(italic ? "\\fR" : "\\fI", stdout);
			italic = !italic;
			break;
		case '\n':
			putchar('\n');
			line_start = true;
			break;
		default: putchar(*s);
		}
	}
	if (italic)
		fputs("\\fR", stdout);
}

/* A setting's doc as a sentence: capital first, a full stop at the end. */
static void roff_sentence(const char *s)
{
	if (!*s)
		return;
	char first[2] = { (char)toupper((unsigned char)*s), 0 };
	roff_put(first, true);
	roff_put(s + 1, false);
	fputs(s[strlen(s) - 1] == '.' ? "\n" : ".\n", stdout);
}

static void systems(void)
{
	for (const lw_adapter *const *a = lw_adapters; *a; a++) {
		fputs(".TP\n.B ", stdout);
		roff_put((*a)->name, false);
		putchar('\n');
		roff_put((*a)->title ? (*a)->title : (*a)->name, true);
		fputs(":\n", stdout);
		if ((*a)->manual) {
			roff_put((*a)->manual, true);
			putchar('\n');
		}
	}
}

static void events(void)
{
	for (const lw_adapter *const *a = lw_adapters; *a; a++) {
		const char *ev[MAX_EVENTS];
		size_t n = lw_registry_events(*a, ev, MAX_EVENTS);
		fputs(".TP\n.B ", stdout);
		roff_put((*a)->name, false);
		putchar('\n');
		for (size_t i = 0; i < n; i++) {
			fputs("\\fB", stdout);
			roff_put(ev[i], i == 0);
			fputs(i + 1 < n ? "\\fR,\n" : "\\fR\n", stdout);
		}
		if (!n)
			fputs("(none: it is only read)\n", stdout);
	}
}

static const char *kind_name(lw_setting_kind k)
{
	switch (k) {
	case SET_DURATION: return "duration";
	case SET_DURATIONS: return "durations";
	case SET_COUNT: return "count";
	default: return "text";
	}
}

static void settings(void)
{
	lw_config cfg;
	lw_config_init(&cfg);   /* the built-in values */
	strbuf val;
	strbuf_init(&val);
	for (const lw_adapter *const *a = lw_adapters; *a; a++) {
		if (!(*a)->nsettings)
			continue;
		fputs(".SS ", stdout);
		roff_put((*a)->title ? (*a)->title : (*a)->name, false);
		putchar('\n');
		for (size_t i = 0; i < (*a)->nsettings; i++) {
			const lw_setting *s = lw_setting_find((*a)->settings[i].name);
			strbuf_reset(&val);
			lw_setting_format(&cfg, s, &val);
			fputs(".TP\n.BI ", stdout);
			roff_put(s->name, false);
			printf(" \" = %s\" \\fR\\ (", kind_name(s->kind));
			roff_put(val.len ? val.buf : "unset", false);
			if (s->kind == SET_COUNT)
				printf(";\\ %lld\\ to\\ %lld", s->min, s->max);
			fputs(")\n", stdout);
			roff_sentence(s->doc);
		}
	}
	strbuf_free(&val);
	lw_config_free(&cfg);
}

static void command_form(void *ctx, const char *line)
{
	(void)ctx;
	size_t name = strcspn(line, " ");
	fputs(".PP\n.B liza\\-watch\n.RI [ options ]\n.B ", stdout);
	printf("%.*s\n", (int)name, line);
	if (line[name]) {
		roff_put(line + name + 1, true);
		putchar('\n');
	}
}

static void commands(void)
{
	for (const cli_command *const *c = cli_commands; *c; c++)
		if (!(*c)->hidden)
			cli_commands_forms(*c, command_form, NULL);
}

/* An option's argument in the synopsis: lower case, italic, its
 * alternatives (NAME|PATH) apart in roman. */
static void roff_arg(const char *arg)
{
	for (; *arg; arg++)
		if (*arg == '|')
			fputs(" | ", stdout);
		else
			putchar(tolower((unsigned char)*arg));
}

/* The SYNOPSIS's first line: the global options, from their table. */
static void globals(void)
{
	fputs(".B liza-watch\n", stdout);
	for (const cli_option *g = cli_globals; g->name; g++) {
		if (g->shortname && g->has_arg == no_argument)
			continue;   /* -h, -V: a line of their own */
		char word[48];
		if (strlen(g->name) == 1)
			snprintf(word, sizeof word, "-%c", g->shortname);
		else
			snprintf(word, sizeof word, "--%s", g->name);
		fputs(".RB [ ", stdout);
		roff_put(word, false);
		if (g->has_arg == required_argument) {
			fputs("\n.IR ", stdout);
			roff_arg(g->arg);
			fputs(" ]\n", stdout);
		} else if (g->has_arg == optional_argument) {
			fputs(" [=\\fI", stdout);
			roff_arg(g->arg);
			fputs("\\fR]]\n", stdout);
		} else {
			fputs(" ]\n", stdout);
		}
	}
	fputs(".RI [ command ]\n", stdout);
}

static int cmd_man(const lw_opts *o, const cli_args *a)
{
	(void)o;
	const char *what = a->argc > 0 ? a->argv[0] : "";
	if (strcmp(what, "systems") == 0)
		systems();
	else if (strcmp(what, "events") == 0)
		events();
	else if (strcmp(what, "settings") == 0)
		settings();
	else if (strcmp(what, "commands") == 0)
		commands();
	else if (strcmp(what, "globals") == 0)
		globals();
	else {
		fprintf(stderr, "liza-watch: __man systems|events|settings|commands|globals\n");
		return EXIT_USAGE;
	}
	fflush(stdout);
	return EXIT_OK;
}

static const cli_option no_opts[] = { { NULL, 0, 0, NULL, NULL } };

const cli_command cmd_man_entry = {
	"__man", "WHAT", "the man pages' generated lists", NULL, no_opts, "", cmd_man, false, true,
};

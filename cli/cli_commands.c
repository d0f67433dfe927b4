/* cli_commands.c — the list of commands and what every command shares:
 * each command's entry (tmux's cmd_entry: its name, option table, synopsis,
 * help and what its operands complete to) lives beside its code, in
 * cmd_*.c. From the entries come the parser of each command's options, the
 * global usage, `CMD --help`, the man page's synopsis (`__man commands`) and
 * both shell completions (`__complete commands|options CMD`), so a command
 * cannot exist without all of them. */
#include "cli/cli.h"
#include "core/model/adapter.h"
#include "core/util/strdist.h"
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const cli_command *const cli_commands[] = {
	&cmd_hud_entry, &cmd_check_entry, &cmd_status_entry, &cmd_approve_entry, &cmd_reject_entry,
	&cmd_transition_entry, &cmd_review_entry, &cmd_demo_entry, &cmd_metrics_entry, &cmd_events_entry,
	&cmd_queue_entry, &cmd_export_entry, &cmd_keys_entry, &cmd_config_entry,
	/* Hidden: what the shell completions and man/gen ask. */
	&cmd_complete_entry, &cmd_man_entry,
	NULL,
};

const cli_command *cli_commands_find(const char *name)
{
	for (const cli_command *const *c = cli_commands; *c; c++)
		if (strcmp((*c)->name, name) == 0)
			return *c;
	return NULL;
}

int cli_commands_parse(const cli_command *cmd, int argc, char **argv, cli_args *a)
{
	/* getopt_long keeps pointers into these between calls: one command
	 * parses at a time, so one static copy serves. */
	static struct option longopts[CLI_MAX_OPTS + 1];
	static char shortopts[2 * CLI_MAX_OPTS + 3];
	size_t n = 0, s = 0;
	memset(a, 0, sizeof *a);
	a->cmd = cmd;
	if (!cmd->opts->name) {
		/* No options: every word is an operand ("keys --x" is one too
		 * many; __complete passes words that may start with "-"). */
		a->argc = argc - 1;
		a->argv = argv + 1;
		return 0;
	}
	shortopts[s++] = ':';   /* a missing value is ours to say */
	for (const cli_option *o = cmd->opts; o->name; o++, n++) {
		if (n == CLI_MAX_OPTS)
			abort();   /* a table too long for CLI_MAX_OPTS: a bug */
		longopts[n] = (struct option){ o->name, o->has_arg, NULL, 256 + (int)n };
		if (o->shortname) {
			shortopts[s++] = o->shortname;
			if (o->has_arg == required_argument)
				shortopts[s++] = ':';
		}
	}
	longopts[n] = (struct option){ NULL, 0, NULL, 0 };
	shortopts[s] = '\0';
	/* 0, not 1: glibc then re-reads the option string, and the command's
	 * options may follow its operands. */
	optind = 0;
	opterr = 0;
	int c;
	while ((c = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1) {
		size_t i = n;
		if (c >= 256)
			i = (size_t)(c - 256);
		else
			for (size_t k = 0; k < n && c > 0; k++)
				if (cmd->opts[k].shortname == c)
					i = k;
		const char *word = argv[optind - 1];
		if (c == ':') {
			const cli_option *o = cli_commands_option(cmd->opts, word);
			cli_error("%s: %s needs a value%s%s", cmd->name, word, o ? ": " : "", o ? o->arg : "");
			return EXIT_USAGE;
		}
		if (i == n) {
			/* "-x" in a cluster: name the letter, not the word. */
			char letter[3] = { '-', (char)optopt, '\0' };
			bool short_one = c == '?' && optopt > 0 && word[0] == '-' && word[1] != '-';
			cli_error("%s: unknown option '%s'", cmd->name, short_one ? letter : word);
			cli_option_hint(cmd->name, word);
			return EXIT_USAGE;
		}
		a->val[i] = optarg ? optarg : "";
	}
	a->argc = argc - optind;
	a->argv = argv + optind;
	return 0;
}

static size_t opt_index(const cli_args *a, const char *name)
{
	for (size_t i = 0; a->cmd->opts[i].name; i++)
		if (strcmp(a->cmd->opts[i].name, name) == 0)
			return i;
	fprintf(stderr, "liza-watch: %s has no option --%s (a bug)\n", a->cmd->name, name);
	abort();
}

bool cli_args_has(const cli_args *a, const char *name)
{
	return a->val[opt_index(a, name)] != NULL;
}

const char *cli_args_value(const cli_args *a, const char *name)
{
	return a->val[opt_index(a, name)];
}

int cli_args_max(const cli_args *a, int max)
{
	if (a->argc <= max)
		return 0;
	cli_error("%s: unexpected argument '%s'", a->cmd->name, a->argv[max]);
	return EXIT_USAGE;
}

const cli_option *cli_commands_option(const cli_option *opts, const char *arg)
{
	if (!arg || arg[0] != '-' || arg[1] != '-')
		return NULL;
	size_t len = strcspn(arg + 2, "=");
	for (const cli_option *o = opts; o->name; o++)
		if (strlen(o->name) == len && strncmp(o->name, arg + 2, len) == 0)
			return o;
	return NULL;
}

/* Each form of the synopsis (its lines) as "NAME FORM"; f(ctx, line). */
static void forms(const cli_command *c, void (*f)(void *, const char *), void *ctx)
{
	const char *s = c->synopsis;
	do {
		size_t n = strcspn(s, "\n");
		char line[200];
		snprintf(line, sizeof line, "%s%s%.*s", c->name, n ? " " : "", (int)n, s);
		f(ctx, line);
		s += n + (s[n] == '\n');
	} while (*s);
}

typedef struct usage_ctx {
	FILE *out;
	const char *prefix;
	bool summary_after;       /* the global usage: the summary beside or below */
	const char *summary;
	bool first;
} usage_ctx;

static void usage_form(void *ctx, const char *line)
{
	usage_ctx *u = ctx;
	if (u->summary_after) {
		char head[220];
		snprintf(head, sizeof head, "  %s", line);
		if (!u->first)
			fprintf(u->out, "%s\n", head);
		else if (strlen(head) < 29)
			fprintf(u->out, "%-29s%s\n", head, u->summary);
		else
			fprintf(u->out, "%s\n%29s%s\n", head, "", u->summary);
	} else {
		fprintf(u->out, "%s%s\n", u->first ? u->prefix : "       liza-watch ", line);
	}
	u->first = false;
}

void cli_commands_line(FILE *out, const cli_command *c)
{
	usage_ctx u = { out, "", true, c->summary, true };
	forms(c, usage_form, &u);
	/* transition's events differ by system: each adapter says what it adds. */
	if (strcmp(c->name, "transition") == 0)
		for (const lw_adapter *const *a = lw_adapters; *a; a++)
			if ((*a)->usage)
				fprintf(out, "%29s(%s)\n", "", (*a)->usage);
}

void cli_commands_usage(FILE *out, const cli_command *c)
{
	usage_ctx u = { out, "usage: liza-watch ", false, NULL, true };
	forms(c, usage_form, &u);
}

void cli_commands_forms(const cli_command *c, void (*f)(void *, const char *), void *ctx)
{
	forms(c, f, ctx);
}

void cli_commands_help(FILE *out, const cli_command *c)
{
	usage_ctx u = { out, "usage: liza-watch [GLOBAL OPTIONS] ", false, NULL, true };
	forms(c, usage_form, &u);
	fprintf(out, "\n%s\n", c->summary);
	if (c->help)
		fprintf(out, "\n%s", c->help);
	if (c->opts->name) {
		fputs("\noptions:\n", out);
		for (const cli_option *o = c->opts; o->name; o++) {
			char head[64];
			snprintf(head, sizeof head, "  --%s%s%s", o->name, o->arg ? " " : "", o->arg ? o->arg : "");
			fprintf(out, "%-22s %s\n", head, o->help);
		}
	}
	fputs("\nGlobal options (before or after the command; see liza-watch --help):\n", out);
	cli_commands_globals_line(out);
	fputc('\n', out);
}

const char *cli_commands_near(const char *name)
{
	const char *best = NULL, *prefix = NULL;
	size_t nprefix = 0;
	bool tie = false;
	for (const cli_command *const *cp = cli_commands; *cp; cp++) {
		const cli_command *c = *cp;
		if (c->hidden)
			continue;
		if (*name && strncmp(c->name, name, strlen(name)) == 0) {
			prefix = c->name;
			nprefix++;
		}
		if (lw_edit_distance(name, c->name) == 1) {
			tie = best != NULL;
			best = c->name;
		}
	}
	if (best && !tie)
		return best;
	return nprefix == 1 ? prefix : NULL;
}

void cli_commands_globals_line(FILE *out)
{
	/* "[-C DIR] [--as ID] [--poll[=MS]] ..."; -h and -V are said apart. */
	const char *sep = "";
	for (const cli_option *o = cli_globals; o->name; o++) {
		if (strcmp(o->name, "help") == 0 || strcmp(o->name, "version") == 0)
			continue;
		char name[40];
		if (o->shortname && o->has_arg == required_argument)
			snprintf(name, sizeof name, "-%c", o->shortname);
		else
			snprintf(name, sizeof name, "--%s", o->name);
		if (o->has_arg == required_argument)
			fprintf(out, "%s[%s %s]", sep, name, o->arg);
		else if (o->has_arg == optional_argument)
			fprintf(out, "%s[%s[=%s]]", sep, name, o->arg);
		else
			fprintf(out, "%s[%s]", sep, name);
		sep = " ";
	}
}

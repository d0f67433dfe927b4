/* test_cli_args.c — each command's entry parses its own options (one table,
 * cli_commands_parse), and the tables themselves hold together: no two
 * options of a command or of the globals share a name or a letter, every
 * table fits the parser, every command is found by its name. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>
#include "cli/cli.h"


static int parse(const cli_command *cmd, cli_args *a, int argc, const char **words)
{
	static char *argv[16];
	for (int i = 0; i < argc; i++)
		argv[i] = (char *)words[i];
	argv[argc] = NULL;
	return cli_commands_parse(cmd, argc, argv, a);
}

static void flags_and_values_by_name(void **state)
{
	(void)state;
	cli_args a;
	const char *w[] = { "status", "--json", "-f" };
	assert_int_equal(parse(&cmd_status_entry, &a, 3, w), 0);
	assert_true(cli_args_has(&a, "json"));
	assert_true(cli_args_has(&a, "follow"));
	assert_false(cli_args_has(&a, "tmux"));
	assert_null(cli_args_value(&a, "format"));
	assert_int_equal(a.argc, 0);

	const char *w2[] = { "status", "--format=%S", "-F", "long" };
	assert_int_equal(parse(&cmd_status_entry, &a, 4, w2), 0);
	assert_string_equal(cli_args_value(&a, "format"), "long");   /* the last one given */
}

/* Options may follow operands (approve t1 --force), and short ones take
 * their value from the next word. */
static void options_after_operands(void **state)
{
	(void)state;
	cli_args a;
	const char *w[] = { "reject", "task-3", "-r", "too big", "--force" };
	assert_int_equal(parse(&cmd_reject_entry, &a, 5, w), 0);
	assert_int_equal(a.argc, 1);
	assert_string_equal(a.argv[0], "task-3");
	assert_string_equal(cli_args_value(&a, "reason"), "too big");
	assert_true(cli_args_has(&a, "force"));

	const char *w2[] = { "transition", "t1", "block", "--question", "why?", "--reason=stuck" };
	assert_int_equal(parse(&cmd_transition_entry, &a, 6, w2), 0);
	assert_int_equal(a.argc, 2);
	assert_string_equal(a.argv[1], "block");
	assert_string_equal(cli_args_value(&a, "question"), "why?");
	assert_string_equal(cli_args_value(&a, "reason"), "stuck");
}

static void usage_errors_exit_2(void **state)
{
	(void)state;
	cli_args a;
	const char *unknown[] = { "check", "--bogus" };
	assert_int_equal(parse(&cmd_check_entry, &a, 2, unknown), EXIT_USAGE);
	const char *letter[] = { "check", "-x" };
	assert_int_equal(parse(&cmd_check_entry, &a, 2, letter), EXIT_USAGE);
	const char *novalue[] = { "reject", "t1", "--reason" };
	assert_int_equal(parse(&cmd_reject_entry, &a, 3, novalue), EXIT_USAGE);
	const char *noshort[] = { "metrics", "-o" };
	assert_int_equal(parse(&cmd_metrics_entry, &a, 2, noshort), EXIT_USAGE);
	/* An option of another command is unknown here. */
	const char *other[] = { "approve", "t1", "--reason", "x" };
	assert_int_equal(parse(&cmd_approve_entry, &a, 4, other), EXIT_USAGE);
	/* Too many operands. */
	const char *extra[] = { "check", "stray" };
	assert_int_equal(parse(&cmd_check_entry, &a, 2, extra), 0);
	assert_int_equal(cli_args_max(&a, 0), EXIT_USAGE);
	assert_int_equal(cli_args_max(&a, 1), 0);
}

/* A command without options takes every word as an operand: __complete is
 * asked about words that look like options. */
static void no_options_no_parsing(void **state)
{
	(void)state;
	cli_args a;
	const char *w[] = { "__complete", "arg-kind", "--theme" };
	assert_int_equal(parse(&cmd_complete_entry, &a, 3, w), 0);
	assert_int_equal(a.argc, 2);
	assert_string_equal(a.argv[1], "--theme");
}

/* No two options of one table share a long name or a letter. */
static void table_is_consistent(const cli_option *opts, const char *what)
{
	size_t n = 0;
	for (const cli_option *o = opts; o->name; o++, n++) {
		assert_non_null(o->help);
		assert_true(o->has_arg == no_argument || o->arg != NULL);
		for (const cli_option *p = o + 1; p->name; p++) {
			if (strcmp(o->name, p->name) == 0 || (o->shortname && o->shortname == p->shortname))
				fail_msg("%s: --%s and --%s clash", what, o->name, p->name);
		}
	}
	assert_true(n <= CLI_MAX_OPTS);
}

static void every_table_holds_together(void **state)
{
	(void)state;
	size_t n = 0;
	for (const cli_command *const *c = cli_commands; *c; c++, n++) {
		table_is_consistent((*c)->opts, (*c)->name);
		assert_ptr_equal(cli_commands_find((*c)->name), *c);
		assert_non_null((*c)->run);
		assert_non_null((*c)->synopsis);
		assert_non_null((*c)->operands);
		/* A command's option never shadows a global one: approve t1 --as X
		 * must reach the global. */
		for (const cli_option *o = (*c)->opts; o->name; o++)
			for (const cli_option *g = cli_globals; g->name; g++)
				if (strcmp(o->name, g->name) == 0)
					fail_msg("%s --%s shadows a global option", (*c)->name, o->name);
	}
	assert_true(n >= 16);
	table_is_consistent(cli_globals, "globals");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(flags_and_values_by_name),
		cmocka_unit_test(options_after_operands),
		cmocka_unit_test(usage_errors_exit_2),
		cmocka_unit_test(no_options_no_parsing),
		cmocka_unit_test(every_table_holds_together),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

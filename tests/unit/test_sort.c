/* test_sort.c — the table's and the alerts' sort (issue 39): every column,
 * both directions, ties kept in the order they had (stable), the columns
 * named as :sort and the saved state spell them, and "none" giving back
 * the order as built. No terminal needed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tui/sort.h"
#include "tui/pane.h"

static void keys_sort_stable_both_ways(void **state)
{
	(void)state;
	/* Equal keys at 0, 2, 4 keep that order ascending and descending. */
	long long num[] = { 5, 1, 5, 3, 5, 0 };
	enum { N = sizeof num / sizeof *num };
	sort_key k[N], tmp[N];
	for (int dir = 0; dir < 2; dir++) {
		for (size_t i = 0; i < N; i++)
			k[i] = (sort_key){ num[i], NULL, (uint32_t)i };
		sort_keys(k, tmp, N, dir == 1);
		uint32_t asc[] = { 5, 1, 3, 0, 2, 4 }, desc[] = { 0, 2, 4, 3, 1, 5 };
		for (size_t i = 0; i < N; i++)
			assert_int_equal(k[i].at, dir ? desc[i] : asc[i]);
	}
}

static void strings_then_numbers(void **state)
{
	(void)state;
	sort_key k[4] = { { 0, "b", 0 }, { 0, NULL, 1 }, { 0, "a", 2 }, { -1, "z", 3 } }, tmp[4];
	sort_keys(k, tmp, 4, false);
	assert_int_equal(k[0].at, 3);   /* the number first (an unknown age is -1) */
	assert_int_equal(k[1].at, 1);   /* NULL reads "" */
	assert_int_equal(k[2].at, 2);
	assert_int_equal(k[3].at, 0);
}

static void big_input_sorted(void **state)
{
	(void)state;
	enum { N = 10000 };
	sort_key *k = malloc(2 * N * sizeof *k);
	for (size_t i = 0; i < N; i++)
		k[i] = (sort_key){ (long long)((i * 7919) % 101), NULL, (uint32_t)i };
	sort_keys(k, k + N, N, false);
	for (size_t i = 1; i < N; i++) {
		assert_true(k[i - 1].num <= k[i].num);
		if (k[i - 1].num == k[i].num)
			assert_true(k[i - 1].at < k[i].at);   /* stable */
	}
	free(k);
}

static void column_names(void **state)
{
	(void)state;
	assert_int_equal(sort_col_find(SORT_TABLE, "id"), 3);
	assert_int_equal(sort_col_find(SORT_TABLE, "age"), 5);
	assert_int_equal(sort_col_find(SORT_TABLE, "for"), 5);   /* as the header says it */
	assert_int_equal(sort_col_find(SORT_TABLE, "none"), 0);
	assert_int_equal(sort_col_find(SORT_TABLE, "nope"), -1);
	assert_int_equal(sort_col_find(SORT_ALERTS, "level"), 1);
	assert_int_equal(sort_col_find(SORT_ALERTS, "id"), -1);
	for (size_t i = 0; i < sort_ncols(SORT_TABLE); i++)
		assert_int_equal(sort_col_find(SORT_TABLE, sort_col_name(SORT_TABLE, (int)i)), (int)i);
	char list[256];
	sort_col_list(SORT_TABLE, list, sizeof list);
	assert_string_equal(list, "project, system, id, status, age, lane, assignee, iter, rev, title or none");
}

static lw_task tasks[5];
static hud_item items[5];
static lw_fleet fleet;

static void table(hud *h)
{
	memset(h, 0, sizeof *h);
	h->fleet = &fleet;
	h->only = -1;
	h->table_view = true;
	const char *ids[] = { "t-3", "t-1", "t-2", "t-1", "t-0" };
	const char *who[] = { "bob", "amy", NULL, "bob", "amy" };
	int iter[] = { 2, 1, 2, 3, 2 };
	for (int i = 0; i < 5; i++) {
		tasks[i] = (lw_task){ .system = "liza", .id = ids[i], .title = ids[i], .status = "READY", .assignee = who[i],
		                      .iteration = iter[i], .status_since = 1000 + i };
		items[i] = (hud_item){ &tasks[i], NULL, 0 };
	}
	h->items = items;
	h->nitems = 5;
}

static void order(const hud *h, const char *want)
{
	char got[64] = "";
	for (size_t i = 0; i < h->nitems; i++)
		snprintf(got + strlen(got), sizeof got - strlen(got), "%d", (int)(h->items[i].task - tasks));
	assert_string_equal(got, want);
}

static void table_by_each_column(void **state)
{
	(void)state;
	hud h;
	table(&h);
	h.sort_col[SORT_TABLE] = sort_col_find(SORT_TABLE, "id");
	sort_table_items(&h);
	order(&h, "41320");   /* t-1 twice: in the order they had */
	table(&h);
	h.sort_col[SORT_TABLE] = sort_col_find(SORT_TABLE, "id");
	h.sort_desc[SORT_TABLE] = true;
	sort_table_items(&h);
	order(&h, "02134");   /* descending, ties still as they were */
	table(&h);
	h.sort_col[SORT_TABLE] = sort_col_find(SORT_TABLE, "assignee");
	sort_table_items(&h);
	order(&h, "21403");   /* no assignee first */
	table(&h);
	h.sort_col[SORT_TABLE] = sort_col_find(SORT_TABLE, "iter");
	h.sort_desc[SORT_TABLE] = true;
	sort_table_items(&h);
	order(&h, "30241");
	table(&h);
	h.sort_col[SORT_TABLE] = sort_col_find(SORT_TABLE, "age");   /* status_since 1000+i: the last is the youngest */
	sort_table_items(&h);
	order(&h, "43210");
	table(&h);
	h.sort_col[SORT_TABLE] = 0;   /* none: as built */
	sort_table_items(&h);
	order(&h, "01234");
	table(&h);
	h.table_view = false;   /* the lanes keep the board's order */
	h.sort_col[SORT_TABLE] = sort_col_find(SORT_TABLE, "id");
	sort_table_items(&h);
	order(&h, "01234");
}

static void alerts_by_column(void **state)
{
	(void)state;
	hud h;
	memset(&h, 0, sizeof h);
	lw_alerts_init(&h.alerts);
	const char *codes[] = { "b_code", "a_code", "b_code", "c_code" };
	lw_level lev[] = { LW_CRIT, LW_WARN, LW_INFO, LW_WARN };
	for (int i = 0; i < 4; i++) {
		lw_alert a = { .level = lev[i], .system = "liza", .code = codes[i], .subject = "s", .message = "m",
		               .key = "k", .since = 100 + i };
		lw_alerts_add_copy(&h.alerts, &a);
	}
	h.sort_col[SORT_ALERTS] = sort_col_find(SORT_ALERTS, "code");
	sort_alert_rows(&h);
	const char *want[] = { "a_code", "b_code", "b_code", "c_code" };
	lw_level wantlev[] = { LW_WARN, LW_CRIT, LW_INFO, LW_WARN };   /* the two b_code as they were */
	for (int i = 0; i < 4; i++) {
		assert_string_equal(h.alerts.v[i].code, want[i]);
		assert_int_equal(h.alerts.v[i].level, wantlev[i]);
	}
	h.sort_col[SORT_ALERTS] = sort_col_find(SORT_ALERTS, "level");
	h.sort_desc[SORT_ALERTS] = true;
	sort_alert_rows(&h);
	assert_int_equal(h.alerts.v[0].level, LW_CRIT);
	assert_int_equal(h.alerts.v[3].level, LW_INFO);
	assert_string_equal(h.alerts.v[1].code, "a_code");   /* the two WARN in the order they had */
	assert_string_equal(h.alerts.v[2].code, "c_code");
	lw_alerts_free(&h.alerts);
}

static void header_mark(void **state)
{
	(void)state;
	hud h;
	memset(&h, 0, sizeof h);
	h.sort_col[SORT_TABLE] = 3;
	assert_string_equal(sort_mark(&h, SORT_TABLE, 3), "^");
	assert_string_equal(sort_mark(&h, SORT_TABLE, 4), "");
	h.sort_desc[SORT_TABLE] = true;
	assert_string_equal(sort_mark(&h, SORT_TABLE, 3), "v");
	h.utf8 = true;
	assert_string_equal(sort_mark(&h, SORT_TABLE, 3), "\xe2\x96\xbc");
	assert_string_equal(sort_mark(&h, SORT_ALERTS, 0), "");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(keys_sort_stable_both_ways),
		cmocka_unit_test(strings_then_numbers),
		cmocka_unit_test(big_input_sorted),
		cmocka_unit_test(column_names),
		cmocka_unit_test(table_by_each_column),
		cmocka_unit_test(alerts_by_column),
		cmocka_unit_test(header_mark),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

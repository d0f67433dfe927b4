/* sort.h — the table view and the alerts pane sorted by any column, in
 * either direction (issue 39), as htop's < > and I do. Column 0 is "as
 * built": the board's order for the table, severity then newest for the
 * alerts. What is sorted is an index (a key per row, built once), never the
 * records; the sort is stable, so rows that tie keep the order they had. It
 * runs when the rows change (a reload, a filter, a check), not per redraw. */
#ifndef LW_SORT_H
#define LW_SORT_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "tui/hud.h"

typedef enum sort_what { SORT_TABLE, SORT_ALERTS } sort_what;

/* One row's key: a number compared first, then a string (NULL = ""). */
typedef struct sort_key {
	long long num;
	const char *str;
	uint32_t at;              /* the row's place before the sort */
} sort_key;

/* Stable merge sort of keys[0..n) by (num, str), descending when desc (a
 * tie keeps its order in either direction). tmp holds n keys. */
void sort_keys(sort_key *keys, sort_key *tmp, size_t n, bool desc);

/* The columns of each: names as :sort and the saved state spell them.
 * Index 0 is "none" (as built). */
size_t sort_ncols(sort_what w);
const char *sort_col_name(sort_what w, int col);
/* The column named NAME (an alias: "for" is the table's "age"), or -1. */
int sort_col_find(sort_what w, const char *name);
/* "id, status, age, …": the names a message offers. */
void sort_col_list(sort_what w, char *buf, size_t n);

/* What the focused pane sorts: the alerts when they have the focus. */
sort_what sort_target(const hud *h);
/* Sort by col (0: as built) in that direction, then rebuild and say so. */
void sort_set(hud *h, sort_what w, int col, bool desc);

/* The keys: next column (>), previous (<), the other direction (I). */
void sort_next(hud *h);
void sort_prev(hud *h);
void sort_invert(hud *h);

/* Called where the rows are built: items in table view (hud_rebuild), the
 * alerts after a check. Nothing happens when the column is 0. */
void sort_table_items(hud *h);
void sort_alert_rows(hud *h);

/* The header's mark by a sorted column: "▲"/"▼", or "^"/"v" without UTF-8;
 * "" for a column not sorted on. */
const char *sort_mark(const hud *h, sort_what w, int col);
/* The table header's column (TC_* of pane_board.c) for a sort column. */
int sort_table_header_col(int col);

#endif

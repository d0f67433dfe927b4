/* cmdline.h — the : command line (issue 39), as k9s's and vim's: every
 * action of the keymap by its name (the same rows the keys, the help screen
 * and `liza-watch keys` read, so a system's action is here as soon as it is
 * in the registry), and commands with an argument: q, project NAME, filter
 * TEXT, sort COLUMN [asc|desc], theme NAME, and a task action with a task
 * id (`:approve review-1`). Tab completes the word under the cursor (command
 * names, projects, columns, themes, task ids); Up and Down recall earlier
 * lines, kept in the user's state folder (never in a project). A write runs
 * through act_run, with the confirmations of its key. */
#ifndef LW_CMDLINE_H
#define LW_CMDLINE_H
#include <stdbool.h>
#include <stddef.h>
#include "tui/hud.h"

enum { CMDLINE_HISTORY_MAX = 100, CMDLINE_HISTORY_BYTES = 65536 };

/* : opens the prompt. */
void cmdline_open(hud *h);
/* Run one line (without the ':'): what it did or why not, on the message line. */
void cmdline_exec(hud *h, const char *line);
/* Tab: line with its last word completed as far as the candidates agree
 * (and a space after a single one); the candidates, when several, in list.
 * false when nothing completes. */
bool cmdline_complete(const hud *h, const char *line, char *out, size_t n, char *list, size_t ln);

/* The history: the file's lines (a bad file ignored, why said once), added
 * to (a line the same as the last is not repeated), saved atomically. */
void cmdline_history_load(char *why, size_t n);
void cmdline_history_add(const char *line);
size_t cmdline_history_count(void);
const char *cmdline_history_at(size_t i);   /* 0 is the oldest */
void cmdline_free(void);

#endif

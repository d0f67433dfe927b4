/* theme.h — colours and attributes by screen element: the default and mono
 * themes built in, others loaded from NAME.theme files at run time. */
#ifndef LW_THEME_H
#define LW_THEME_H
#include <stdbool.h>
#include <stddef.h>

typedef enum theme_elem {
	EL_NORMAL, EL_HEADER, EL_TITLE, EL_BORDER, EL_SELECTED, EL_DIM,
	EL_CRIT, EL_WARN, EL_INFO, EL_OK, EL_STALE,
	EL_LANE_BACKLOG, EL_LANE_READY, EL_LANE_ACTIVE, EL_LANE_REVIEW, EL_LANE_BLOCKED, EL_LANE_DONE,
	EL_GAUGE, EL_KEY, EL_PROMPT, EL_MATCH, EL_COUNT
} theme_elem;

typedef struct theme_style {
	short fg, bg;             /* -1 = terminal default; 0..255 */
	unsigned attrs;           /* THEME_BOLD | … */
} theme_style;

enum { THEME_BOLD = 1, THEME_UNDERLINE = 2, THEME_REVERSE = 4, THEME_DIM = 8 };

typedef struct theme {
	char name[64];
	theme_style el[EL_COUNT];
} theme;

/* The built-in default, the base every theme file overrides. */
void theme_default(theme *t);
/* Whether name is one of the themes built into the program (default, mono). */
bool theme_builtin(const char *name);
/* The i-th built-in theme's name, or NULL past the last. */
const char *theme_builtin_name(size_t i);
/* name: a built-in theme, a bare name looked up as NAME.theme in dirs (a
 * NULL-terminated list, in order; never the current folder) or a path. Bad
 * lines go to warn (file:line: message) and are skipped. Returns 0, or -1
 * when the theme cannot be found. */
int theme_load(theme *t, const char *name, const char *const *dirs, char *warn, size_t warn_n);
/* Parse theme text (for tests and for theme_load). */
int theme_parse(theme *t, const char *text, const char *file, char *warn, size_t warn_n);

#endif

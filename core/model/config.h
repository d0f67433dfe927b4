/* config.h — the config files. Read in order, each later one winning:
 *   $XDG_CONFIG_HOME/liza-watch/config (else ~/.config/liza-watch/config)
 *   DIR/.liza-watch (the project's own)
 * and the command line wins over both (cli/ applies that). Lines are
 * `key = value`, `[section]` (prefixes the bare keys below it: [liza] then
 * `stale-draft = 30m` is liza.stale-draft; a dotted key is always taken as
 * written), `bind KEY ACTION`,
 * `unbind KEY`, and `#` comments on lines of their own (a `#` inside a value
 * is kept: tmux styles need it). A bad line is reported as
 * "file:line: message" in warnings and skipped: a config never stops the
 * tool. No curses here: key bindings are kept as written, and the HUD checks
 * their key and action names when it applies them. */
#ifndef LW_CONFIG_H
#define LW_CONFIG_H
#include <stdbool.h>
#include <stddef.h>
#include "core/doc/arena.h"
#include "core/util/strbuf.h"
#include "core/model/thresholds.h"

/* One `bind KEY ACTION` or `unbind KEY` line, in file order. */
typedef struct lw_bind {
	const char *key;          /* as written: "J", "C-x", "PgDn" */
	const char *action;       /* NULL for unbind */
	const char *file;
	int line;
} lw_bind;

/* Where a setting was last set: "file:line", or NULL (built in). */
typedef const char *lw_origin;

enum { LW_CONFIG_FILES = 2, LW_SETTINGS_MAX = 32 };

typedef struct lw_config {
	arena mem;                /* every string below */
	const char *theme;        /* a name, or a path made absolute; NULL = not set */
	const char *as;           /* NULL = not set */
	const char *status_format, *status_tmux_format;
	/* Notifications (notify/notify.h): the least level that notifies
	 * ("crit", "warn" or "off"), the terminal bell, a desktop notification
	 * through the terminal ("off", "osc777", "osc9"), a program to run (the
	 * user's file only: a project's .liza-watch is writable by its agents),
	 * and the least gap between two notifications. */
	const char *notify_level, *notify_terminal, *notify_program;
	const char *projects;     /* the projects to watch without -C: dirs and globs, comma-separated */
	long long notify_bell, notify_gap;
	long long mouse;          /* the HUD takes clicks and the wheel (1), or leaves them to the terminal (0) */
	bool reading_project;     /* while the project's own file is parsed */
	lw_thresholds th;
	lw_bind *binds;
	size_t nbinds, cap_binds;
	lw_origin origin[LW_SETTINGS_MAX];   /* by index into lw_settings_all() */
	const char *files[LW_CONFIG_FILES];  /* the files looked for (NULL = none) */
	bool found[LW_CONFIG_FILES];         /* … and whether each was there */
	strbuf warnings;          /* "file:line: message\n", one per bad line */
	size_t nwarnings;
} lw_config;

/* Built-in values: no file read. */
void lw_config_init(lw_config *c);
void lw_config_free(lw_config *c);
/* Apply the lines of text as if read from file. */
void lw_config_parse(lw_config *c, const char *text, size_t len, const char *file);
/* Read and apply one file. A missing file is not an error (returns 0 and
 * changes nothing); an unreadable one is a warning. 1 when it was read. */
int  lw_config_load_file(lw_config *c, const char *path);
/* The user's file path from the environment, or NULL when neither
 * XDG_CONFIG_HOME (absolute) nor HOME is set. */
const char *lw_config_user_path(lw_config *c);
/* The user's file, then project_dir/.liza-watch. */
void lw_config_load(lw_config *c, const char *project_dir);
/* Where a setting was last set ("file:line"), or NULL when built in. */
lw_origin lw_config_origin(const lw_config *c, const char *name);
/* Record a warning "file:line: message" (also used by the HUD for bind
 * lines whose key or action it does not know). */
void lw_config_warn(lw_config *c, const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* Append "file:line: message\n" (or "file: message" for line 0) to out,
 * control bytes made '?': the one shape every config complaint takes. */
void lw_warn_append(strbuf *out, const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* ---- the settings (config_keys.c): one table entry per key ---- */
typedef enum lw_setting_kind { SET_STRING, SET_THEME, SET_DURATION, SET_COUNT, SET_DURATIONS } lw_setting_kind;

typedef struct lw_setting {
	const char *name;         /* "liza.stale-draft" */
	lw_setting_kind kind;
	size_t offset;            /* into lw_config */
	int count;                /* SET_DURATIONS: how many, ascending */
	long long min, max;       /* numbers: the range accepted */
	const char *doc;          /* one line: what it changes */
} lw_setting;

/* Rows of a system's settings (in its adapter) name the field of its own
 * thresholds struct they set with LW_SYS_TH(type, field); the table puts
 * that block where lw_thresholds keeps it. LW_TH(field) names a general
 * threshold. Durations range up to LW_SETTING_YEAR. */
#define LW_TH(field) offsetof(lw_config, th.field)
#define LW_SETTING_SYSTEM ((size_t)1 << (sizeof(size_t) * 8 - 1))
#define LW_SYS_TH(type, field) (LW_SETTING_SYSTEM | offsetof(type, field))
#define LW_SETTING_YEAR (366LL * 24 * 3600)

/* Every setting: the general ones, then each adapter's rows in registry
 * order (built once, on first use; lw_config_init makes that first use). */
const lw_setting *lw_settings_all(size_t *n);
const lw_setting *lw_setting_find(const char *name);
/* Settings a project's .liza-watch may not set: they name a program to run,
 * and the agents can write that file. */
bool lw_setting_user_only(const lw_setting *s);
/* The same by name, for the directives too ("bind", "unbind"). */
bool lw_setting_user_only_name(const char *name);
/* Parse value into c. 0, or -1 with a message in err (c unchanged). base:
 * the directory of the file it came from, for a relative theme path. */
int  lw_setting_set(lw_config *c, const lw_setting *s, const char *value, const char *base, char *err,
                    size_t n);
/* The current value as a config line would write it ("" when unset). */
void lw_setting_format(const lw_config *c, const lw_setting *s, strbuf *out);
/* Every setting as config lines, with where each came from: what
 * `liza-watch config` prints. */
void lw_config_write(const lw_config *c, strbuf *out);

/* "90s", "30m", "1h30m", "2d"; a bare number is seconds. 0 or -1. */
int  lw_parse_duration(const char *s, long long *out);
/* The exact inverse: 5400 → "1h30m", 0 → "0s". */
const char *lw_format_duration(long long secs, char *buf, size_t n);

#endif

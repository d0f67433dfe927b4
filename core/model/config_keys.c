/* config_keys.c — the table of settings a config file may hold, and how each
 * kind of value is read and written back. Adding a setting is one row here
 * (plus the field it sets) — a system's own settings are rows in its
 * adapter; `liza-watch config`, the parser and the tests of
 * liza-watch.conf(5) all read the table built from both. */
#include "core/util/inputs.h"
#include "core/util/userdirs.h"
#include "core/util/escape.h"
#include "core/model/config.h"
#include "core/model/adapter.h"
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DAY (24LL * 3600)

static const char *const notify_levels[] = { "crit", "warn", "off", NULL };
static const char *const notify_terminals[] = { "off", "osc777", "osc9", NULL };

/* The settings of no one system; each system's rows come from its adapter. */
static const lw_setting general[] = {
	{ "theme", SET_THEME, offsetof(lw_config, theme), 0, 0, 0,
	  "colour theme: a name (default, mono, solarized-dark, high-contrast) or a path" },
	{ "as", SET_STRING, offsetof(lw_config, as), 0, 0, 0,
	  "who acts in transitions, when neither --as nor LIZA_AGENT_ID says" },
	{ "status.format", SET_STRING, offsetof(lw_config, status_format), 0, 0, 0,
	  "the status line template (the --format codes)" },
	{ "status.tmux-format", SET_STRING, offsetof(lw_config, status_tmux_format), 0, 0, 0,
	  "the template for status --tmux (else status.format)" },
	{ "projects", SET_STRING, offsetof(lw_config, projects), 0, 0, 0,
	  "the projects to watch when no -C is given: directories and globs (~/work/*), comma-separated "
	  "(the user's config file only)" },
	{ "notify.level", SET_STRING, offsetof(lw_config, notify_level), 0, 0, 0,
	  "the least alert level that notifies: crit (default), warn or off" },
	{ "notify.bell", SET_COUNT, offsetof(lw_config, notify_bell), 0, 0, 1,
	  "ring the terminal bell on a new alert that notifies: 1 (default) or 0" },
	{ "notify.terminal", SET_STRING, offsetof(lw_config, notify_terminal), 0, 0, 0,
	  "a desktop notification through the terminal: off (default), osc777 or osc9 (through tmux too)" },
	{ "notify.program", SET_STRING, offsetof(lw_config, notify_program), 0, 0, 0,
	  "a program run per notification, words split on blanks, never a shell; the alert in LIZA_WATCH_* "
	  "variables (the user's config file only)" },
	{ "notify.gap", SET_DURATION, offsetof(lw_config, notify_gap), 0, 0, DAY,
	  "the least time between two notifications; alerts in between are counted into the next" },
	{ "mouse", SET_COUNT, offsetof(lw_config, mouse), 0, 0, 1,
	  "the HUD takes clicks and the wheel: 1 (default) or 0 (the terminal's own text selection)" },
};

static lw_setting table[LW_SETTINGS_MAX];
static size_t ntable;

/* owner: the adapter whose rows these are (NULL: the general ones); a row
 * that names a field of its system's thresholds (LW_SYS_TH) is given the
 * place of that field in lw_config. */
static void table_add(const lw_setting *rows, size_t n, const lw_adapter *owner)
{
	for (size_t i = 0; i < n; i++) {
		if (ntable == LW_SETTINGS_MAX) {
			fprintf(stderr, "liza-watch: more than %d settings: raise LW_SETTINGS_MAX\n", LW_SETTINGS_MAX);
			abort();   /* a build mistake, seen by the first test that runs */
		}
		lw_setting row = rows[i];
		if (row.offset & LW_SETTING_SYSTEM) {
			size_t field = row.offset & ~LW_SETTING_SYSTEM;
			if (!owner || field >= owner->th_size) {
				fprintf(stderr, "liza-watch: setting %s names no field of its system's thresholds\n",
				        row.name);
				abort();
			}
			row.offset = offsetof(lw_config, th.sys) +
			             lw_thresholds_base(owner) * sizeof(long long) + field;
		}
		table[ntable++] = row;
	}
}

const lw_setting *lw_settings_all(size_t *n)
{
	if (!ntable) {
		table_add(general, sizeof general / sizeof *general, NULL);
		for (const lw_adapter *const *a = lw_adapters; *a; a++)
			table_add((*a)->settings, (*a)->nsettings, *a);
	}
	if (n)
		*n = ntable;
	return table;
}

/* What the table's rows do not say: settings with a fixed set of values, and
 * those only the user's own file may set. A project's .liza-watch is data
 * its agents can write: it may tune thresholds and formats, never choose
 * a program to run, the projects to watch, who acts, or what a key does (`bind`,
 * `unbind`: the directives are ruled here too, by name). */
static const struct {
	const char *name;
	const char *const *choices;   /* NULL-ended, or NULL: any value */
	bool user_only;
} setting_rules[] = {
	{ "notify.level", notify_levels, false },
	{ "notify.terminal", notify_terminals, false },
	{ "notify.program", NULL, true },
	{ "projects", NULL, true },
	/* who a write claims to be (approved_by, history's agent): a project
	 * that sets it would have the operator's approval recorded as a
	 * reviewer's, past the "approving as a human" question */
	{ "as", NULL, true },
	{ "bind", NULL, true },
	{ "unbind", NULL, true },
};

static const char *const *setting_choices(const lw_setting *s)
{
	for (size_t i = 0; i < sizeof setting_rules / sizeof *setting_rules; i++)
		if (strcmp(setting_rules[i].name, s->name) == 0)
			return setting_rules[i].choices;
	return NULL;
}

bool lw_setting_user_only(const lw_setting *s)
{
	return lw_setting_user_only_name(s->name);
}

bool lw_setting_user_only_name(const char *name)
{
	for (size_t i = 0; i < sizeof setting_rules / sizeof *setting_rules; i++)
		if (strcmp(setting_rules[i].name, name) == 0)
			return setting_rules[i].user_only;
	return false;
}

const lw_setting *lw_setting_find(const char *name)
{
	size_t n;
	const lw_setting *all = lw_settings_all(&n);
	for (size_t i = 0; i < n; i++)
		if (strcmp(all[i].name, name) == 0)
			return &all[i];
	return NULL;
}

lw_origin lw_config_origin(const lw_config *c, const char *name)
{
	const lw_setting *s = lw_setting_find(name);
	return s ? c->origin[s - lw_settings_all(NULL)] : NULL;
}

/* ---- durations ---- */
int lw_parse_duration(const char *s, long long *out)
{
	if (!s || !*s)
		return -1;
	long long total = 0;
	const char *p = s;
	while (*p) {
		if (!isdigit((unsigned char)*p))
			return -1;
		errno = 0;
		char *end;
		long long v = strtoll(p, &end, 10);
		if (errno)
			return -1;
		long long unit = 1;
		switch (*end) {
		case 'd': unit = DAY; end++; break;
		case 'h': unit = 3600; end++; break;
		case 'm': unit = 60; end++; break;
		case 's': end++; break;
		case '\0':
			if (p != s)
				return -1;   /* "1h30": the last part needs its unit too */
			break;
		default: return -1;
		}
		if (v > (LLONG_MAX - total) / unit)
			return -1;
		total += v * unit;
		p = end;
	}
	*out = total;
	return 0;
}

const char *lw_format_duration(long long secs, char *buf, size_t n)
{
	static const struct { long long len; char unit; } units[] = {
		{ DAY, 'd' }, { 3600, 'h' }, { 60, 'm' }, { 1, 's' },
	};
	if (secs <= 0) {
		snprintf(buf, n, "0s");
		return buf;
	}
	size_t used = 0;
	buf[0] = '\0';
	for (size_t i = 0; i < sizeof units / sizeof *units && used < n; i++) {
		long long q = secs / units[i].len;
		secs %= units[i].len;
		if (q)
			used += (size_t)snprintf(buf + used, n - used, "%lld%c", q, units[i].unit);
	}
	return buf;
}

/* ---- setting values ---- */
static const char **str_field(lw_config *c, const lw_setting *s) { return (const char **)((char *)c + s->offset); }
static long long *num_field(lw_config *c, const lw_setting *s) { return (long long *)((char *)c + s->offset); }
static const char *str_value(const lw_config *c, const lw_setting *s)
{
	return *(const char *const *)((const char *)c + s->offset);
}
static const long long *num_value(const lw_config *c, const lw_setting *s)
{
	return (const long long *)((const char *)c + s->offset);
}

static int in_range(const lw_setting *s, long long v, const char *text, char *err, size_t n)
{
	if (v >= s->min && v <= s->max)
		return 0;
	char lo[32], hi[32];
	if (s->kind == SET_COUNT)
		snprintf(err, n, "%s: %s is out of range (%lld to %lld)", s->name, text, s->min, s->max);
	else
		snprintf(err, n, "%s: %s is out of range (%s to %s)", s->name, text,
		         lw_format_duration(s->min, lo, sizeof lo), lw_format_duration(s->max, hi, sizeof hi));
	return -1;
}

static int set_durations(lw_config *c, const lw_setting *s, const char *value, char *err, size_t n)
{
	long long v[8];
	int k = 0;
	const char *p = value;
	for (;;) {
		char part[64];
		size_t len = strcspn(p, ",");
		snprintf(part, sizeof part, "%.*s", (int)(len < 63 ? len : 63), p);
		char *a = part, *b = part + strlen(part);
		while (isspace((unsigned char)*a))
			a++;
		while (b > a && isspace((unsigned char)b[-1]))
			*--b = '\0';
		if (k >= s->count || k >= 8) {
			snprintf(err, n, "%s takes %d durations, got more: '%s'", s->name, s->count, value);
			return -1;
		}
		if (len >= 63 || lw_parse_duration(a, &v[k]) < 0) {
			snprintf(err, n, "%s: '%s' is not a duration (e.g. 90s, 30m, 2h, 1h30m)", s->name, a);
			return -1;
		}
		if (in_range(s, v[k], a, err, n) < 0)
			return -1;
		if (k && v[k] <= v[k - 1]) {
			snprintf(err, n, "%s: each duration must be longer than the one before ('%s')", s->name, value);
			return -1;
		}
		k++;
		if (!p[len])
			break;
		p += len + 1;
	}
	if (k != s->count) {
		snprintf(err, n, "%s takes %d durations, comma-separated, got %d: '%s'", s->name, s->count, k, value);
		return -1;
	}
	memcpy(num_field(c, s), v, (size_t)k * sizeof *v);
	return 0;
}

/* A theme path is taken relative to the file that names it (a project's
 * .liza-watch may point at a theme beside it); ~/ is the home directory. */
static const char *theme_value(lw_config *c, const char *value, const char *base)
{
	if (!strchr(value, '/') || value[0] == '/')
		return arena_strdup(&c->mem, value);
	const char *home = lw_user_home();
	if (strncmp(value, "~/", 2) == 0 && home)
		return arena_printf(&c->mem, "%s/%s", home, value + 2);
	if (base && *base)
		return arena_printf(&c->mem, "%s/%s", base, value);
	return arena_strdup(&c->mem, value);
}

/* A count or a duration as written, within the setting's range. */
static int parse_number(const lw_setting *s, const char *value, long long *v, char *err, size_t n)
{
	if (s->kind == SET_COUNT) {
		char *end;
		errno = 0;
		*v = strtoll(value, &end, 10);
		if (!*value || *end || errno) {
			snprintf(err, n, "%s: '%s' is not a whole number", s->name, value);
			return -1;
		}
	} else if (lw_parse_duration(value, v) < 0) {
		snprintf(err, n, "%s: '%s' is not a duration (e.g. 90s, 30m, 2h, 1h30m)", s->name, value);
		return -1;
	}
	return in_range(s, *v, value, err, n);
}

int lw_setting_set(lw_config *c, const lw_setting *s, const char *value, const char *base, char *err, size_t n)
{
	long long v;
	switch (s->kind) {
	case SET_STRING:
	case SET_THEME:
		if (*value && setting_choices(s)) {
			const char *const *choices = setting_choices(s);
			size_t k = 0;
			while (choices[k] && strcmp(choices[k], value) != 0)
				k++;
			if (!choices[k]) {
				strbuf b;
				strbuf_init(&b);
				for (k = 0; choices[k]; k++)
					strbuf_printf(&b, "%s%s", k ? ", " : "", choices[k]);
				snprintf(err, n, "%s: '%s' is not one of %s", s->name, value, b.buf);
				strbuf_free(&b);
				return -1;
			}
		}
		/* An empty value puts the built-in behaviour back. */
		if (!*value)
			*str_field(c, s) = NULL;
		else
			*str_field(c, s) = s->kind == SET_THEME ? theme_value(c, value, base) : arena_strdup(&c->mem, value);
		return 0;
	case SET_COUNT:
	case SET_DURATION:
		if (parse_number(s, value, &v, err, n) < 0)
			return -1;
		*num_field(c, s) = v;
		return 0;
	case SET_DURATIONS:
		return set_durations(c, s, value, err, n);
	}
	return -1;
}

/* A value that a reader would not get back as written is quoted. */
static void write_string(strbuf *out, const char *v)
{
	size_t len = strlen(v);
	bool quote = len && (isspace((unsigned char)v[0]) || isspace((unsigned char)v[len - 1]) || v[0] == '"');
	if (!quote) {
		strbuf_adds(out, v);
		return;
	}
	strbuf_addc(out, '"');
	for (const char *p = v; *p; p++) {
		if (*p == '"' || *p == '\\')
			strbuf_addc(out, '\\');
		strbuf_addc(out, *p);
	}
	strbuf_addc(out, '"');
}

void lw_setting_format(const lw_config *c, const lw_setting *s, strbuf *out)
{
	char b[32];
	switch (s->kind) {
	case SET_STRING:
	case SET_THEME:
		if (str_value(c, s))
			write_string(out, str_value(c, s));
		break;
	case SET_COUNT:
		strbuf_printf(out, "%lld", *num_value(c, s));
		break;
	case SET_DURATION:
		strbuf_adds(out, lw_format_duration(*num_value(c, s), b, sizeof b));
		break;
	case SET_DURATIONS:
		for (int i = 0; i < s->count; i++)
			strbuf_printf(out, "%s%s", i ? "," : "", lw_format_duration(num_value(c, s)[i], b, sizeof b));
		break;
	}
}

static void config_lines(const lw_config *c, strbuf *out);

/* Values, file names and bindings may come from a project's file: each
 * line goes through the choke point (esc_term), so an OSC 52 clipboard
 * write or a title change in a value prints as ^[]52;… and does nothing. */
void lw_config_write(const lw_config *c, strbuf *out)
{
	strbuf raw;
	strbuf_init(&raw);
	config_lines(c, &raw);
	for (size_t at = 0; at < raw.len;) {
		const char *nl = memchr(raw.buf + at, '\n', raw.len - at);
		size_t n = nl ? (size_t)(nl - (raw.buf + at)) : raw.len - at;
		esc_term(out, raw.buf + at, n, true);
		strbuf_addc(out, '\n');
		at += n + 1;
	}
	strbuf_free(&raw);
}

static void config_lines(const lw_config *c, strbuf *out)
{
	static const char *const names[LW_CONFIG_FILES] = { "user", "project" };
	for (int i = 0; i < LW_CONFIG_FILES; i++)
		strbuf_printf(out, "# %s config: %s%s\n", names[i], c->files[i] ? c->files[i] : "(none: HOME is not set)",
		              c->files[i] && !c->found[i] ? " (not found)" : "");
	strbuf_adds(out, "# systems:");   /* the registry's, each with its settings below */
	for (const lw_adapter *const *a = lw_adapters; *a; a++)
		strbuf_printf(out, " %s", (*a)->name);
	strbuf_addc(out, '\n');
	for (const lw_adapter *const *a = lw_adapters; *a; a++)
		if ((*a)->follows)
			strbuf_printf(out, "# %s rules follow: %s\n", (*a)->name, (*a)->follows);
	size_t nall;
	const lw_setting *all = lw_settings_all(&nall);
	for (size_t i = 0; i < nall; i++) {
		const lw_setting *s = &all[i];
		strbuf_printf(out, "\n# %s\n", s->doc);
		strbuf_printf(out, "# %s\n", c->origin[i] ? c->origin[i] : "built in");
		strbuf_printf(out, "%s =", s->name);
		size_t before = out->len;
		strbuf_addc(out, ' ');
		lw_setting_format(c, s, out);
		if (out->len == before + 1)
			out->buf[--out->len] = '\0';   /* unset: "as =", no trailing blank */
		strbuf_addc(out, '\n');
	}
	if (c->nbinds)
		strbuf_adds(out, "\n# key bindings, in the order they apply (liza-watch keys shows the result)\n");
	for (size_t i = 0; i < c->nbinds; i++) {
		const lw_bind *b = &c->binds[i];
		strbuf_printf(out, "# %s:%d\n", b->file, b->line);
		if (b->action)
			strbuf_printf(out, "bind %s %s\n", b->key, b->action);
		else
			strbuf_printf(out, "unbind %s\n", b->key);
	}
}

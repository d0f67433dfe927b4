/* config.c — reading config files line by line into an lw_config; see
 * config.h for the syntax. The values themselves are read by the settings
 * table (config_keys.c). */
#include "core/util/inputs.h"
#include "core/model/config.h"
#include "core/model/status_format.h"
#include "core/util/escape.h"
#include "core/util/fileio.h"
#include "core/util/grow.h"
#include "core/util/userdirs.h"
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
	CONFIG_MAX_BYTES = 256 * 1024,   /* a config is a few lines: anything bigger is a mistake */
	LINE_MAX_BYTES = 4096,
	MAX_WARNINGS = 50,               /* a binary file is one mistake, not ten thousand */
};

void lw_config_init(lw_config *c)
{
	memset(c, 0, sizeof *c);
	lw_settings_all(NULL);   /* built here, before any thread could race to build it */
	arena_init(&c->mem);
	lw_thresholds_default(&c->th);
	c->notify_bell = 1;
	c->notify_gap = 5;
	c->mouse = 1;
	strbuf_init(&c->warnings);
}

void lw_config_free(lw_config *c)
{
	arena_free(&c->mem);
	free(c->binds);
	strbuf_free(&c->warnings);
	memset(c, 0, sizeof *c);
}

static void warn_v(strbuf *out, const char *file, int line, const char *fmt, va_list ap)
{
	char msg[600], whole[1400];
	vsnprintf(msg, sizeof msg, fmt, ap);
	if (line > 0)
		snprintf(whole, sizeof whole, "%s:%d: %s", file, line, msg);
	else
		snprintf(whole, sizeof whole, "%s: %s", file, msg);   /* the file as a whole */
	/* Words quoted from the file may be a project's (its .liza-watch is
	 * written by agents) and the message reaches a terminal: the whole line
	 * goes through the choke point (C0, C1, bidi controls made visible). */
	esc_term(out, whole, strlen(whole), true);
	strbuf_addc(out, '\n');
}

void lw_warn_append(strbuf *out, const char *file, int line, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	warn_v(out, file, line, fmt, ap);
	va_end(ap);
}

void lw_config_warn(lw_config *c, const char *file, int line, const char *fmt, ...)
{
	c->nwarnings++;
	if (c->nwarnings > MAX_WARNINGS) {
		if (c->nwarnings == MAX_WARNINGS + 1)
			lw_warn_append(&c->warnings, file, line, "too many bad lines; the rest are skipped unreported");
		return;
	}
	va_list ap;
	va_start(ap, fmt);
	warn_v(&c->warnings, file, line, fmt, ap);
	va_end(ap);
}

static char *trim(char *s)
{
	while (isspace((unsigned char)*s))
		s++;
	char *e = s + strlen(s);
	while (e > s && isspace((unsigned char)e[-1]))
		*--e = '\0';
	return s;
}

/* A value in double quotes keeps its spaces; \" and \\ are the only escapes. */
static int unquote(char *v, char *err, size_t n)
{
	if (*v != '"')
		return 0;
	char *w = v;
	const char *r = v + 1;
	for (; *r && *r != '"'; r++) {
		if (*r == '\\' && (r[1] == '"' || r[1] == '\\'))
			r++;
		*w++ = *r;
	}
	if (*r != '"') {
		snprintf(err, n, "unterminated quote");
		return -1;
	}
	for (const char *t = r + 1; *t; t++)
		if (!isspace((unsigned char)*t)) {
			snprintf(err, n, "text after the closing quote: '%.40s'", r + 1);
			return -1;
		}
	*w = '\0';
	return 0;
}

static void add_bind(lw_config *c, const char *key, const char *action, const char *file, int line)
{
	c->binds = lw_grow(c->binds, &c->cap_binds, c->nbinds, sizeof *c->binds, 16);
	c->binds[c->nbinds++] = (lw_bind){
		.key = arena_strdup(&c->mem, key),
		.action = action ? arena_strdup(&c->mem, action) : NULL,
		.file = file,
		.line = line,
	};
}

/* bind KEY ACTION / unbind KEY: checked for shape here, for meaning by the HUD. */
static void directive(lw_config *c, char *s, const char *file, int line)
{
	char *words[4] = { NULL };
	int n = 0;
	for (char *w = strtok(s, " \t"); w; w = strtok(NULL, " \t"))
		if (n < 4)
			words[n++] = w;
		else
			n++;
	if (n && c->reading_project && lw_setting_user_only_name(words[0])) {
		/* The agents can write the project's file: it must not decide
		 * what a key does (bind j abort). */
		lw_config_warn(c, file, line, "%s may be set only in your own config file, not in a project's", words[0]);
		return;
	}
	if (n && strcmp(words[0], "bind") == 0) {
		if (n != 3)
			lw_config_warn(c, file, line, "expected 'bind KEY ACTION' (e.g. bind J down)");
		else
			add_bind(c, words[1], words[2], file, line);
	} else {
		if (n != 2)
			lw_config_warn(c, file, line, "expected 'unbind KEY' (e.g. unbind t)");
		else
			add_bind(c, words[1], NULL, file, line);
	}
}

static bool is_directive(const char *s)
{
	return (strncmp(s, "bind", 4) == 0 && (s[4] == ' ' || s[4] == '\t' || !s[4])) ||
	       (strncmp(s, "unbind", 6) == 0 && (s[6] == ' ' || s[6] == '\t' || !s[6]));
}

/* Setting names are lower case; snake_case underscores read as hyphens. */
static void normalize(char *k)
{
	for (; *k; k++)
		*k = *k == '_' ? '-' : (char)tolower((unsigned char)*k);
}

static bool valid_name(const char *k)
{
	if (!*k)
		return false;
	for (; *k; k++)
		if (!isalnum((unsigned char)*k) && *k != '-' && *k != '.')
			return false;
	return true;
}

static void setting(lw_config *c, char *s, const char *section, const char *base, const char *file, int line)
{
	char *eq = strchr(s, '=');
	if (!eq) {
		lw_config_warn(c, file, line, "expected 'key = value', '[section]', 'bind KEY ACTION' or 'unbind KEY', "
		               "got '%.40s'", s);
		return;
	}
	*eq = '\0';
	char *key = trim(s), *value = trim(eq + 1);
	normalize(key);
	if (!valid_name(key)) {
		lw_config_warn(c, file, line, "'%.40s' is not a setting name", key);
		return;
	}
	/* A dotted key names its section itself (status.format under [liza]
	 * is still status.format); a bare one takes the section's. */
	char name[160];
	bool dotted = strchr(key, '.') != NULL;
	snprintf(name, sizeof name, "%s%s%s", dotted ? "" : section, *section && !dotted ? "." : "", key);
	const lw_setting *st = lw_setting_find(name);
	if (!st) {
		if (*section && !dotted && lw_setting_find(key))
			lw_config_warn(c, file, line, "unknown setting '%s' (%s is not in a section: put it before the "
			               "first [section])", name, key);
		else
			lw_config_warn(c, file, line, "unknown setting '%s'", name);
		return;
	}
	if (lw_setting_user_only(st) && c->reading_project) {
		/* The agents can write the project's file: it must not choose a
		 * program for us to run. */
		lw_config_warn(c, file, line, "%s may be set only in your own config file, not in a project's", name);
		return;
	}
	char err[400];
	/* A status template with a directive status does not know (%Z) is a
	 * mistake to say, not text to print: the line is skipped. */
	bool template = strcmp(name, "status.format") == 0 || strcmp(name, "status.tmux-format") == 0;
	if (unquote(value, err, sizeof err) < 0 ||
	    (template && lw_status_format_check(value, err, sizeof err)) ||
	    lw_setting_set(c, st, value, base, err, sizeof err) < 0) {
		lw_config_warn(c, file, line, "%s", err);
		return;
	}
	c->origin[st - lw_settings_all(NULL)] = arena_printf(&c->mem, "%s:%d", file, line);
}

/* The directory part of file, for relative theme paths ("" when none). */
static const char *base_of(lw_config *c, const char *file)
{
	const char *slash = strrchr(file, '/');
	return slash ? arena_strndup(&c->mem, file, (size_t)(slash == file ? 1 : slash - file)) : "";
}

void lw_config_parse(lw_config *c, const char *text, size_t len, const char *file)
{
	file = arena_strdup(&c->mem, file);
	const char *base = base_of(c, file);
	char section[128] = "";
	const char *p = text, *end = text + len;
	if (len >= 3 && memcmp(p, "\xEF\xBB\xBF", 3) == 0)
		p += 3;   /* a byte-order mark some editors write */
	for (int lineno = 1; p < end; lineno++) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		const char *next = nl ? nl + 1 : end;
		if (n >= LINE_MAX_BYTES) {
			lw_config_warn(c, file, lineno, "line longer than %d bytes", LINE_MAX_BYTES);
			p = next;
			continue;
		}
		if (memchr(p, '\0', n)) {
			lw_config_warn(c, file, lineno, "NUL byte in the line");
			p = next;
			continue;
		}
		char buf[LINE_MAX_BYTES];
		memcpy(buf, p, n);
		buf[n] = '\0';
		p = next;
		char *s = trim(buf);   /* also drops a CRLF file's \r */
		if (!*s || *s == '#')
			continue;
		if (*s == '[') {
			char *close = strchr(s, ']');
			char *name = close ? (*close = '\0', trim(s + 1)) : NULL;
			if (!close || *trim(close + 1) || (name && *name && !valid_name(name))) {
				lw_config_warn(c, file, lineno, "expected '[section]', got '%.40s'", s);
				continue;
			}
			normalize(name);
			snprintf(section, sizeof section, "%s", name);
			continue;
		}
		if (is_directive(s))
			directive(c, s, file, lineno);
		else
			setting(c, s, section, base, file, lineno);
	}
}

int lw_config_load_file(lw_config *c, const char *path)
{
	char *buf;
	size_t len;
	lw_error err;
	lw_error_clear(&err);
	int rc = lw_read_file(path, CONFIG_MAX_BYTES, &buf, &len, &err);
	if (rc == LW_READ_MISSING)
		return 0;
	if (rc != LW_READ_OK) {
		lw_config_warn(c, path, 0, "%s", err.msg);
		return 0;
	}
	lw_config_parse(c, buf, len, path);
	free(buf);
	return 1;
}

const char *lw_config_user_path(lw_config *c)
{
	/* XDG: a relative XDG_CONFIG_HOME or HOME is invalid and ignored
	 * (core/util/userdirs.h): never a project's .config read as ours. */
	char dir[LW_PATH_MAX];
	if (!lw_user_config_dir(dir, sizeof dir))
		return NULL;
	return arena_printf(&c->mem, "%s/config", dir);
}

void lw_config_load(lw_config *c, const char *project_dir)
{
	c->files[0] = lw_config_user_path(c);
	const char *why = lw_user_dirs_complaint();
	if (why)
		lw_config_warn(c, "user config", 0, "%s; none read", why);
	char path[LW_PATH_MAX];
	c->files[1] = arena_strdup(&c->mem, lw_path_join(path, sizeof path, project_dir, ".liza-watch"));
	for (int i = 0; i < LW_CONFIG_FILES; i++)
		if (c->files[i]) {
			c->reading_project = i == 1;
			c->found[i] = lw_config_load_file(c, c->files[i]) > 0;
		}
	c->reading_project = false;
}

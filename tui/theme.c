/* theme.c — theme files: `element = fg bg [bold] [underline] [reverse] [dim]`,
 * colours by name (default, black, red, …, bright-red …) or number 0-255.
 * Unknown elements and colours are reported with file:line and skipped, so a
 * theme written for a newer version still loads. */
#include "tui/theme.h"
#include "core/util/fileio.h"
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const elem_names[EL_COUNT] = {
	"normal", "header", "title", "border", "selected", "dim",
	"crit", "warn", "info", "ok", "stale",
	"lane.backlog", "lane.ready", "lane.active", "lane.review", "lane.blocked", "lane.done",
	"gauge", "key", "prompt", "match",
};


/* The default and mono themes are built in, so colour and NO_COLOR work from
 * any folder with nothing installed: their text is themes/default.theme and
 * themes/mono.theme, made into C strings at build time (the Makefile's
 * THEME_BUILTIN), so the files stay their one source. */
#include "build/gen/theme_builtin.h"

static const struct { const char *name, *text; } builtins[] = {
	{ "default", theme_builtin_default },
	{ "mono", theme_builtin_mono },
};

void theme_default(theme *t)
{
	memset(t, 0, sizeof *t);
	for (int i = 0; i < EL_COUNT; i++)
		t->el[i] = (theme_style){ -1, -1, 0 };
	char warn[1] = "";
	theme_parse(t, theme_builtin_default, "default.theme", warn, 0);
	snprintf(t->name, sizeof t->name, "default");
}

static int parse_color(const char *w, short *out)
{
	static const char *const names[] = { "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white" };
	if (strcmp(w, "default") == 0 || strcmp(w, "-") == 0) { *out = -1; return 0; }
	for (short i = 0; i < 8; i++) {
		if (strcmp(w, names[i]) == 0) { *out = i; return 0; }
		if (strncmp(w, "bright-", 7) == 0 && strcmp(w + 7, names[i]) == 0) { *out = (short)(i + 8); return 0; }
	}
	const char *d = strncmp(w, "color", 5) == 0 ? w + 5 : w;
	char *end;
	long v = strtol(d, &end, 10);
	if (*d && !*end && v >= 0 && v <= 255) { *out = (short)v; return 0; }
	return -1;
}

static void add_warn(char *warn, size_t n, const char *file, int line, const char *msg, const char *word)
{
	size_t used = strlen(warn);
	if (used + 1 < n)
		snprintf(warn + used, n - used, "%s:%d: %s '%.40s'\n", file, line, msg, word);
}

int theme_parse(theme *t, const char *text, const char *file, char *warn, size_t warn_n)
{
	int lineno = 0;
	const char *p = text;
	while (*p) {
		lineno++;
		size_t len = strcspn(p, "\n");
		char line[256];
		snprintf(line, sizeof line, "%.*s", (int)(len < 255 ? len : 255), p);
		p += len + (p[len] == '\n');
		char *hash = strchr(line, '#');
		if (hash)
			*hash = '\0';
		char *eq = strchr(line, '=');
		char *s = line;
		while (isspace((unsigned char)*s))
			s++;
		if (!*s)
			continue;
		if (!eq) {
			add_warn(warn, warn_n, file, lineno, "expected 'element = fg bg [attrs]', got", s);
			continue;
		}
		*eq = '\0';
		char *name = strtok(s, " \t");
		if (name && strcmp(name, "name") == 0) {
			char *v = strtok(eq + 1, " \t\r");
			if (v)
				snprintf(t->name, sizeof t->name, "%s", v);
			continue;
		}
		int el = -1;
		for (int i = 0; name && i < EL_COUNT; i++)
			if (strcmp(name, elem_names[i]) == 0)
				el = i;
		if (el < 0) {
			add_warn(warn, warn_n, file, lineno, "unknown element", name ? name : "");
			continue;
		}
		theme_style st = { -1, -1, 0 };
		int ncolors = 0;
		bool ok = true;
		for (char *w = strtok(eq + 1, " \t\r"); w; w = strtok(NULL, " \t\r")) {
			if (strcmp(w, "bold") == 0) st.attrs |= THEME_BOLD;
			else if (strcmp(w, "underline") == 0) st.attrs |= THEME_UNDERLINE;
			else if (strcmp(w, "reverse") == 0) st.attrs |= THEME_REVERSE;
			else if (strcmp(w, "dim") == 0) st.attrs |= THEME_DIM;
			else if (ncolors < 2 && parse_color(w, ncolors ? &st.bg : &st.fg) == 0) ncolors++;
			else { add_warn(warn, warn_n, file, lineno, "unknown colour or attribute", w); ok = false; }
		}
		if (ok)
			t->el[el] = st;
	}
	return 0;
}

const char *theme_builtin_name(size_t i)
{
	return i < sizeof builtins / sizeof *builtins ? builtins[i].name : NULL;
}

bool theme_builtin(const char *name)
{
	for (size_t i = 0; i < sizeof builtins / sizeof *builtins; i++)
		if (strcmp(name, builtins[i].name) == 0)
			return true;
	return false;
}

int theme_load(theme *t, const char *name, const char *const *dirs, char *warn, size_t warn_n)
{
	theme_default(t);
	if (warn_n)
		warn[0] = '\0';
	if (!name)
		return 0;
	for (size_t i = 0; i < sizeof builtins / sizeof *builtins; i++)
		if (strcmp(name, builtins[i].name) == 0) {
			theme_parse(t, builtins[i].text, name, warn, warn_n);
			snprintf(t->name, sizeof t->name, "%s", name);
			return 0;
		}
	char path[LW_PATH_MAX];
	char *buf = NULL;
	size_t len;
	lw_error err;
	int rc = LW_READ_MISSING;
	if (strchr(name, '/')) {
		snprintf(path, sizeof path, "%s", name);
		rc = lw_read_file(path, 65536, &buf, &len, &err);
	} else {
		/* Only the folders the caller names (the user's, the program's):
		 * never the current folder, which is often a project. */
		for (size_t i = 0; dirs && dirs[i] && rc == LW_READ_MISSING; i++) {
			if (!*dirs[i])
				continue;
			snprintf(path, sizeof path, "%s/%s.theme", dirs[i], name);
			rc = lw_read_file(path, 65536, &buf, &len, &err);
		}
	}
	if (rc != LW_READ_OK)
		return -1;
	snprintf(t->name, sizeof t->name, "%.63s", name);
	theme_parse(t, buf, path, warn, warn_n);
	free(buf);
	return 0;
}

/* cmdline.c — the : command line (cmdline.h). */
#include "tui/cmdline.h"
#include "tui/prompt.h"
#include "tui/keymap.h"
#include "tui/act.h"
#include "tui/sort.h"
#include "tui/term.h"
#include "tui/uistate.h"
#include "tui/view.h"
#include "core/util/strbuf.h"
#include "core/util/strdist.h"
#include <curses.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Commands that are no key's action: the others are the keymap's rows. */
static const char *const own[] = { "q", "sort", "theme" };
enum { NOWN = sizeof own / sizeof *own, CANDS_MAX = 512 };

/* ---- the history ---- */

static char *hist[CMDLINE_HISTORY_MAX];
static size_t nhist;
static bool hist_loaded;
static long walk = -1;            /* Up/Down: the entry shown, -1 the line being typed */
static char *typed;               /* that line, while walking */

void cmdline_free(void)
{
	for (size_t i = 0; i < nhist; i++)
		free(hist[i]);
	nhist = 0;
	hist_loaded = false;
	free(typed);
	typed = NULL;
	walk = -1;
}

size_t cmdline_history_count(void) { return nhist; }
const char *cmdline_history_at(size_t i) { return i < nhist ? hist[i] : NULL; }

static void push(const char *line)
{
	if (!*line || (nhist && strcmp(hist[nhist - 1], line) == 0))
		return;
	if (nhist == CMDLINE_HISTORY_MAX) {   /* bounded: the oldest goes */
		free(hist[0]);
		memmove(hist, hist + 1, (nhist - 1) * sizeof *hist);
		nhist--;
	}
	char *c = strdup(line);
	if (c)
		hist[nhist++] = c;
}

void cmdline_history_load(char *why, size_t n)
{
	why[0] = '\0';
	if (hist_loaded)
		return;
	hist_loaded = true;
	char path[4096], *text;
	if (!uistate_user_file("cmd-history", path, sizeof path))
		return;
	int rc = uistate_read_file(path, CMDLINE_HISTORY_BYTES, &text, why, n);
	if (rc != 0)
		return;
	size_t lineno = 0;
	for (const char *p = text; *p;) {
		size_t len = strcspn(p, "\n");
		lineno++;
		bool ok = len < 1024;
		for (size_t i = 0; ok && i < len; i++)
			ok = (unsigned char)p[i] >= 0x20 && p[i] != 0x7f;
		if (!ok) {   /* not what we write: all of it ignored, said once */
			cmdline_free();
			hist_loaded = true;
			snprintf(why, n, "%s: line %zu is not a command line: ignored", path, lineno);
			break;
		}
		char line[1024];
		memcpy(line, p, len);
		line[len] = '\0';
		push(line);
		p += len + (p[len] == '\n');
	}
	free(text);
}

static void history_save(void)
{
	char path[4096], why[900];
	if (!uistate_user_file("cmd-history", path, sizeof path))
		return;
	strbuf out;
	strbuf_init(&out);
	for (size_t i = 0; i < nhist; i++) {
		strbuf_adds(&out, hist[i]);
		strbuf_addc(&out, '\n');
	}
	(void)uistate_write_file(path, out.buf ? out.buf : "", out.len, why, sizeof why);
	strbuf_free(&out);
}

void cmdline_history_add(const char *line)
{
	if (strlen(line) >= 1024 || strchr(line, '\n'))
		return;   /* a line the file could not hold: not kept */
	push(line);
	history_save();
}

/* ---- words ---- */

/* The first word of line into w, and where the rest starts (blanks skipped). */
static const char *word(const char *line, char *w, size_t n)
{
	while (*line == ' ')
		line++;
	size_t len = strcspn(line, " ");
	snprintf(w, n, "%.*s", (int)(len < n ? len : n - 1), line);
	line += len;
	while (*line == ' ')
		line++;
	return line;
}

static const hud_binding *binding(const hud *h, const char *name)
{
	for (size_t i = 0; i < h->keymap->n; i++)
		if (strcmp(h->keymap->v[i].act->name, name) == 0)
			return &h->keymap->v[i];
	return NULL;
}

/* The command name nearest to a mistyped one, or NULL. */
static const char *near(const hud *h, const char *name)
{
	const char *best = NULL;
	size_t bd = 3;
	for (size_t i = 0; i < NOWN + h->keymap->n; i++) {
		const char *c = i < NOWN ? own[i] : h->keymap->v[i - NOWN].act->name;
		size_t d = strncmp(c, name, strlen(name)) == 0 && *name ? 1 : lw_edit_distance(name, c);
		if (d < bd) {
			bd = d;
			best = c;
		}
	}
	return best;
}

/* ---- the commands ---- */

static void set_filter(hud *h, const char *text)
{
	if (strlen(text) >= sizeof h->filter)
		return hud_message(h, true, "filter: at most %zu bytes", sizeof h->filter - 1);
	snprintf(h->filter, sizeof h->filter, "%s", text);
	hud_rebuild(h);
	hud_message(h, false, "filter '%s': %zu task%s", h->filter, h->nitems, h->nitems == 1 ? "" : "s");
}

static void project_list(const hud *h, char *buf, size_t n)
{
	buf[0] = '\0';
	for (size_t m = 0; m < h->fleet->n; m++)
		snprintf(buf + strlen(buf), n - strlen(buf), "%s, ", h->fleet->v[m].label);
	snprintf(buf + strlen(buf), n - strlen(buf), "all");
}

static void set_project(hud *h, const char *name)
{
	char list[1024];
	project_list(h, list, sizeof list);
	if (h->fleet->n < 2)
		return hud_message(h, true, "project: one project is watched (give -C more than once)");
	int m = -2;
	if (strcmp(name, "all") == 0)
		m = -1;
	for (size_t i = 0; m == -2 && i < h->fleet->n; i++)
		if (strcmp(h->fleet->v[i].label, name) == 0)
			m = (int)i;
	if (m == -2)
		return hud_message(h, true, "project: expected one of %s; not '%s'", list, name);
	h->only = m;
	hud_rebuild(h);
	hud_recheck(h);
	if (m < 0)
		hud_message(h, false, "showing every project (%zu)", h->fleet->n);
	else
		hud_message(h, false, "showing project %s only (:project all: every one)", name);
}

static void run_sort(hud *h, const char *args)
{
	sort_what w = sort_target(h);
	char col[64], dir[64], list[256];
	const char *rest = word(word(args, col, sizeof col), dir, sizeof dir);
	sort_col_list(w, list, sizeof list);
	if (!col[0])
		return hud_message(h, true, "sort: expected a column: %s", list);
	int c = sort_col_find(w, col);
	if (c < 0)
		return hud_message(h, true, "sort: '%s' is not a column; expected %s", col, list);
	if ((dir[0] && strcmp(dir, "asc") && strcmp(dir, "desc")) || *rest)
		return hud_message(h, true, "sort: expected asc or desc after the column, not '%s'", dir[0] ? dir : rest);
	sort_set(h, w, c, strcmp(dir, "desc") == 0);
}

static void run_theme(hud *h, const char *name)
{
	if (!*name)
		return hud_message(h, true, "theme: expected a name: default, mono, a theme found, or a path (Tab lists them)");
	theme t;
	char warn[512] = "";
	if (theme_load(&t, name, h->opts ? h->opts->theme_dirs : NULL, warn, sizeof warn) < 0)
		return hud_message(h, true, "theme: '%s' not found; expected default, mono, a theme found, or a path", name);
	h->th = t;
	term_colors(h);
	clearok(curscr, TRUE);
	h->dirty = DIRTY_ALL;
	if (warn[0])
		hud_message(h, true, "theme %s: %.*s", name, (int)strcspn(warn, "\n"), warn);
	else
		hud_message(h, false, "theme %s", name);
}

/* A task action with an id: the task of that id (or system:id) shown. */
static void run_on_task(hud *h, const char *name, const char *id)
{
	for (size_t i = 0; i < h->nitems; i++) {
		const hud_item *it = &h->items[i];
		char key[256];
		hud_task_key(h, it, key, sizeof key);
		if (strcmp(it->task->id, id) && strcmp(key, id))
			continue;
		if (!act_applies_to(h, name, it->src, it->task))
			return hud_message(h, true, "%s: does not apply to %s (%s)", name, key, it->task->status);
		act_run_on(h, name, it->src, it->task);
		return;
	}
	hud_message(h, true, "%s: expected the id of a task shown; no task '%s'", name, id);
}

void cmdline_exec(hud *h, const char *line)
{
	char name[64];
	const char *args = word(line, name, sizeof name);
	if (!name[0])
		return;
	if (strcmp(name, "q") == 0)
		snprintf(name, sizeof name, "quit");
	if (strcmp(name, "sort") == 0)
		return run_sort(h, args);
	if (strcmp(name, "theme") == 0)
		return run_theme(h, args);
	if (strcmp(name, "filter") == 0 && *args)
		return set_filter(h, args);
	if (strcmp(name, "project") == 0 && *args)
		return set_project(h, args);
	const hud_binding *b = binding(h, name);
	if (!b) {
		const char *n = near(h, name);
		if (n)
			return hud_message(h, true, "unknown command '%s'; did you mean '%s'? (Tab lists the commands)", name, n);
		return hud_message(h, true, "unknown command '%s' (Tab lists the commands)", name);
	}
	if (*args && act_is_task_action(name))
		return run_on_task(h, name, args);
	if (*args)
		return hud_message(h, true, "%s: expected no argument (%s)", name, b->act->help);
	keymap_run(h, b);
}

/* ---- completion ---- */

typedef struct cands {
	const char *v[CANDS_MAX];
	size_t n;
	char store[8192];             /* names found on disk (themes) */
	size_t used;
} cands;

static void add(cands *c, const char *s, const char *prefix)
{
	if (strncmp(s, prefix, strlen(prefix)) != 0 || c->n == CANDS_MAX)
		return;
	for (size_t i = 0; i < c->n; i++)
		if (strcmp(c->v[i], s) == 0)
			return;
	c->v[c->n++] = s;
}

static void add_copy(cands *c, const char *s, size_t len, const char *prefix)
{
	if (c->used + len + 1 > sizeof c->store)
		return;
	char *d = c->store + c->used;
	memcpy(d, s, len);
	d[len] = '\0';
	c->used += len + 1;
	add(c, d, prefix);
}

static void add_themes(const hud *h, cands *c, const char *prefix)
{
	add(c, "default", prefix);
	add(c, "mono", prefix);
	for (const char *const *d = h->opts ? h->opts->theme_dirs : NULL; d && *d; d++) {
		DIR *dir = opendir(*d);
		for (struct dirent *e; dir && (e = readdir(dir));) {
			size_t len = strlen(e->d_name);
			if (len > 6 && strcmp(e->d_name + len - 6, ".theme") == 0)
				add_copy(c, e->d_name, len - 6, prefix);
		}
		if (dir)
			closedir(dir);
	}
}

static void candidates(const hud *h, const char *cmd, int argn, const char *prefix, cands *c)
{
	if (argn == 0) {
		for (size_t i = 0; i < NOWN; i++)
			add(c, own[i], prefix);
		for (size_t i = 0; i < h->keymap->n; i++)
			add(c, h->keymap->v[i].act->name, prefix);
	} else if (strcmp(cmd, "sort") == 0 && argn == 1) {
		for (size_t i = 0; i < sort_ncols(sort_target(h)); i++)
			add(c, sort_col_name(sort_target(h), (int)i), prefix);
	} else if (strcmp(cmd, "sort") == 0 && argn == 2) {
		add(c, "asc", prefix);
		add(c, "desc", prefix);
	} else if (strcmp(cmd, "project") == 0 && argn == 1) {
		for (size_t m = 0; m < h->fleet->n; m++)
			add(c, h->fleet->v[m].label, prefix);
		add(c, "all", prefix);
	} else if (strcmp(cmd, "theme") == 0 && argn == 1) {
		add_themes(h, c, prefix);
	} else if (argn == 1 && act_is_task_action(cmd)) {
		for (size_t i = 0; i < h->nitems; i++)
			add(c, h->items[i].task->id, prefix);
	}
}

bool cmdline_complete(const hud *h, const char *line, char *out, size_t n, char *list, size_t ln)
{
	list[0] = '\0';
	/* The words before the last, and the last (the one completed). */
	char cmd[64] = "";
	int argn = 0;
	const char *last = line;
	for (const char *p = line; *p;) {
		while (*p == ' ')
			p++;
		if (!*p)
			break;
		const char *start = p;
		p += strcspn(p, " ");
		if (argn == 0 && !*p)
			last = start;
		if (*p) {
			if (argn == 0)
				snprintf(cmd, sizeof cmd, "%.*s", (int)(p - start < 63 ? p - start : 63), start);
			argn++;
		} else {
			last = start;
		}
	}
	if (*line && line[strlen(line) - 1] == ' ')
		last = line + strlen(line);
	if (argn && strcmp(cmd, "q") == 0)
		return false;
	cands *c = calloc(1, sizeof *c);
	if (!c)
		return false;
	candidates(h, cmd, argn, last, c);
	if (!c->n) {
		free(c);
		return false;
	}
	qsort(c->v, c->n, sizeof *c->v, lw_strp_cmp);
	/* As far as every candidate agrees. */
	size_t common = strlen(c->v[0]);
	for (size_t i = 1; i < c->n; i++) {
		size_t k = 0;
		while (k < common && c->v[i][k] == c->v[0][k])
			k++;
		common = k;
	}
	snprintf(out, n, "%.*s%.*s%s", (int)(last - line), line, (int)common, c->v[0], c->n == 1 ? " " : "");
	for (size_t i = 0; c->n > 1 && i < c->n; i++)
		snprintf(list + strlen(list), ln - strlen(list), "%s%s", i ? " " : "", c->v[i]);
	free(c);
	return true;
}

/* ---- the prompt ---- */

static void recall(hud *h, int d)
{
	long at = walk < 0 ? (long)nhist : walk;
	at += d;
	if (at < 0 || at > (long)nhist)
		return;
	if (walk < 0) {
		free(typed);
		typed = strdup(h->prompt.text ? h->prompt.text : "");
	}
	walk = at == (long)nhist ? -1 : at;
	prompt_set_text(h, walk < 0 ? (typed ? typed : "") : hist[walk]);
}

static bool key(hud *h, int k)
{
	if (k == KEY_UP || k == KEY_DOWN) {
		recall(h, k == KEY_UP ? -1 : 1);
		return true;
	}
	if (k != '\t')
		return false;
	char out[1024], list[512];
	const char *line = h->prompt.text ? h->prompt.text : "";
	if (strlen(line) >= 512 || !cmdline_complete(h, line, out, sizeof out, list, sizeof list)) {
		hud_message(h, true, "nothing completes '%s'", line);
		return true;
	}
	prompt_set_text(h, out);
	if (list[0])
		hud_message(h, false, "%s", list);
	return true;
}

static void done(hud *h, const char *text)
{
	walk = -1;
	if (!text)
		return;
	cmdline_history_add(text);
	cmdline_exec(h, text);
}

void cmdline_open(hud *h)
{
	char why[900];
	cmdline_history_load(why, sizeof why);
	if (why[0])
		hud_message(h, true, "command history %s", why);
	walk = -1;
	prompt_ask_text(h, "", "", done);
	h->prompt.key = key;
}

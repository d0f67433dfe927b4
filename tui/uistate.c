/* uistate.c — the HUD's state across runs, and the careful reading and
 * writing of the user's own small files (uistate.h). */
#include "tui/uistate.h"
#include "tui/sort.h"
#include "tui/pane.h"
#include "tui/zoom.h"
#include "core/store/store.h"
#include "core/util/fileio.h"
#include "core/util/hash.h"
#include "core/util/userdirs.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char MAGIC[] = "liza-watch-ui";

/* A value as one line can hold it: no control character. */
static bool one_line(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			return false;
	return true;
}

static bool put(char *dst, size_t n, const char *v)
{
	if (strlen(v) >= n || !one_line(v))
		return false;
	memcpy(dst, v, strlen(v) + 1);
	return true;
}

/* "COLUMN asc|desc" of the table or the alerts. */
static bool sort_value(const char *v, sort_what w, uistate *s)
{
	char col[32], dir[8];
	if (sscanf(v, "%31s %7s", col, dir) != 2 || (strcmp(dir, "asc") && strcmp(dir, "desc")))
		return false;
	int c = sort_col_find(w, col);
	if (c < 0)
		return false;
	s->sort_col[w] = c;
	s->sort_desc[w] = strcmp(dir, "desc") == 0;
	return true;
}

static bool value(uistate *s, const char *key, const char *v)
{
	if (strcmp(key, "view") == 0) {
		if (strcmp(v, "table") && strcmp(v, "board"))
			return false;
		s->table = strcmp(v, "table") == 0;
		return true;
	}
	if (strcmp(key, "sort-table") == 0)
		return sort_value(v, SORT_TABLE, s);
	if (strcmp(key, "sort-alerts") == 0)
		return sort_value(v, SORT_ALERTS, s);
	if (strcmp(key, "filter") == 0)
		return put(s->filter, sizeof s->filter, v);
	if (strcmp(key, "project") == 0)
		return put(s->project, sizeof s->project, v);
	if (strcmp(key, "focus") == 0)
		return put(s->focus, sizeof s->focus, v);
	if (strcmp(key, "zoom") == 0)
		return put(s->zoom, sizeof s->zoom, v);
	if (strcmp(key, "hide") == 0) {
		if (v[0] < '0' || v[0] > '0' + ZOOM_HIDE_MAX || v[1])
			return false;
		s->hide = v[0] - '0';
		return true;
	}
	return true;   /* a key of a later writer of this version: skipped */
}

int uistate_parse(const char *text, uistate *out, char *why, size_t n)
{
	memset(out, 0, sizeof *out);
	int version = 0, used = 0;
	if (sscanf(text, "liza-watch-ui %d%n", &version, &used) != 1 || (text[used] != '\n' && text[used]) ||
	    version < 1) {
		snprintf(why, n, "not a UI state file (its first line is not '%s %d')", MAGIC, UISTATE_VERSION);
		return -1;
	}
	if (version > UISTATE_VERSION) {
		snprintf(why, n, "from a newer liza-watch (version %d; this one reads %d)", version, UISTATE_VERSION);
		return -1;
	}
	const char *p = text + used + (text[used] == '\n');
	for (int line = 2; *p; line++) {
		size_t len = strcspn(p, "\n");
		char buf[512];
		if (len >= sizeof buf) {
			snprintf(why, n, "corrupt at line %d: longer than %zu bytes", line, sizeof buf - 1);
			return -1;
		}
		memcpy(buf, p, len);
		buf[len] = '\0';
		p += len + (p[len] == '\n');
		if (!buf[0])
			continue;
		char *sp = strchr(buf, ' ');
		const char *v = sp ? sp + 1 : "";
		if (sp)
			*sp = '\0';
		if (!value(out, buf, v)) {
			snprintf(why, n, "corrupt at line %d: '%.40s' has no valid value", line, buf);
			return -1;
		}
	}
	return 0;
}

bool uistate_render(const uistate *s, strbuf *out)
{
	if (!one_line(s->filter) || !one_line(s->project) || !one_line(s->focus) || !one_line(s->zoom))
		return false;
	strbuf_printf(out, "%s %d\n", MAGIC, UISTATE_VERSION);
	strbuf_printf(out, "view %s\n", s->table ? "table" : "board");
	strbuf_printf(out, "sort-table %s %s\n", sort_col_name(SORT_TABLE, s->sort_col[SORT_TABLE]),
	            s->sort_desc[SORT_TABLE] ? "desc" : "asc");
	strbuf_printf(out, "sort-alerts %s %s\n", sort_col_name(SORT_ALERTS, s->sort_col[SORT_ALERTS]),
	            s->sort_desc[SORT_ALERTS] ? "desc" : "asc");
	strbuf_printf(out, "filter %s\nproject %s\nfocus %s\nzoom %s\nhide %d\n", s->filter, s->project, s->focus, s->zoom,
	              s->hide);
	return true;
}

int uistate_read_file(const char *path, size_t max, char **buf, char *why, size_t n)
{
	*buf = NULL;
	struct stat st;
	if (lstat(path, &st) < 0) {
		if (errno == ENOENT)
			return 1;
		snprintf(why, n, "%s: %s", path, strerror(errno));
		return -1;
	}
	if (S_ISLNK(st.st_mode) || !S_ISREG(st.st_mode)) {
		snprintf(why, n, "%s: %s: ignored", path, S_ISLNK(st.st_mode) ? "a symbolic link" : "not a regular file");
		return -1;
	}
	if (st.st_uid != geteuid()) {
		snprintf(why, n, "%s: not owned by you: ignored", path);
		return -1;
	}
	if ((size_t)st.st_size > max) {
		snprintf(why, n, "%s: bigger than %zu bytes: ignored", path, max);
		return -1;
	}
	lw_error err;
	lw_error_clear(&err);
	size_t len;
	int rc = lw_read_file_nofollow(path, max, buf, &len, &err);
	if (rc == LW_READ_MISSING)
		return 1;
	if (rc != LW_READ_OK) {
		char msg[600];
		snprintf(why, n, "%s: ignored", lw_error_format(&err, msg, sizeof msg));
		return -1;
	}
	if (strlen(*buf) != len) {   /* a NUL inside: not text we wrote */
		free(*buf);
		*buf = NULL;
		snprintf(why, n, "%s: holds a NUL byte: ignored", path);
		return -1;
	}
	return 0;
}

int uistate_write_file(const char *path, const char *buf, size_t len, char *why, size_t n)
{
	struct stat st;
	/* What we would not read, we do not replace: a link keeps leading where
	 * it led (store_write_atomic would write through it). */
	if (lstat(path, &st) == 0 && (!S_ISREG(st.st_mode) || st.st_uid != geteuid())) {
		snprintf(why, n, "%s: %s: not written", path,
		         S_ISLNK(st.st_mode) ? "a symbolic link" : !S_ISREG(st.st_mode) ? "not a regular file" : "not yours");
		return -1;
	}
	if (lw_mkdirs_for(path) < 0) {
		snprintf(why, n, "%s: cannot make its folder: %s", path, strerror(errno));
		return -1;
	}
	lw_error err;
	lw_error_clear(&err);
	if (store_write_atomic(path, buf, len, &err) < 0) {
		char msg[600];
		snprintf(why, n, "%s", lw_error_format(&err, msg, sizeof msg));
		return -1;
	}
	return 0;
}

bool uistate_user_file(const char *name, char *out, size_t n)
{
	char dir[LW_PATH_MAX];
	if (!lw_user_state_dir(dir, sizeof dir))
		return out[0] = '\0', false;
	return (size_t)snprintf(out, n, "%s/%s", dir, name) < n;
}


bool uistate_path(const lw_fleet *f, char *out, size_t n)
{
	/* The same projects named another way (relative, through a link, in
	 * another order) are the same list: their canonical roots, sorted. */
	char **roots = calloc(f->n ? f->n : 1, sizeof *roots);
	if (!roots)
		return false;
	for (size_t m = 0; m < f->n; m++) {
		char canon[LW_PATH_MAX];
		roots[m] = strdup(lw_realpath(f->v[m].proj.dir, canon, sizeof canon) == 0 ? canon : f->v[m].proj.dir);
	}
	qsort(roots, f->n, sizeof *roots, lw_strp_cmp);
	strbuf all;
	strbuf_init(&all);
	for (size_t m = 0; m < f->n; m++) {
		strbuf_adds(&all, roots[m] ? roots[m] : "");
		strbuf_addc(&all, '\0');   /* no name holds a NUL: the list reads one way */
		free(roots[m]);
	}
	free(roots);
	char hex[33], name[64];
	lw_hash_hex(lw_hash_bytes(all.buf ? all.buf : "", all.len), hex);
	strbuf_free(&all);
	snprintf(name, sizeof name, "ui-%.16s", hex);
	return uistate_user_file(name, out, n);
}

void uistate_from_hud(const hud *h, uistate *s)
{
	memset(s, 0, sizeof *s);
	s->table = h->table_view;
	for (int w = 0; w < 2; w++) {
		s->sort_col[w] = h->sort_col[w];
		s->sort_desc[w] = h->sort_desc[w];
	}
	snprintf(s->filter, sizeof s->filter, "%s", h->filter);
	if (h->only >= 0 && (size_t)h->only < h->fleet->n)
		snprintf(s->project, sizeof s->project, "%s", h->fleet->v[h->only].label);
	snprintf(s->focus, sizeof s->focus, "%s", h->focus ? h->focus->name : "");
	snprintf(s->zoom, sizeof s->zoom, "%s", h->zoomed && h->focus ? h->focus->name : "");
	s->hide = h->hidden;
}

void uistate_to_hud(hud *h, const uistate *s)
{
	h->table_view = s->table;
	for (int w = 0; w < 2; w++) {
		h->sort_col[w] = s->sort_col[w];
		h->sort_desc[w] = s->sort_desc[w];
	}
	snprintf(h->filter, sizeof h->filter, "%s", s->filter);
	/* A project or pane no longer there: that part is left as it starts. */
	for (size_t m = 0; s->project[0] && h->fleet->n > 1 && m < h->fleet->n; m++)
		if (strcmp(h->fleet->v[m].label, s->project) == 0)
			h->only = (int)m;
	for (size_t p = 0; p < hud_npanes; p++)
		if (hud_panes[p]->move && strcmp(hud_panes[p]->name, s->focus) == 0)
			h->focus = hud_panes[p];
	/* The zoomed pane is the focused one (zoom.c): one no longer there, or
	 * one that is not a pane of content, is not zoomed. */
	for (size_t p = 0; s->zoom[0] && p < hud_npanes; p++)
		if (hud_panes[p]->move && strcmp(hud_panes[p]->name, s->zoom) == 0) {
			h->focus = hud_panes[p];
			h->zoomed = true;
		}
	h->hidden = s->hide;
	if (h->focus && zoom_hidden(h, h->focus))
		h->focus = &pane_board;
}

/* What a restored state changes on screen, said on the message line. */
static void summary(const hud *h, char *said, size_t n)
{
	said[0] = '\0';
	if (h->table_view)
		snprintf(said + strlen(said), n - strlen(said), ", the table");
	for (int w = 0; w < 2; w++)
		if (h->sort_col[w] > 0)
			snprintf(said + strlen(said), n - strlen(said), ", %s sorted by %s %s", w ? "alerts" : "tasks",
			         sort_col_name((sort_what)w, h->sort_col[w]), h->sort_desc[w] ? "desc" : "asc");
	if (h->filter[0])
		snprintf(said + strlen(said), n - strlen(said), ", the filter '%.100s' (Esc clears it)", h->filter);
	if (h->only >= 0)
		snprintf(said + strlen(said), n - strlen(said), ", project %.80s only", h->fleet->v[h->only].label);
	if (h->zoomed && h->focus)
		snprintf(said + strlen(said), n - strlen(said), ", the %s zoomed (+ shows every pane)", h->focus->name);
	if (h->hidden) {
		char names[80];
		zoom_hidden_names(h, names, sizeof names);
		snprintf(said + strlen(said), n - strlen(said), ", %s hidden (_ to the last shows all)", names);
	}
	if (said[0]) {
		char body[512];
		snprintf(body, sizeof body, "%s", said + 2);
		snprintf(said, n, "as you left it: %s (--reset-ui starts fresh)", body);
	}
}

void uistate_load(hud *h, char *warn, size_t n, char *said, size_t said_n)
{
	said[0] = '\0';
	char path[LW_PATH_MAX], why[900];
	if (!uistate_path(h->fleet, path, sizeof path))
		return;
	char *text;
	int rc = uistate_read_file(path, UISTATE_MAX_BYTES, &text, why, sizeof why);
	uistate s;
	if (rc == 0 && uistate_parse(text, &s, why + strlen(path) + 2, sizeof why - strlen(path) - 2) < 0) {
		memcpy(why, path, strlen(path));   /* "PATH: corrupt at line 3: ..." */
		memcpy(why + strlen(path), ": ", 2);
		rc = -1;
	} else if (rc == 0) {
		uistate_to_hud(h, &s);
		summary(h, said, said_n);
	}
	free(text);
	if (rc < 0)
		snprintf(warn + strlen(warn), n - strlen(warn), "UI state %.800s (starting fresh; --reset-ui)\n", why);
}

void uistate_save(const hud *h)
{
	char path[LW_PATH_MAX], why[900];
	uistate s;
	uistate_from_hud(h, &s);
	strbuf out;
	strbuf_init(&out);
	if (uistate_path(h->fleet, path, sizeof path) && uistate_render(&s, &out))
		if (uistate_write_file(path, out.buf, out.len, why, sizeof why) < 0)
			fprintf(stderr, "liza-watch: UI state not saved: %s\n", why);
	strbuf_free(&out);
}

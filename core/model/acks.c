/* acks.c — see acks.h. */
#include "core/model/acks.h"
#include "core/store/store.h"
#include "core/txn/txn.h"
#include "core/util/grow.h"
#include "core/util/fileio.h"
#include "core/util/inputs.h"
#include "core/util/strbuf.h"
#include "core/util/userdirs.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static void ack_free(lw_ack *k)
{
	free(k->project);
	free(k->system);
	free(k->code);
	free(k->key);
	free(k->reason);
}

static void clear(lw_acks *a)
{
	for (size_t i = 0; i < a->n; i++)
		ack_free(&a->v[i]);
	a->n = 0;
}

void lw_acks_free(lw_acks *a)
{
	clear(a);
	free(a->v);
	a->v = NULL;
	a->cap = 0;
}

/* Fields are tab-separated, one acknowledgement a line: a tab, a line
 * break or a backslash in a value (an alert key comes from a project) is
 * written \t, \n, \\, so no value can make a line of its own. */
static void put_field(strbuf *out, const char *s)
{
	for (; s && *s; s++) {
		if (*s == '\t') strbuf_adds(out, "\\t");
		else if (*s == '\n') strbuf_adds(out, "\\n");
		else if (*s == '\r') strbuf_adds(out, "\\r");
		else if (*s == '\\') strbuf_adds(out, "\\\\");
		else strbuf_addc(out, *s);
	}
}

static char *get_field(const char **p)
{
	strbuf b;
	strbuf_init(&b);
	const char *s = *p;
	for (; *s && *s != '\t' && *s != '\n'; s++) {
		if (*s == '\\' && s[1]) {
			s++;
			strbuf_addc(&b, *s == 't' ? '\t' : *s == 'n' ? '\n' : *s == 'r' ? '\r' : *s);
		} else {
			strbuf_addc(&b, *s);
		}
	}
	if (*s == '\t')
		s++;
	*p = s;
	char *r = strdup(b.buf ? b.buf : "");
	strbuf_free(&b);
	return r;
}

static void parse(lw_acks *a, const char *text)
{
	clear(a);
	for (const char *l = text; l && *l;) {
		const char *nl = strchr(l, '\n');
		if (*l != '#' && *l != '\n') {
			const char *p = l;
			lw_ack k = { 0 };
			k.project = get_field(&p);
			k.system = get_field(&p);
			k.code = get_field(&p);
			k.key = get_field(&p);
			char *at = get_field(&p);
			k.at = (time_t)strtoll(at, NULL, 10);
			free(at);
			k.reason = get_field(&p);
			if (*k.project && *k.system && *k.code) {
				a->v = lw_grow(a->v, &a->cap, a->n, sizeof *a->v, 8);
				a->v[a->n++] = k;
			} else {
				ack_free(&k);
			}
		}
		l = nl ? nl + 1 : NULL;
	}
}

static void render(const lw_acks *a, strbuf *out)
{
	strbuf_adds(out, "# liza-watch: acknowledged alerts (project, system, code, key, epoch, reason)\n");
	for (size_t i = 0; i < a->n; i++) {
		const lw_ack *k = &a->v[i];
		put_field(out, k->project);
		strbuf_addc(out, '\t');
		put_field(out, k->system);
		strbuf_addc(out, '\t');
		put_field(out, k->code);
		strbuf_addc(out, '\t');
		put_field(out, k->key);
		strbuf_printf(out, "\t%lld\t", (long long)k->at);
		put_field(out, k->reason);
		strbuf_addc(out, '\n');
	}
}

void lw_acks_reload(lw_acks *a)
{
	clear(a);
	if (!a->path[0])
		return;
	char *buf;
	size_t len;
	lw_error err;
	lw_error_clear(&err);
	a->problem[0] = '\0';
	/* A recorded read (a kept status line depends on it), never through a
	 * link: the file is ours alone, and a link would carry our write to
	 * whatever it names. What cannot be read is said, never skipped in
	 * silence: an acknowledgement lost unsaid shows an alert as new. */
	int rc = lw_read_file_nofollow(a->path, LW_ACKS_MAX_BYTES, &buf, &len, &err);
	if (rc == LW_READ_OK) {
		parse(a, buf);
		free(buf);
	} else if (rc == LW_READ_ERROR) {
		char msg[1200];
		snprintf(a->problem, sizeof a->problem, "%s; acknowledgements not read, none written",
		         lw_error_format(&err, msg, sizeof msg));
	}
}

void lw_acks_open(lw_acks *a)
{
	memset(a, 0, sizeof *a);
	/* The user's state folder, never a project (HOME=. names none). */
	char dir[sizeof a->path - 8];
	if (lw_user_state_dir(dir, sizeof dir))
		snprintf(a->path, sizeof a->path, "%s/acks", dir);
	lw_acks_reload(a);
}

const char *lw_acks_key(const lw_alert *al)
{
	/* With several projects the HUD keys an alert "label\x1fkey". */
	const char *us = al->project ? strchr(al->key, '\x1f') : NULL;
	return us ? us + 1 : al->key;
}

static bool names(const lw_ack *k, const char *project, const lw_alert *al)
{
	return strcmp(k->project, project) == 0 && strcmp(k->system, al->system) == 0 &&
	       strcmp(k->code, al->code) == 0 && strcmp(k->key, lw_acks_key(al)) == 0;
}

bool lw_acks_has(const lw_acks *a, const char *project, const lw_alert *al)
{
	for (size_t i = 0; i < a->n; i++)
		if (names(&a->v[i], project, al))
			return true;
	return false;
}

size_t lw_acks_mark(const lw_acks *a, const char *project, lw_alerts *al)
{
	size_t n = 0;
	if (!a->n)
		return 0;
	for (size_t i = 0; i < al->n; i++)
		n += (al->v[i].acked = lw_acks_has(a, project, &al->v[i]));
	return n;
}

/* The write: the file read again under its lock, the change made to what
 * it holds then (another HUD may have added its own), written whole. */
typedef struct change {
	lw_acks *a;
	const lw_ack *add;                 /* or */
	const char *prune_project;
	const lw_alerts *current;
	size_t dropped;
} change;

static int edit(const char *cur, size_t len, strbuf *out, void *ctx, lw_error *err)
{
	(void)len;
	change *c = ctx;
	/* Under the lock, the name checked again: made a link since it was
	 * read, it is refused, as at the read. */
	struct stat st;
	if (lstat(c->a->path, &st) == 0 && !S_ISREG(st.st_mode)) {
		lw_error_set(err, c->a->path, 0, 0, "%s: not written",
		             S_ISLNK(st.st_mode) ? "a symbolic link" : "not a regular file");
		return EDIT_DENIED;
	}
	parse(c->a, cur);
	if (c->add) {
		c->a->v = lw_grow(c->a->v, &c->a->cap, c->a->n, sizeof *c->a->v, 8);
		lw_ack *k = &c->a->v[c->a->n++];
		k->project = strdup(c->add->project);
		k->system = strdup(c->add->system);
		k->code = strdup(c->add->code);
		k->key = strdup(c->add->key);
		k->reason = strdup(c->add->reason ? c->add->reason : "");
		k->at = c->add->at;
	} else {
		size_t w = 0;
		for (size_t i = 0; i < c->a->n; i++) {
			lw_ack *k = &c->a->v[i];
			bool gone = strcmp(k->project, c->prune_project) == 0;
			for (size_t j = 0; gone && j < c->current->n; j++)
				gone = !names(k, c->prune_project, &c->current->v[j]);
			if (gone) {
				ack_free(k);
				c->dropped++;
			} else {
				c->a->v[w++] = *k;
			}
		}
		c->a->n = w;
		if (!c->dropped)
			return EDIT_NOCHANGE;   /* nothing went: nothing written */
	}
	render(c->a, out);
	return 0;
}

static int write_change(lw_acks *a, change *c, lw_error *err)
{
	if (!a->path[0]) {
		lw_error_set(err, "acks", 0, 0,
		             "no state folder: set XDG_STATE_HOME or HOME to an absolute path (a relative one is ignored)");
		return -1;
	}
	if (a->problem[0]) {
		/* Written whole from what was read: a file we could not read is
		 * left as it is (a link keeps leading where it led). */
		lw_error_set(err, "acks", 0, 0, "%s", a->problem);
		return -1;
	}
	if (lw_mkdirs_for(a->path) < 0) {
		lw_error_set(err, a->path, 0, 0, "cannot make its folder: %s", strerror(errno));
		return -1;
	}
	return txn_update(a->path, 2000, edit, c, err) == STORE_OK ? 0 : -1;
}

int lw_acks_add(lw_acks *a, const char *project, const lw_alert *al, const char *reason, time_t now, lw_error *err)
{
	lw_ack k = { (char *)project, (char *)al->system, (char *)al->code, (char *)lw_acks_key(al),
	             (char *)(reason ? reason : ""), now };
	change c = { .a = a, .add = &k };
	int rc = write_change(a, &c, err);
	if (rc < 0)
		lw_acks_reload(a);
	return rc;
}

size_t lw_acks_prune(lw_acks *a, const char *project, const lw_alerts *current)
{
	/* Only when one of ours is not among the alerts: most reloads write nothing. */
	bool stale = false;
	for (size_t i = 0; i < a->n && !stale; i++) {
		if (strcmp(a->v[i].project, project) != 0)
			continue;
		stale = true;
		for (size_t j = 0; stale && j < current->n; j++)
			stale = !names(&a->v[i], project, &current->v[j]);
	}
	if (!stale)
		return 0;
	change c = { .a = a, .prune_project = project, .current = current };
	lw_error err;
	lw_error_clear(&err);
	if (write_change(a, &c, &err) < 0)
		lw_acks_reload(a);
	return c.dropped;
}

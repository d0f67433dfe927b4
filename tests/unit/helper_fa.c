/* helper_fa.c — see helper_fa.h. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "core/util/fileio.h"
#include "core/util/strbuf.h"
#include "tests/unit/helper_fa.h"

time_t fa_time(const char *iso)
{
	time_t t = 0;
	if (lw_parse_time(iso, &t) != 0) {
		print_error("bad time literal %s\n", iso);
		fail();
	}
	return t;
}

void fa_open(fa_run *r)
{
	memset(r, 0, sizeof *r);
	lw_alerts_init(&r->al);
	const char *tmp = getenv("TMPDIR");
	snprintf(r->dir, sizeof r->dir, "%s/lw-fa-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	assert_non_null(mkdtemp(r->dir));
}

static void mkdirs_for(const char *path)
{
	char p[1024];
	snprintf(p, sizeof p, "%s", path);
	for (char *s = strchr(p + 1, '/'); s; s = strchr(s + 1, '/')) {
		*s = '\0';
		mkdir(p, 0755);
		*s = '/';
	}
}

void fa_write(fa_run *r, const char *rel, const char *text)
{
	char p[1024];
	snprintf(p, sizeof p, "%s/%s", r->dir, rel);
	mkdirs_for(p);
	FILE *f = fopen(p, "w");
	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
}

void fa_remove(fa_run *r, const char *rel)
{
	char p[1024];
	snprintf(p, sizeof p, "%s/%s", r->dir, rel);
	unlink(p);
}

char *fa_read(fa_run *r, const char *rel)
{
	char p[1024], *buf;
	size_t len;
	lw_error err;
	snprintf(p, sizeof p, "%s/%s", r->dir, rel);
	return lw_read_file(p, 1u << 24, &buf, &len, &err) == LW_READ_OK ? buf : NULL;
}

void fa_copy_fixture(fa_run *r, const char *fixture_rel, const char *rel)
{
	const char *fx = getenv("LW_FIXTURES");
	char p[1024], *buf;
	size_t len;
	lw_error err;
	snprintf(p, sizeof p, "%s/%s", fx && *fx ? fx : "tests/fixtures", fixture_rel);
	if (lw_read_file(p, 1u << 24, &buf, &len, &err) != LW_READ_OK) {
		print_error("cannot read %s (set LW_FIXTURES)\n", p);
		fail();
	}
	fa_write(r, rel, buf);
	free(buf);
}

void fa_recheck(fa_run *r, const char *now)
{
	lw_alerts_clear(&r->al);
	r->ctx = (lw_check_ctx){ .now = fa_time(now), .next_deadline = LW_NO_TIME, .out = &r->al };
	lw_project_check(&r->proj, &r->ctx);
	lw_alerts_sort(&r->al);
}

void fa_load_at(fa_run *r, const char *sub, const char *now)
{
	if (r->open)
		lw_project_close(&r->proj);
	char p[1024];
	snprintf(p, sizeof p, "%s%s%s", r->dir, sub ? "/" : "", sub ? sub : "");
	lw_error err;
	lw_error_clear(&err);
	assert_int_equal(lw_project_open(&r->proj, p, &err), 0);
	r->open = true;
	lw_project_load_all(&r->proj);
	fa_recheck(r, now);
}

void fa_load(fa_run *r, const char *now) { fa_load_at(r, NULL, now); }

const lw_source *fa_source(fa_run *r, const char *system)
{
	const lw_source *s = lw_project_source(&r->proj, system);
	if (!s) {
		print_error("no %s source detected in %s\n", system, r->dir);
		fail();
	}
	return s;
}

const lw_task *fa_task(fa_run *r, const char *system, const char *id)
{
	const lw_source *s = fa_source(r, system);
	for (size_t i = 0; s->good && i < s->good->ntasks; i++)
		if (strcmp(s->good->tasks[i].id, id) == 0)
			return &s->good->tasks[i];
	print_error("no %s task %s\n", system, id);
	fail();
	return NULL;
}

static int rm_one(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
	(void)sb; (void)flag; (void)ftw;
	return remove(path);
}

void fa_close(fa_run *r)
{
	if (r->open)
		lw_project_close(&r->proj);
	lw_alerts_free(&r->al);
	nftw(r->dir, rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

const lw_alert *fa_find(const fa_run *r, const char *code, const char *subject)
{
	for (size_t i = 0; i < r->al.n; i++)
		if (strcmp(r->al.v[i].code, code) == 0 && (!subject || strcmp(r->al.v[i].subject, subject) == 0))
			return &r->al.v[i];
	return NULL;
}

size_t fa_count(const fa_run *r, const char *code)
{
	size_t n = 0;
	for (size_t i = 0; i < r->al.n; i++)
		n += !code || strcmp(r->al.v[i].code, code) == 0;
	return n;
}

void fa_dump(const fa_run *r)
{
	for (size_t i = 0; i < r->al.n; i++)
		fprintf(stderr, "  %s %s %s %s: %s\n", lw_level_name(r->al.v[i].level), r->al.v[i].system, r->al.v[i].code,
		        r->al.v[i].subject, r->al.v[i].message);
}

void fa_expect_at(const fa_run *r, lw_level level, const char *code, const char *subject, const char *fragment,
                  const char *file, int line)
{
	const lw_alert *a = fa_find(r, code, subject);
	if (!a || a->level != level || (fragment && !strstr(a->message, fragment))) {
		fprintf(stderr, "%s:%d: expected %s %s %s containing \"%s\"; alerts:\n", file, line, lw_level_name(level),
		        code, subject ? subject : "*", fragment ? fragment : "");
		fa_dump(r);
		_fail(file, line);
	}
}

tx_rc fa_tx(fa_run *r, const char *system, const char *subject, const char *event, const char *reason,
            const char *now, tx_result *res)
{
	const lw_source *s = fa_source(r, system);
	const lw_task *t = subject ? fa_task(r, system, subject) : NULL;
	tx_request rq = {
		.subject = subject, .event = event, .as = "tester", .reason = reason,
		.expect_status = t ? t->status : NULL, .expect_commit = t ? t->revision : NULL,
		.now = fa_time(now),
	};
	/* As users run it: within the project's boundary (lw_transition). */
	return (tx_rc)lw_transition(r->proj.dir, s, &rq, res);
}

/* ---- tree comparison ---- */
static void flatten(const doc_node *n, const char *path, strbuf *out)
{
	n = doc_deref(n);
	if (!n)
		return;
	char p[512];
	if (n->kind == DOC_MAP) {
		strbuf_printf(out, "%s\t{\n", path);
		for (const doc_node *k = doc_map_first(n); k; k = doc_map_next(k)) {
			snprintf(p, sizeof p, "%s%s%s", path, *path ? "." : "", doc_str(k) ? doc_str(k) : "?");
			flatten(k->next, p, out);
		}
	} else if (n->kind == DOC_SEQ) {
		strbuf_printf(out, "%s\t[\n", path);
		size_t i = 0;
		for (const doc_node *c = doc_seq_first(n); c; c = c->next, i++) {
			snprintf(p, sizeof p, "%s[%zu]", path, i);
			flatten(c, p, out);
		}
	} else {
		strbuf_printf(out, "%s\t=%s\n", path, doc_is_null(n) ? "~" : n->u.scalar.str);
	}
}

static size_t split(char *s, char ***lines)
{
	size_t n = 0, cap = 64;
	*lines = malloc(cap * sizeof **lines);
	for (char *l = strtok(s, "\n"); l; l = strtok(NULL, "\n")) {
		if (n == cap)
			*lines = realloc(*lines, (cap *= 2) * sizeof **lines);
		(*lines)[n++] = l;
	}
	return n;
}

static bool has(char **v, size_t n, const char *s)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(v[i], s) == 0)
			return true;
	return false;
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

char *fa_changed(const char *old_text, const char *new_text)
{
	doc a, b;
	lw_error err;
	assert_int_equal(doc_parse(&a, old_text, strlen(old_text), "old", NULL, &err), 0);
	assert_int_equal(doc_parse(&b, new_text, strlen(new_text), "new", NULL, &err), 0);
	strbuf fa, fb, out;
	strbuf_init(&fa);
	strbuf_init(&fb);
	strbuf_init(&out);
	flatten(a.root, "", &fa);
	flatten(b.root, "", &fb);
	char **la, **lb;
	size_t na = split(fa.buf, &la), nb = split(fb.buf, &lb);
	/* A path whose line is not the same in both trees changed. */
	char **paths = malloc((na + nb + 1) * sizeof *paths);
	size_t np = 0;
	for (size_t i = 0; i < na; i++)
		if (!has(lb, nb, la[i]))
			paths[np++] = la[i];
	for (size_t i = 0; i < nb; i++)
		if (!has(la, na, lb[i]))
			paths[np++] = lb[i];
	for (size_t i = 0; i < np; i++)
		*strchr(paths[i], '\t') = '\0';
	qsort(paths, np, sizeof *paths, cmp_str);
	for (size_t i = 0; i < np; i++)
		if (!i || strcmp(paths[i], paths[i - 1]) != 0)
			strbuf_printf(&out, "%s%s", out.len ? " " : "", paths[i]);
	free(paths);
	free(la);
	free(lb);
	strbuf_free(&fa);
	strbuf_free(&fb);
	doc_free(&a);
	doc_free(&b);
	if (!out.buf)
		strbuf_adds(&out, "");
	return strbuf_detach(&out, NULL);
}

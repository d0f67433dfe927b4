/* helper_proj.c — see helper_proj.h. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cli/report.h"
#include "core/util/strbuf.h"
#include "tests/unit/helper_proj.h"

void tp_open(tp *p)
{
	memset(p, 0, sizeof *p);
	lw_alerts_init(&p->al);
	const char *tmp = getenv("TMPDIR");
	snprintf(p->dir, sizeof p->dir, "%s/lw-proj-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	assert_non_null(mkdtemp(p->dir));
}

static int rm_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
	(void)sb; (void)flag; (void)ftw;
	return remove(path);
}

void tp_close(tp *p)
{
	if (p->opened)
		lw_project_close(&p->proj);
	p->opened = false;
	lw_alerts_free(&p->al);
	if (p->dir[0])
		nftw(p->dir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
	p->dir[0] = '\0';
}

static void mkdirs_for(const char *path)
{
	char buf[1024];
	snprintf(buf, sizeof buf, "%s", path);
	for (char *s = buf + 1; *s; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		if (mkdir(buf, 0755) < 0 && errno != EEXIST) {
			print_error("mkdir %s: %s\n", buf, strerror(errno));
			fail();
		}
		*s = '/';
	}
}

void tp_write(tp *p, const char *rel, const char *text)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/%s", p->dir, rel);
	mkdirs_for(path);
	FILE *f = fopen(path, "wb");
	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
}

void tp_remove(tp *p, const char *rel)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/%s", p->dir, rel);
	unlink(path);
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	strbuf b;
	strbuf_init(&b);
	char buf[8192];
	size_t n;
	while ((n = fread(buf, 1, sizeof buf, f)) > 0)
		strbuf_add(&b, buf, n);
	fclose(f);
	if (!b.buf)
		strbuf_adds(&b, "");
	return strbuf_detach(&b, NULL);
}

char *tp_read(tp *p, const char *rel)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/%s", p->dir, rel);
	return slurp(path);
}

void tp_copy_fixture(tp *p, const char *rel, const char *dst)
{
	const char *fx = getenv("LW_FIXTURES");
	char src[1024];
	snprintf(src, sizeof src, "%s/%s", fx && *fx ? fx : "tests/fixtures", rel);
	char *text = slurp(src);
	if (!text) {
		print_error("cannot open %s (set LW_FIXTURES)\n", src);
		fail();
	}
	tp_write(p, dst, text);
	free(text);
}

void tp_copy_rcs(tp *p, const char *base, const char *encoded)
{
	char rel[512], dst[1024];
	size_t u = 0;
	const char *s = encoded;
	if (strncmp(s, "root__", 6) == 0)
		s += 6;
	for (const char *sep; (sep = strstr(s, "__")); s = sep + 2)
		u += (size_t)snprintf(rel + u, sizeof rel - u, "%.*s/", (int)(sep - s), s);
	snprintf(rel + u, sizeof rel - u, "%.*s.json", (int)strcspn(s, "."), s);
	snprintf(dst, sizeof dst, "%s/%s", base, rel);
	char src[600];
	snprintf(src, sizeof src, "examples/rcs/%s", encoded);
	tp_copy_fixture(p, src, dst);
}

size_t tp_load(tp *p, const char *now)
{
	if (!p->opened) {
		lw_error err;
		lw_error_clear(&err);
		assert_int_equal(lw_project_open(&p->proj, p->dir, &err), 0);
		p->opened = true;
	}
	size_t failed = lw_project_load_all(&p->proj);
	lw_alerts_clear(&p->al);
	p->ctx = (lw_check_ctx){ .now = 0, .next_deadline = LW_NO_TIME, .out = &p->al };
	assert_int_equal(lw_parse_time(now, &p->ctx.now), 0);
	lw_project_check(&p->proj, &p->ctx);
	lw_alerts_sort(&p->al);
	return failed;
}

const lw_source *tp_source(tp *p, const char *system)
{
	return p->opened ? lw_project_source(&p->proj, system) : NULL;
}

const lw_snapshot *tp_snap(tp *p, const char *system)
{
	const lw_source *s = tp_source(p, system);
	return s ? s->good : NULL;
}

int tp_tx_rq(tp *p, const char *system, tx_request *rq)
{
	const lw_source *s = tp_source(p, system);
	assert_non_null(s);
	assert_non_null(s->adapter->transition);
	/* Through the door users go through: the project's root entered as
	 * the boundary of every write (core/model/transition.c). */
	return lw_transition(p->proj.dir, s, rq, &p->res);
}

int tp_tx(tp *p, const char *system, const char *subject, const char *event, const char *reason, const char *now)
{
	tx_request rq = { .subject = subject, .event = event, .as = "tester", .reason = reason };
	assert_int_equal(lw_parse_time(now, &rq.now), 0);
	return tp_tx_rq(p, system, &rq);
}

static strbuf *fp_out;

static int fp_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
	(void)ftw;
	size_t n = strlen(path);
	if (flag != FTW_F || (n > 5 && strcmp(path + n - 5, ".lock") == 0))
		return 0;
	char *text = slurp(path);
	strbuf_printf(fp_out, "== %s (%lld bytes, mode %o)\n%s\n", path, (long long)sb->st_size,
	              (unsigned)(sb->st_mode & 07777), text ? text : "(unreadable)");
	free(text);
	return 0;
}

static int cmp_lines(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

char *tp_fingerprint(tp *p)
{
	/* nftw's order is the directory's: collect, then sort per file block. */
	strbuf all;
	strbuf_init(&all);
	fp_out = &all;
	nftw(p->dir, fp_entry, 16, FTW_PHYS);
	fp_out = NULL;
	if (!all.buf)
		strbuf_adds(&all, "");
	/* Split into blocks starting at "== " and sort them. */
	char **v = NULL;
	size_t n = 0, cap = 0;
	for (char *s = all.buf; s && *s;) {
		char *next = strstr(s + 1, "\n== ");
		if (next)
			*next++ = '\0';
		if (n == cap) {
			cap = cap ? cap * 2 : 16;
			v = realloc(v, cap * sizeof *v);
		}
		v[n++] = s;
		s = next;
	}
	qsort(v, n, sizeof *v, cmp_lines);
	strbuf out;
	strbuf_init(&out);
	for (size_t i = 0; i < n; i++) {
		strbuf_adds(&out, v[i]);
		strbuf_addc(&out, '\n');
	}
	if (!out.buf)
		strbuf_adds(&out, "");
	free(v);
	strbuf_free(&all);
	return strbuf_detach(&out, NULL);
}

char *tp_status(tp *p)
{
	strbuf out;
	strbuf_init(&out);
	report_status(&out, &p->proj, &p->al, STATUS_PLAIN, NULL);
	if (!out.buf)
		strbuf_adds(&out, "");
	return strbuf_detach(&out, NULL);
}

const lw_alert *tp_find(const tp *p, const char *system, const char *code, const char *subject)
{
	for (size_t i = 0; i < p->al.n; i++) {
		const lw_alert *a = &p->al.v[i];
		if ((!system || strcmp(a->system, system) == 0) && strcmp(a->code, code) == 0 &&
		    (!subject || strcmp(a->subject, subject) == 0))
			return a;
	}
	return NULL;
}

size_t tp_count(const tp *p, const char *system, const char *code)
{
	size_t n = 0;
	for (size_t i = 0; i < p->al.n; i++)
		n += (!system || strcmp(p->al.v[i].system, system) == 0) && (!code || strcmp(p->al.v[i].code, code) == 0);
	return n;
}

void tp_dump(const tp *p)
{
	for (size_t i = 0; i < p->proj.n; i++)
		if (p->proj.src[i].failed) {
			char m[1200];
			fprintf(stderr, "  %s failed: %s\n", p->proj.src[i].adapter->name,
			        lw_error_format(&p->proj.src[i].error, m, sizeof m));
		}
	for (size_t i = 0; i < p->al.n; i++) {
		const lw_alert *a = &p->al.v[i];
		fprintf(stderr, "  %s %s %s %s: %s\n", lw_level_name(a->level), a->system, a->code, a->subject, a->message);
	}
}

void tp_expect_at(const tp *p, lw_level level, const char *system, const char *code, const char *subject,
                  const char *fragment, const char *file, int line)
{
	const char *why = "missing";
	for (size_t i = 0; i < p->al.n; i++) {
		const lw_alert *a = &p->al.v[i];
		if (strcmp(a->system, system) != 0 || strcmp(a->code, code) != 0 || (subject && strcmp(a->subject, subject) != 0))
			continue;
		if (a->level != level)
			why = "wrong level";
		else if (fragment && !strstr(a->message, fragment))
			why = "message lacks the fragment";
		else
			return;
	}
	fprintf(stderr, "%s:%d: expected %s %s %s %s (\"%s\"): %s; alerts:\n", file, line, lw_level_name(level), system,
	        code, subject ? subject : "*", fragment ? fragment : "", why);
	tp_dump(p);
	_fail(file, line);
}

void tp_expect_none_at(const tp *p, const char *system, const char *code, const char *subject, const char *file,
                       int line)
{
	if (!tp_find(p, system, code, subject))
		return;
	fprintf(stderr, "%s:%d: expected no %s %s %s; alerts:\n", file, line, system, code, subject ? subject : "*");
	tp_dump(p);
	_fail(file, line);
}

void tp_contains_at(const char *text, const char *file, int line, ...)
{
	va_list ap;
	va_start(ap, line);
	for (const char *frag; (frag = va_arg(ap, const char *));) {
		if (text && strstr(text, frag))
			continue;
		fprintf(stderr, "%s:%d: \"%s\" not in:\n%s\n", file, line, frag, text ? text : "(null)");
		va_end(ap);
		_fail(file, line);
	}
	va_end(ap);
}

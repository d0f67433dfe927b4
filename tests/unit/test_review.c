/* test_review.c — the review layer's pure parts: commit ids and paths as a
 * state file gives them (refused before anything runs), the diff's lines
 * (split from a stream, bounded, sorted for colour), the timeline. */
/* make valgrind: run under memcheck */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "core/review/review.h"
#include "core/review/review_git.h"
#include "core/review/review_stat.h"
#include "core/util/timeparse.h"

static void commit_ids(void **state)
{
	(void)state;
	char msg[512];
	assert_int_equal(lw_review_commit_ok("c", "abc1234", msg, sizeof msg), 0);
	assert_int_equal(lw_review_commit_ok("c", "0123456789abcdefABCDEF0123456789abcdef01", msg, sizeof msg), 0);
	char sha256[65];
	memset(sha256, 'f', 64);
	sha256[64] = '\0';
	assert_int_equal(lw_review_commit_ok("c", sha256, msg, sizeof msg), 0);

	static const struct { const char *id, *why; } bad[] = {
		{ "--output=/tmp/x", "looks like an option" },
		{ "-p", "looks like an option" },
		{ "$(touch /tmp/x)", "looks like a shell string" },
		{ "`id`", "looks like a shell string" },
		{ "abc1234;rm", "looks like a shell string" },
		{ "abc1234|x", "looks like a shell string" },
		{ "abc1234\nx", "looks like a shell string" },
		{ "HEAD", "is not a commit id" },
		{ "main~1", "is not a commit id" },
		{ "abc 1234", "is not a commit id" },
		{ "abc12", "has 5 hex digits" },
		{ "", "is empty" },
	};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		msg[0] = '\0';
		assert_int_equal(lw_review_commit_ok("base_commit", bad[i].id, msg, sizeof msg), -1);
		if (!strstr(msg, bad[i].why))
			fail_msg("'%s': '%s' does not say '%s'", bad[i].id, msg, bad[i].why);
	}
	memset(sha256, 'a', 64);
	char longer[66];
	snprintf(longer, sizeof longer, "%sa", sha256);
	assert_int_equal(lw_review_commit_ok("c", longer, msg, sizeof msg), -1);
	assert_non_null(strstr(msg, "65 hex digits"));
}

static char proj[256];

static int make_proj(void **state)
{
	(void)state;
	snprintf(proj, sizeof proj, "/tmp/lw-test-review.XXXXXX");
	assert_non_null(mkdtemp(proj));
	char p[512];
	snprintf(p, sizeof p, "%s/inside", proj);
	mkdir(p, 0700);
	snprintf(p, sizeof p, "%s/inside/wt", proj);
	mkdir(p, 0700);
	char link[512];
	snprintf(link, sizeof link, "%s/inside/out", proj);
	assert_int_equal(symlink("/tmp", link), 0);
	return 0;
}

static int rm_proj(void **state)
{
	(void)state;
	char p[512];
	snprintf(p, sizeof p, "%s/inside/out", proj); unlink(p);
	snprintf(p, sizeof p, "%s/inside/wt", proj); rmdir(p);
	snprintf(p, sizeof p, "%s/inside", proj); rmdir(p);
	snprintf(p, sizeof p, "%s/inside/f.txt", proj); unlink(p);
	snprintf(p, sizeof p, "%s/inside/bin", proj); unlink(p);
	snprintf(p, sizeof p, "%s/inside", proj); rmdir(p);
	rmdir(proj);
	return 0;
}

static void paths(void **state)
{
	(void)state;
	char root[512], out[4096], msg[512], want[4200];
	snprintf(root, sizeof root, "%s/inside", proj);
	/* Inside and there: its real path. */
	assert_int_equal(lw_review_path_ok(root, "worktree", "wt", out, sizeof out, msg, sizeof msg), 0);
	char real[4096];
	assert_non_null(realpath(root, real));
	snprintf(want, sizeof want, "%s/wt", real);
	assert_string_equal(out, want);
	assert_int_equal(lw_review_path_ok(root, "worktree", "./wt/../wt", out, sizeof out, msg, sizeof msg), 0);
	assert_int_equal(lw_review_path_ok(root, "worktree", want, out, sizeof out, msg, sizeof msg), 0);
	/* Inside and gone. */
	assert_int_equal(lw_review_path_ok(root, "worktree", ".worktrees/t-1", out, sizeof out, msg, sizeof msg), 1);
	/* Outside: there or not, through .. or a symlink or absolute. */
	static const char *const outside[] = { "..", "../..", "wt/../../x", "/etc", "/", "out", "out/x", "../inside2" };
	for (size_t i = 0; i < sizeof outside / sizeof *outside; i++) {
		msg[0] = '\0';
		if (lw_review_path_ok(root, "worktree", outside[i], out, sizeof out, msg, sizeof msg) != -1)
			fail_msg("'%s' accepted as %s", outside[i], out);
		assert_non_null(strstr(msg, "outside the project"));
	}
	assert_int_equal(lw_review_path_ok(root, "worktree", "--output=x", out, sizeof out, msg, sizeof msg), -1);
	assert_non_null(strstr(msg, "looks like an option"));
	assert_int_equal(lw_review_path_ok(root, "worktree", "$(touch x)", out, sizeof out, msg, sizeof msg), -1);
	assert_non_null(strstr(msg, "looks like a shell string"));
	assert_int_equal(lw_review_path_ok(root, "worktree", "", out, sizeof out, msg, sizeof msg), -1);
}

/* ---- diff lines ---- */
typedef struct got {
	lw_rlines l;
} got;

static void collect(lw_rkind kind, const char *line, size_t len, void *ctx)
{
	lw_rlines_add(&((got *)ctx)->l, kind, line, len);
}

static const char diff_text[] =
	" a.c | 2 +-\n"
	" 1 file changed, 1 insertion(+), 1 deletion(-)\n"
	"\n"
	"diff --git a/a.c b/a.c\n"
	"index 1..2 100644\n"
	"--- a/a.c\n"
	"+++ b/a.c\n"
	"@@ -1,2 +1,2 @@ int f()\n"
	" keep\n"
	"-old\n"
	"+new\n"
	"--- not a header: a removed line starting with dashes\n"
	"\\ No newline at end of file\n"
	"diff --git a/b.bin b/b.bin\n"
	"Binary files a/b.bin and b/b.bin differ\n";

static void diff_classify(void **state)
{
	(void)state;
	static const lw_rkind want[] = { RK_STAT, RK_STAT, RK_STAT, RK_FILE, RK_META, RK_META, RK_META, RK_HUNK,
	                                 RK_CONTEXT, RK_DEL, RK_ADD, RK_DEL, RK_META, RK_FILE, RK_META };
	/* Fed one byte at a time and all at once: the same lines. */
	for (int mode = 0; mode < 2; mode++) {
		got g;
		lw_rlines_init(&g.l);
		lw_splitter s;
		lw_splitter_init(&s);
		size_t n = strlen(diff_text);
		if (mode == 0)
			for (size_t i = 0; i < n; i++)
				lw_splitter_feed(&s, diff_text + i, 1, collect, &g);
		else
			lw_splitter_feed(&s, diff_text, n, collect, &g);
		lw_splitter_end(&s, collect, &g);
		assert_int_equal(g.l.n, sizeof want / sizeof *want);
		for (size_t i = 0; i < g.l.n; i++)
			if (g.l.v[i].kind != want[i])
				fail_msg("line %zu '%s': kind %d, want %d", i, lw_rlines_at(&g.l, i), g.l.v[i].kind, want[i]);
		assert_string_equal(lw_rlines_at(&g.l, 9), "-old");
		assert_string_equal(lw_rlines_at(&g.l, 2), "");
		lw_splitter_free(&s);
		lw_rlines_free(&g.l);
	}
}

static void splitter_bounds(void **state)
{
	(void)state;
	got g;
	lw_rlines_init(&g.l);
	lw_splitter s;
	lw_splitter_init(&s);
	/* A line far longer than the cap is kept to the cap, marked. */
	size_t big = LW_DIFF_LINE_MAX * 3;
	char *buf = malloc(big + 8);
	memset(buf, 'x', big);
	memcpy(buf + big, "\nlast", 5);
	lw_splitter_feed(&s, buf, big / 2, collect, &g);
	lw_splitter_feed(&s, buf + big / 2, big + 5 - big / 2, collect, &g);
	lw_splitter_end(&s, collect, &g);   /* "last" has no newline: still a line */
	assert_int_equal(g.l.n, 2);
	assert_int_equal(g.l.v[0].len, LW_DIFF_LINE_MAX + 6);
	assert_string_equal(lw_rlines_at(&g.l, 0) + LW_DIFF_LINE_MAX, " [...]");
	assert_string_equal(lw_rlines_at(&g.l, 1), "last");
	lw_splitter_free(&s);
	lw_rlines_free(&g.l);
	free(buf);

	/* max_lines: exactly that many lines pass; one more sets full. */
	lw_rlines_init(&g.l);
	lw_splitter_init(&s);
	s.max_lines = 3;
	lw_splitter_feed(&s, "a\nb\nc\n", 6, collect, &g);
	assert_false(s.full);
	lw_splitter_feed(&s, "d\ne\n", 4, collect, &g);
	assert_true(s.full);
	assert_int_equal(g.l.n, 3);
	lw_splitter_free(&s);
	lw_rlines_free(&g.l);
}

/* The stat counted from a patch reads as git's --stat. */
static void diffstat(void **state)
{
	(void)state;
	static const char patch[] =
		"diff --git a/README.md b/README.md\n"
		"index 1..2 100644\n"
		"--- a/README.md\n"
		"+++ b/README.md\n"
		"@@ -1 +1,2 @@\n"
		" hello\n"
		"+more\n"
		"diff --git a/src/main.c b/src/main.c\n"
		"--- a/src/main.c\n"
		"+++ b/src/main.c\n"
		"@@ -1 +1 @@\n"
		"-old\n"
		"+new\n"
		"--- a line removed that looks like a header\n"
		"diff --git a/old name b/new name\n"
		"similarity index 100%\n"
		"rename from old name\n"
		"rename to new name\n"
		"diff --git a/b.bin b/b.bin\n"
		"new file mode 100644\n"
		"Binary files /dev/null and b/b.bin differ\n";
	lw_splitter sp;
	lw_splitter_init(&sp);
	got g;
	lw_rlines_init(&g.l);
	lw_splitter_feed(&sp, patch, strlen(patch), collect, &g);
	lw_diffstat st;
	lw_diffstat_init(&st);
	for (size_t i = 0; i < g.l.n; i++)
		lw_diffstat_line(&st, (lw_rkind)g.l.v[i].kind, lw_rlines_at(&g.l, i), g.l.v[i].len);
	lw_rlines out;
	lw_rlines_init(&out);
	lw_diffstat_render(&st, &out);
	static const char *const want[] = {
		" README.md            |   1 +",
		" src/main.c           |   3 +--",
		" old name => new name |   0",
		" b.bin                | Bin",
		" 4 files changed, 2 insertions(+), 2 deletions(-)",
		"",
	};
	assert_int_equal(out.n, sizeof want / sizeof *want);
	for (size_t i = 0; i < out.n; i++)
		assert_string_equal(lw_rlines_at(&out, i), want[i]);
	lw_rlines_free(&out);
	lw_diffstat_free(&st);
	lw_rlines_free(&g.l);
	lw_splitter_free(&sp);

	/* Singulars, and a large change scaled to the graph's width with
	 * every side of a change still marked. */
	lw_diffstat_init(&st);
	lw_diffstat_line(&st, RK_FILE, "diff --git a/a b/a", 18);
	for (int i = 0; i < 500; i++)
		lw_diffstat_line(&st, RK_ADD, "+x", 2);
	lw_diffstat_line(&st, RK_FILE, "diff --git a/c b/c", 18);
	lw_diffstat_line(&st, RK_ADD, "+x", 2);
	lw_diffstat_line(&st, RK_DEL, "-x", 2);
	lw_rlines_init(&out);
	lw_diffstat_render(&st, &out);
	assert_int_equal(strlen(lw_rlines_at(&out, 0)), strlen(" a | 500 ") + 50);
	assert_string_equal(lw_rlines_at(&out, 1), " c |   2 +-");
	assert_string_equal(lw_rlines_at(&out, 2), " 2 files changed, 501 insertions(+), 1 deletion(-)");
	lw_rlines_free(&out);
	lw_diffstat_free(&st);
}

static void timeline_order(void **state)
{
	(void)state;
	lw_review rv;
	lw_review_init(&rv);
	time_t t0;
	assert_int_equal(lw_parse_time("2026-01-20T10:00:00Z", &t0), 0);
	lw_review_event(&rv, t0 + 600, "second");
	lw_review_event(&rv, LW_NO_TIME, "untimed");
	lw_review_event(&rv, t0, "first\nreason line two");
	lw_review_event(&rv, t0 + 600, "third (same time, later)");
	lw_rlines out;
	lw_rlines_init(&out);
	lw_review_timeline(&rv, t0 + 3600, &out);
	assert_int_equal(out.n, 5);
	assert_non_null(strstr(lw_rlines_at(&out, 0), "2026-01-20T10:00:00Z 1h00m ago"));
	assert_non_null(strstr(lw_rlines_at(&out, 0), "first"));
	assert_non_null(strstr(lw_rlines_at(&out, 1), "reason line two"));   /* in full */
	assert_non_null(strstr(lw_rlines_at(&out, 2), "50m ago    second"));
	assert_non_null(strstr(lw_rlines_at(&out, 3), "third"));
	assert_non_null(strstr(lw_rlines_at(&out, 4), "(no time)"));
	assert_non_null(strstr(lw_rlines_at(&out, 4), "untimed"));
	lw_rlines_free(&out);
	lw_review_free(&rv);
}

static void files_text_binary(void **state)
{
	(void)state;
	char root[512], p[600];
	snprintf(root, sizeof root, "%s/inside", proj);
	snprintf(p, sizeof p, "%s/f.txt", root);
	FILE *f = fopen(p, "w");
	fputs("evidence line 1\nline 2\n", f);
	fclose(f);
	snprintf(p, sizeof p, "%s/bin", root);
	f = fopen(p, "w");
	fwrite("\x7f" "ELF\0\0\1", 1, 7, f);
	fclose(f);
	lw_review rv;
	lw_review_init(&rv);
	assert_true(lw_review_file(&rv, root, "f.txt"));
	assert_true(lw_review_file(&rv, root, "bin"));
	assert_false(lw_review_file(&rv, root, "https://example.com/x"));
	assert_false(lw_review_file(&rv, root, "tests passed"));   /* prose, not a file */
	assert_true(lw_review_file(&rv, root, "../../etc/passwd"));   /* refused, said so */
	size_t n = rv.body.n;
	assert_int_equal(n, 5);
	assert_non_null(strstr(lw_rlines_at(&rv.body, 0), "f.txt (23 bytes)"));
	assert_string_equal(lw_rlines_at(&rv.body, 1), "evidence line 1");
	assert_string_equal(lw_rlines_at(&rv.body, 2), "line 2");
	assert_non_null(strstr(lw_rlines_at(&rv.body, 3), "binary file (7 bytes): not shown"));
	assert_non_null(strstr(lw_rlines_at(&rv.body, 4), "outside the project"));
	lw_review_free(&rv);
	/* Evidence that is a symlink to a file outside, or lies in a folder
	 * linked outside: refused, the file not shown. */
	snprintf(p, sizeof p, "%s/secret.txt", proj);
	f = fopen(p, "w");
	fputs("SECRET\n", f);
	fclose(f);
	snprintf(p, sizeof p, "%s/ev.txt", root);
	assert_int_equal(symlink("../secret.txt", p), 0);
	char viadir[600];
	snprintf(viadir, sizeof viadir, "out/%s/secret.txt", strrchr(proj, '/') + 1);   /* out -> /tmp */
	lw_review_init(&rv);
	assert_true(lw_review_file(&rv, root, "ev.txt"));
	assert_true(lw_review_file(&rv, root, viadir));
	assert_int_equal(rv.body.n, 2);
	for (size_t i = 0; i < 2; i++) {
		assert_non_null(strstr(lw_rlines_at(&rv.body, i), "outside the project"));
		assert_null(strstr(lw_rlines_at(&rv.body, i), "SECRET"));
	}
	lw_review_free(&rv);
	unlink(p);
	snprintf(p, sizeof p, "%s/secret.txt", proj);
	unlink(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(commit_ids),
		cmocka_unit_test_setup_teardown(paths, make_proj, rm_proj),
		cmocka_unit_test(diff_classify),
		cmocka_unit_test(splitter_bounds),
		cmocka_unit_test(diffstat),
		cmocka_unit_test(timeline_order),
		cmocka_unit_test_setup_teardown(files_text_binary, make_proj, rm_proj),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

/* test_store_root.c — the boundary primitive (core/store/store_root.c):
 * with a root entered, writes inside it work (through symlinks that stay
 * inside too), and every way out is refused before anything is made
 * outside: a symlinked file, a dangling link, a linked folder, "..", and
 * a folder swapped for a link between the check and the open (with
 * openat2 and with the O_NOFOLLOW walk that replaces it). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "core/store/store.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#ifdef __linux__
#include <sys/syscall.h>
#include <linux/openat2.h>
#endif

typedef struct fx {
	char top[64];
	char proj[96], out[96];
} fx;

static char P[PATH_MAX + 200];
static const char *at(const char *a, const char *b)
{
	snprintf(P, sizeof P, "%s/%s", a, b);
	return P;
}

static void put(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static size_t entries(const char *dir)
{
	DIR *d = opendir(dir);
	assert_non_null(d);
	size_t n = 0;
	struct dirent *e;
	while ((e = readdir(d)))
		n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
	closedir(d);
	return n;
}

static bool has_text(const char *path, const char *want)
{
	char buf[256] = "";
	FILE *f = fopen(path, "r");
	if (!f)
		return false;
	size_t n = fread(buf, 1, sizeof buf - 1, f);
	fclose(f);
	buf[n] = '\0';
	return strcmp(buf, want) == 0;
}

static int rm_entry(const char *p, const struct stat *st, int type, struct FTW *f)
{
	(void)st, (void)type, (void)f;
	remove(p);
	return 0;
}

static int setup(void **state)
{
	fx *x = calloc(1, sizeof *x);
	snprintf(x->top, sizeof x->top, "/tmp/lw-root-XXXXXX");
	if (!x || !mkdtemp(x->top))
		return -1;
	snprintf(x->proj, sizeof x->proj, "%s/proj", x->top);
	snprintf(x->out, sizeof x->out, "%s/out", x->top);
	if (mkdir(x->proj, 0755) || mkdir(x->out, 0755))
		return -1;
	put(at(x->out, "keep.yaml"), "outside: 1\n");
	*state = x;
	return 0;
}

static int teardown(void **state)
{
	fx *x = *state;
	store_root_leave();
	store_set_ops(NULL);
	nftw(x->top, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
	free(x);
	return 0;
}

static void enter(const fx *x)
{
	lw_error err;
	lw_error_clear(&err);
	assert_int_equal(store_root_enter(x->proj, &err), STORE_OK);
	assert_string_equal(store_root(), x->proj);
}

static void expect_refused(int rc, const lw_error *err, const char *names)
{
	assert_int_equal(rc, STORE_ERR);
	assert_true(err->set);
	if (!strstr(err->msg, "outside the project") || (names && !strstr(err->msg, names)))
		fail_msg("message: %s", err->msg);
}

static void inside_is_written(void **state)
{
	fx *x = *state;
	enter(x);
	lw_error err;
	lw_error_clear(&err);
	char f[200], sub[200], link[200];
	snprintf(f, sizeof f, "%s", at(x->proj, "state.yaml"));
	assert_int_equal(store_write_atomic(f, "a: 1\n", 5, &err), STORE_OK);
	assert_true(has_text(f, "a: 1\n"));
	/* A link that stays inside: written through, the link kept. */
	snprintf(sub, sizeof sub, "%s", at(x->proj, "sub"));
	assert_int_equal(mkdir(sub, 0755), 0);
	put(at(sub, "real.yaml"), "b: 1\n");
	snprintf(link, sizeof link, "%s", at(x->proj, "link.yaml"));
	assert_int_equal(symlink("sub/real.yaml", link), 0);
	assert_int_equal(store_write_atomic(link, "b: 2\n", 5, &err), STORE_OK);
	assert_true(has_text(at(sub, "real.yaml"), "b: 2\n"));
	struct stat st;
	assert_int_equal(lstat(link, &st), 0);
	assert_true(S_ISLNK(st.st_mode));
	store_lock l;
	assert_int_equal(store_lock_acquire(&l, at(x->proj, "state.yaml.lock"), 100, &err), STORE_OK);
	store_lock_release(&l);
	assert_int_equal(store_touch_marker(at(x->proj, "PAUSE"), &err), STORE_OK);
	assert_int_equal(store_remove_marker(at(x->proj, "PAUSE"), &err), STORE_OK);
	assert_int_equal(store_append(f, "c: 1\n", 5, true, NULL, &err), STORE_OK);
	assert_true(has_text(f, "a: 1\nc: 1\n"));
}

static void symlink_out_is_refused(void **state)
{
	fx *x = *state;
	char link[200];
	snprintf(link, sizeof link, "%s", at(x->proj, "state.yaml"));
	assert_int_equal(symlink(at(x->out, "keep.yaml"), link), 0);
	enter(x);
	lw_error err;
	lw_error_clear(&err);
	expect_refused(store_write_atomic(link, "x: 1\n", 5, &err), &err, "is a symlink to");
	assert_non_null(strstr(err.msg, x->out));
	lw_error_clear(&err);
	expect_refused(store_append(link, "x: 1\n", 5, true, NULL, &err), &err, NULL);
	assert_true(has_text(at(x->out, "keep.yaml"), "outside: 1\n"));
	assert_int_equal(entries(x->out), 1);   /* no temp made beside it */
}

static void dangling_link_out_is_not_created(void **state)
{
	fx *x = *state;
	char lock[200], target[200];
	snprintf(lock, sizeof lock, "%s", at(x->proj, "state.yaml.lock"));
	snprintf(target, sizeof target, "%s", at(x->out, "new.lock"));
	assert_int_equal(symlink(target, lock), 0);
	enter(x);
	lw_error err;
	lw_error_clear(&err);
	store_lock l = { .fd = -1 };
	expect_refused(store_lock_acquire(&l, lock, 100, &err), &err, "state.yaml.lock is a symlink to");
	assert_int_equal(access(target, F_OK), -1);
	/* A dangling state link: no first write there either. */
	char st[200];
	snprintf(st, sizeof st, "%s", at(x->proj, "state.yaml"));
	assert_int_equal(symlink(at(x->out, "new.yaml"), st), 0);
	lw_error_clear(&err);
	expect_refused(store_write_atomic(st, "x: 1\n", 5, &err), &err, NULL);
	assert_int_equal(entries(x->out), 1);
}

static void linked_folder_is_refused(void **state)
{
	fx *x = *state;
	char d[200];
	snprintf(d, sizeof d, "%s", at(x->proj, ".liza"));
	assert_int_equal(symlink(x->out, d), 0);
	put(at(x->out, "PAUSE"), "");
	enter(x);
	lw_error err;
	lw_error_clear(&err);
	char m[300];
	snprintf(m, sizeof m, "%s/ABORT", d);
	expect_refused(store_touch_marker(m, &err), &err, ".liza is a symlink to");
	snprintf(m, sizeof m, "%s/PAUSE", d);
	lw_error_clear(&err);
	expect_refused(store_remove_marker(m, &err), &err, NULL);
	assert_int_equal(access(at(x->out, "PAUSE"), F_OK), 0);   /* not removed */
	snprintf(m, sizeof m, "%s/.state.yaml.1.lw-abcdef", d);
	put(at(x->out, ".state.yaml.1.lw-abcdef"), "");
	assert_int_equal(store_unlink(m), -1);
	assert_int_equal(errno, EXDEV);
	assert_int_equal(entries(x->out), 3);
}

static void dotdot_is_refused(void **state)
{
	fx *x = *state;
	enter(x);
	lw_error err;
	lw_error_clear(&err);
	char f[300];
	snprintf(f, sizeof f, "%s/../out/new.yaml", x->proj);
	expect_refused(store_write_atomic(f, "x: 1\n", 5, &err), &err, "resolves to");
	/* …and a relative link that climbs out. */
	assert_int_equal(symlink("../out/keep.yaml", at(x->proj, "up.yaml")), 0);
	lw_error_clear(&err);
	expect_refused(store_write_atomic(at(x->proj, "up.yaml"), "x: 1\n", 5, &err), &err, "up.yaml is a symlink to ../out/keep.yaml");
	assert_int_equal(entries(x->out), 1);
	assert_true(has_text(at(x->out, "keep.yaml"), "outside: 1\n"));
}

/* Race: the path checks out, then the folder is swapped for a link out
 * just before the open. The open itself must refuse it. */
static const char *swap_dir, *swap_to;
static bool swapped, with_fallback;
static void do_swap(void)
{
	if (swapped)
		return;
	swapped = true;
	char aside[300];
	snprintf(aside, sizeof aside, "%s.aside", swap_dir);
	assert_int_equal(rename(swap_dir, aside), 0);
	assert_int_equal(symlink(swap_to, swap_dir), 0);
}
static int racing_openat2(int dfd, const char *path, int flags, unsigned long long resolve)
{
	do_swap();
	if (with_fallback) {
		errno = ENOSYS;
		return -1;
	}
#ifdef __linux__
	struct open_how how = { .flags = (unsigned long long)flags, .resolve = resolve };
	return (int)syscall(SYS_openat2, dfd, path, &how, sizeof how);
#else
	(void)dfd, (void)path, (void)flags, (void)resolve;
	errno = ENOSYS;   /* unreached: the test is skipped */
	return -1;
#endif
}

static void race(fx *x, bool fallback)
{
	char sub[200], f[300];
	snprintf(sub, sizeof sub, "%s", at(x->proj, "sub"));
	assert_int_equal(mkdir(sub, 0755), 0);
	snprintf(f, sizeof f, "%s/state.yaml", sub);
	put(f, "in: 1\n");
	swap_dir = sub;
	swap_to = x->out;
	swapped = false;
	with_fallback = fallback;
	struct store_ops ops = { .openat2 = racing_openat2 };
	enter(x);
	store_set_ops(&ops);
	lw_error err;
	lw_error_clear(&err);
	int rc = store_write_atomic(f, "x: 1\n", 5, &err);
	store_set_ops(NULL);
	assert_true(swapped);
	expect_refused(rc, &err, NULL);
	assert_int_equal(entries(x->out), 1);
	assert_true(has_text(at(x->out, "keep.yaml"), "outside: 1\n"));
}

/* openat2 is Linux's; elsewhere the walk below is the only path. */
static void race_with_openat2(void **state)
{
#ifdef __linux__
	race(*state, false);
#else
	(void)state;
	print_message("race_with_openat2: skipped, no openat2 on this system\n");
	skip();
#endif
}
static void race_with_the_walk(void **state) { race(*state, true); }

static int no_openat2(int dfd, const char *path, int flags, unsigned long long resolve)
{
	(void)dfd, (void)path, (void)flags, (void)resolve;
	errno = ENOSYS;
	return -1;
}

/* A kernel without openat2: the walk confines the same way. */
static void fallback_walk(void **state)
{
	fx *x = *state;
	struct store_ops ops = { .openat2 = no_openat2 };
	store_set_ops(&ops);
	enter(x);
	lw_error err;
	lw_error_clear(&err);
	assert_int_equal(mkdir(at(x->proj, "a"), 0755), 0);
	assert_int_equal(mkdir(at(x->proj, "a/b"), 0755), 0);
	assert_int_equal(store_write_atomic(at(x->proj, "a/b/s.yaml"), "x: 1\n", 5, &err), STORE_OK);
	assert_true(has_text(at(x->proj, "a/b/s.yaml"), "x: 1\n"));
	assert_int_equal(symlink(x->out, at(x->proj, "a/out")), 0);
	expect_refused(store_write_atomic(at(x->proj, "a/out/s.yaml"), "x: 1\n", 5, &err), &err, "a/out is a symlink to");
	assert_int_equal(entries(x->out), 1);
}

/* No root entered (the status cache, a metrics file): not confined. */
static void no_root_no_boundary(void **state)
{
	fx *x = *state;
	store_root_leave();
	assert_null(store_root());
	char link[200];
	snprintf(link, sizeof link, "%s", at(x->proj, "s.yaml"));
	assert_int_equal(symlink(at(x->out, "keep.yaml"), link), 0);
	lw_error err;
	lw_error_clear(&err);
	assert_int_equal(store_write_atomic(link, "mine: 1\n", 8, &err), STORE_OK);
	assert_true(has_text(at(x->out, "keep.yaml"), "mine: 1\n"));
}

#define TEST(f) cmocka_unit_test_setup_teardown(f, setup, teardown)
int main(void)
{
	const struct CMUnitTest tests[] = {
		TEST(inside_is_written),
		TEST(symlink_out_is_refused),
		TEST(dangling_link_out_is_not_created),
		TEST(linked_folder_is_refused),
		TEST(dotdot_is_refused),
		TEST(race_with_openat2),
		TEST(race_with_the_walk),
		TEST(fallback_walk),
		TEST(no_root_no_boundary),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

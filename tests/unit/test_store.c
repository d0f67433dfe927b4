/* test_store.c — the store's contract: exact bytes, kept modes, symlinks kept,
 * every failure leaves the original untouched with no temp file behind, the
 * lock excludes other writers (ours and flock(1)'s) and times out cleanly. */
/* make valgrind: run under memcheck */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "core/store/store.h"
#include "core/txn/txn.h"
#include "platform/platform.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>

/* ---- fixture: a fresh directory per test --------------------------------- */

typedef struct fx {
	char dir[64];
	char file[128];    /* dir/state.yaml, not created */
	char lock[160];    /* dir/state.yaml.lock */
} fx;

static int chmod_dirs(const char *p, const struct stat *st, int type, struct FTW *f)
{
	(void)st; (void)f;
	if (type == FTW_D)
		chmod(p, 0700);   /* tests make some directories read-only */
	return 0;
}

static int remove_entry(const char *p, const struct stat *st, int type, struct FTW *f)
{
	(void)st; (void)type; (void)f;
	remove(p);
	return 0;
}

static int setup(void **state)
{
	fx *x = calloc(1, sizeof *x);
	if (!x)
		return -1;
	snprintf(x->dir, sizeof x->dir, "/tmp/lw-store-XXXXXX");
	if (!mkdtemp(x->dir)) {
		free(x);
		return -1;
	}
	snprintf(x->file, sizeof x->file, "%s/state.yaml", x->dir);
	snprintf(x->lock, sizeof x->lock, "%s/state.yaml.lock", x->dir);
	*state = x;
	return 0;
}

static int teardown(void **state)
{
	fx *x = *state;
	store_set_ops(NULL);
	nftw(x->dir, chmod_dirs, 16, FTW_PHYS);
	nftw(x->dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
	free(x);
	return 0;
}

#define TEST(f) cmocka_unit_test_setup_teardown(f, setup, teardown)

/* ---- helpers ------------------------------------------------------------- */

static void put_file(const char *path, const char *data, size_t len, mode_t mode)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, data, len), (ssize_t)len);
	assert_int_equal(fchmod(fd, mode), 0);
	close(fd);
}

/* The file's bytes, malloc'd, NUL-terminated; NULL if missing. */
static char *get_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	char *buf = NULL;
	size_t n = 0, cap = 0;
	int c;
	while ((c = fgetc(f)) != EOF) {
		if (n + 2 > cap) {
			cap = cap ? cap * 2 : 256;
			buf = realloc(buf, cap);
			assert_non_null(buf);
		}
		buf[n++] = (char)c;
	}
	fclose(f);
	if (!buf)
		buf = calloc(1, 1);
	buf[n] = '\0';
	if (len)
		*len = n;
	return buf;
}

static void assert_file_is(const char *path, const char *data, size_t len)
{
	size_t n;
	char *got = get_file(path, &n);
	assert_non_null(got);
	assert_int_equal(n, len);
	assert_memory_equal(got, data, len);
	free(got);
}

static mode_t mode_of(const char *path)
{
	struct stat st;
	assert_int_equal(stat(path, &st), 0);
	return st.st_mode & 07777;
}

/* Entries in dir besides "." and ".."; a leftover temp file shows up here. */
static int count_entries(const char *dir)
{
	DIR *d = opendir(dir);
	assert_non_null(d);
	int n = 0;
	struct dirent *e;
	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			n++;
	closedir(d);
	return n;
}

#define assert_err_has(e, needle) do { \
	char b_[1200]; \
	lw_error_format((e), b_, sizeof b_); \
	if (!(e)->set || !strstr(b_, (needle))) \
		fail_msg("error \"%s\" lacks \"%s\"", b_, (needle)); \
} while (0)

static long long now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void sleep_ms(int ms)
{
	struct timespec ts = { ms / 1000, (long)(ms % 1000) * 1000000L };
	nanosleep(&ts, NULL);
}

static void join_path(char *out, size_t n, const char *dir, const char *name)
{
	snprintf(out, n, "%s/%s", dir, name);
}

/* ---- fault injection through the seam -------------------------------------- */

static int fault_calls;
static int fault_errno;
static char last_template[PATH_MAX + 300];

static ssize_t write_short_then_fail(int fd, const void *buf, size_t n)
{
	if (fault_calls++ == 0)
		return write(fd, buf, n > 5 ? 5 : n);
	errno = EIO;
	return -1;
}
static ssize_t write_fail(int fd, const void *buf, size_t n)
{
	(void)fd; (void)buf; (void)n;
	errno = fault_errno;
	return -1;
}
static ssize_t write_no_progress(int fd, const void *buf, size_t n)
{
	(void)fd; (void)buf; (void)n;
	fault_calls++;
	return 0;
}
static ssize_t write_eintr_then_dribble(int fd, const void *buf, size_t n)
{
	if (fault_calls++ % 2 == 0) {
		errno = EINTR;
		return -1;
	}
	return write(fd, buf, n > 3 ? 3 : n);
}
static int fsync_fail(int fd) { (void)fd; errno = fault_errno; return -1; }
static int close_fail(int fd) { close(fd); errno = fault_errno; return -1; }
static int fchmod_fail(int fd, mode_t m) { (void)fd; (void)m; errno = fault_errno; return -1; }
static int rename_fail(int d, const char *a, const char *b) { (void)d; (void)a; (void)b; errno = fault_errno; return -1; }
static int mkostemp_fail(int d, char *t, int f) { (void)d; (void)t; (void)f; errno = fault_errno; return -1; }
/* The temp's full path: its folder (from the descriptor: fchdir there and
 * ask, which every system answers, /proc or not) and its name. */
static int mkostemp_record(int d, char *t, int f)
{
	char dir[PATH_MAX] = "";
	int here = open(".", O_RDONLY | O_DIRECTORY);
	if (here >= 0 && fchdir(d) == 0 && !getcwd(dir, sizeof dir))
		dir[0] = '\0';
	if (here >= 0) {
		if (fchdir(here) != 0)
			dir[0] = '\0';
		close(here);
	}
	static unsigned seq;
	size_t n = strlen(t);
	int fd = -1;
	for (int i = 0; i < 100 && fd < 0; i++) {
		snprintf(t + n - 6, 7, "%06u", (seq++ * 7919u + (unsigned)getpid()) % 1000000u);
		fd = openat(d, t, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | f, 0600);
		if (fd < 0 && errno != EEXIST)
			break;
	}
	snprintf(last_template, sizeof last_template, "%s/%s", dir, t);
	return fd;
}
static int open_fail(int d, const char *p, int f, mode_t m) { (void)d; (void)p; (void)f; (void)m; errno = fault_errno; return -1; }
static ssize_t read_fail(int fd, void *b, size_t n) { (void)fd; (void)b; (void)n; errno = fault_errno; return -1; }

static const char ORIGINAL[] = "# original\ntasks:\n  - id: task-1\n    status: CLAIMED\n";
static const char REPLACEMENT[] = "# replacement, longer than the original so a short write shows\n"
                                  "tasks:\n  - id: task-1\n    status: APPROVED\n";

/* Install ops, try to replace ORIGINAL (mode 0640), and check that the failure
 * changed nothing: same bytes, same mode, no temp file, error names the path
 * and the cause. */
static void expect_write_fails_cleanly(fx *x, const struct store_ops *ops, const char *cause)
{
	put_file(x->file, ORIGINAL, sizeof ORIGINAL - 1, 0640);
	store_set_ops(ops);
	lw_error err;
	lw_error_clear(&err);
	int rc = store_write_atomic(x->file, REPLACEMENT, sizeof REPLACEMENT - 1, &err);
	store_set_ops(NULL);
	assert_int_equal(rc, STORE_ERR);
	assert_file_is(x->file, ORIGINAL, sizeof ORIGINAL - 1);
	assert_int_equal(mode_of(x->file), 0640);
	assert_int_equal(count_entries(x->dir), 1);
	assert_err_has(&err, x->file);
	assert_err_has(&err, cause);
}

/* ---- atomic replace -------------------------------------------------------- */

static void write_exact_bytes_keeps_mode(void **state)
{
	fx *x = *state;
	put_file(x->file, ORIGINAL, sizeof ORIGINAL - 1, 0600);
	static const char bin[] = "a: 1\n\0b: \xff\xfe\n";   /* NULs and high bytes too */
	lw_error err;
	lw_error_clear(&err);
	assert_int_equal(store_write_atomic(x->file, bin, sizeof bin - 1, &err), STORE_OK);
	assert_false(err.set);
	assert_file_is(x->file, bin, sizeof bin - 1);
	assert_int_equal(mode_of(x->file), 0600);
	assert_int_equal(count_entries(x->dir), 1);

	/* Shorter content: no tail of the old bytes survives. */
	assert_int_equal(store_write_atomic(x->file, "x\n", 2, &err), STORE_OK);
	assert_file_is(x->file, "x\n", 2);
	assert_int_equal(store_write_atomic(x->file, "", 0, &err), STORE_OK);
	assert_file_is(x->file, "", 0);
	assert_int_equal(mode_of(x->file), 0600);
}

static void write_keeps_unusual_mode(void **state)
{
	fx *x = *state;
	put_file(x->file, ORIGINAL, sizeof ORIGINAL - 1, 0664);
	lw_error err;
	lw_error_clear(&err);
	assert_int_equal(store_write_atomic(x->file, "a\n", 2, &err), STORE_OK);
	assert_int_equal(mode_of(x->file), 0664);
}

static void write_new_file_gets_0644(void **state)
{
	fx *x = *state;
	mode_t old = umask(077);   /* the mode must not depend on the caller's umask */
	lw_error err;
	lw_error_clear(&err);
	int rc = store_write_atomic(x->file, "new: true\n", 10, &err);
	umask(old);
	assert_int_equal(rc, STORE_OK);
	assert_file_is(x->file, "new: true\n", 10);
	assert_int_equal(mode_of(x->file), 0644);
	assert_int_equal(count_entries(x->dir), 1);
}

static void write_through_symlink_keeps_link(void **state)
{
	fx *x = *state;
	char real[256], link[256];
	join_path(real, sizeof real, x->dir, "real.yaml");
	join_path(link, sizeof link, x->dir, "link.yaml");
	put_file(real, ORIGINAL, sizeof ORIGINAL - 1, 0600);
	assert_int_equal(symlink("real.yaml", link), 0);

	lw_error err;
	lw_error_clear(&err);
	assert_int_equal(store_write_atomic(link, "via: link\n", 10, &err), STORE_OK);
	struct stat st;
	assert_int_equal(lstat(link, &st), 0);
	assert_true(S_ISLNK(st.st_mode));
	char target[64] = "";
	assert_int_equal(readlink(link, target, sizeof target - 1), 9);
	assert_string_equal(target, "real.yaml");
	assert_file_is(real, "via: link\n", 10);
	assert_int_equal(mode_of(real), 0600);
	assert_int_equal(count_entries(x->dir), 2);
}

/* A link in one directory to a file in another: the temp file must be made
 * beside the target (same filesystem for rename), not beside the link. */
static void write_through_symlink_to_other_dir(void **state)
{
	fx *x = *state;
	char a[256], b[256], real[300], link[300], tdir[PATH_MAX];
	join_path(a, sizeof a, x->dir, "a");
	join_path(b, sizeof b, x->dir, "b");
	assert_int_equal(mkdir(a, 0755), 0);
	assert_int_equal(mkdir(b, 0755), 0);
	join_path(real, sizeof real, b, "state.yaml");
	join_path(link, sizeof link, a, "state.yaml");
	put_file(real, ORIGINAL, sizeof ORIGINAL - 1, 0644);
	assert_int_equal(symlink("../b/state.yaml", link), 0);

	struct store_ops ops = { .mkostemp = mkostemp_record };
	store_set_ops(&ops);
	lw_error err;
	lw_error_clear(&err);
	assert_int_equal(store_write_atomic(link, "x: 1\n", 5, &err), STORE_OK);
	store_set_ops(NULL);
	assert_file_is(real, "x: 1\n", 5);
	struct stat st;
	assert_int_equal(lstat(link, &st), 0);
	assert_true(S_ISLNK(st.st_mode));

	assert_non_null(realpath(b, tdir));
	char *slash = strrchr(last_template, '/');
	assert_non_null(slash);
	*slash = '\0';
	assert_string_equal(last_template, tdir);
	assert_true(store_is_temp_name(slash + 1));
	assert_int_equal(count_entries(a), 1);
	assert_int_equal(count_entries(b), 1);
}

static void write_through_dangling_symlink(void **state)
{
	fx *x = *state;
	char real[256], link[256];
	join_path(real, sizeof real, x->dir, "later.yaml");
	join_path(link, sizeof link, x->dir, "link.yaml");
	assert_int_equal(symlink("later.yaml", link), 0);
	lw_error err;
	lw_error_clear(&err);
	assert_int_equal(store_write_atomic(link, "x: 1\n", 5, &err), STORE_OK);
	struct stat st;
	assert_int_equal(lstat(link, &st), 0);
	assert_true(S_ISLNK(st.st_mode));
	assert_file_is(real, "x: 1\n", 5);
	assert_int_equal(mode_of(real), 0644);
}

static void write_refuses_directory_and_missing_dir(void **state)
{
	fx *x = *state;
	lw_error err;
	lw_error_clear(&err);
	assert_int_equal(mkdir(x->file, 0755), 0);
	assert_int_equal(store_write_atomic(x->file, "x", 1, &err), STORE_ERR);
	assert_err_has(&err, x->file);
	assert_err_has(&err, "not a regular file");

	char missing[256];
	join_path(missing, sizeof missing, x->dir, "nodir/state.yaml");
	lw_error_clear(&err);
	assert_int_equal(store_write_atomic(missing, "x", 1, &err), STORE_ERR);
	assert_err_has(&err, "No such file or directory");
	assert_int_equal(count_entries(x->dir), 1);
}

static void write_loops_on_eintr_and_short_writes(void **state)
{
	fx *x = *state;
	put_file(x->file, ORIGINAL, sizeof ORIGINAL - 1, 0644);
	fault_calls = 0;
	struct store_ops ops = { .write = write_eintr_then_dribble };
	store_set_ops(&ops);
	lw_error err;
	lw_error_clear(&err);
	int rc = store_write_atomic(x->file, REPLACEMENT, sizeof REPLACEMENT - 1, &err);
	store_set_ops(NULL);
	assert_int_equal(rc, STORE_OK);
	assert_file_is(x->file, REPLACEMENT, sizeof REPLACEMENT - 1);
	assert_true(fault_calls > 20);
}

static void write_fault_short_then_fail(void **state)
{
	fault_calls = 0;
	struct store_ops ops = { .write = write_short_then_fail };
	expect_write_fails_cleanly(*state, &ops, strerror(EIO));
}

static void write_fault_enospc(void **state)
{
	fault_errno = ENOSPC;
	struct store_ops ops = { .write = write_fail };
	expect_write_fails_cleanly(*state, &ops, "No space left on device");
}

static void write_fault_no_progress(void **state)
{
	fault_calls = 0;
	struct store_ops ops = { .write = write_no_progress };
	expect_write_fails_cleanly(*state, &ops, "No space left on device");
	assert_int_equal(fault_calls, 1);   /* gave up, did not spin */
}

static void write_fault_fsync(void **state)
{
	fault_errno = EIO;
	struct store_ops ops = { .fsync = fsync_fail };
	expect_write_fails_cleanly(*state, &ops, "fsync");
	fault_errno = EIO;
	expect_write_fails_cleanly(*state, &ops, strerror(EIO));
}

static void write_fault_close(void **state)
{
	fault_errno = EIO;
	struct store_ops ops = { .close = close_fail };
	expect_write_fails_cleanly(*state, &ops, strerror(EIO));
}

static void write_fault_rename(void **state)
{
	fault_errno = EBUSY;
	struct store_ops ops = { .rename = rename_fail };
	expect_write_fails_cleanly(*state, &ops, strerror(EBUSY));
}

static void write_fault_fchmod(void **state)
{
	fault_errno = EPERM;
	struct store_ops ops = { .fchmod = fchmod_fail };
	expect_write_fails_cleanly(*state, &ops, strerror(EPERM));
}

static void write_fault_mkostemp_eacces(void **state)
{
	fault_errno = EACCES;
	struct store_ops ops = { .mkostemp = mkostemp_fail };
	expect_write_fails_cleanly(*state, &ops, "Permission denied");
}

/* The real thing, where permissions apply (root bypasses them: the seam test
 * above covers EACCES there). */
static void write_readonly_dir_real(void **state)
{
	if (geteuid() == 0)
		skip();
	fx *x = *state;
	put_file(x->file, ORIGINAL, sizeof ORIGINAL - 1, 0644);
	assert_int_equal(chmod(x->dir, 0555), 0);
	lw_error err;
	lw_error_clear(&err);
	int rc = store_write_atomic(x->file, "x", 1, &err);
	chmod(x->dir, 0700);
	assert_int_equal(rc, STORE_ERR);
	assert_err_has(&err, "Permission denied");
	assert_file_is(x->file, ORIGINAL, sizeof ORIGINAL - 1);
	assert_int_equal(count_entries(x->dir), 1);
}

static void temp_names_recognised(void **state)
{
	(void)state;
	assert_true(store_is_temp_name(".state.yaml.lw-AbC123"));
	assert_true(store_is_temp_name(".x.lw-000000"));
	assert_false(store_is_temp_name("state.yaml"));
	assert_false(store_is_temp_name(".state.yaml"));
	assert_false(store_is_temp_name(".state.yaml.swp"));
	assert_false(store_is_temp_name("state.yaml.lw-AbC123"));   /* not hidden */
	assert_false(store_is_temp_name(".lw-AbC123"));              /* no base */
	assert_false(store_is_temp_name(".state.yaml.lw-AbC12"));    /* 5 X's */
	assert_false(store_is_temp_name(".state.yaml.lw-Ab C12"));
	assert_false(store_is_temp_name(""));
}

static void temp_file_is_beside_target_with_temp_name(void **state)
{
	fx *x = *state;
	struct store_ops ops = { .mkostemp = mkostemp_record };
	store_set_ops(&ops);
	lw_error err;
	lw_error_clear(&err);
	assert_int_equal(store_write_atomic(x->file, "a", 1, &err), STORE_OK);
	store_set_ops(NULL);
	char *slash = strrchr(last_template, '/');
	assert_non_null(slash);
	assert_true(store_is_temp_name(slash + 1));
	/* ".state.yaml.<pid>.lw-XXXXXX": the pid tells a dead writer's leftover. */
	char want_prefix[64];
	snprintf(want_prefix, sizeof want_prefix, ".state.yaml.%ld.lw-", (long)getpid());
	assert_int_equal(strncmp(slash + 1, want_prefix, strlen(want_prefix)), 0);
	assert_int_equal(store_temp_pid(slash + 1), (long)getpid());
	*slash = '\0';
	char rdir[PATH_MAX];
	assert_non_null(realpath(x->dir, rdir));
	assert_string_equal(last_template, rdir);
}

/* ---- read ------------------------------------------------------------------ */

static void read_exact_bytes(void **state)
{
	fx *x = *state;
	static const char data[] = "k: v\n\0tail\n";
	put_file(x->file, data, sizeof data - 1, 0644);
	char *buf;
	size_t len;
	lw_error err;
	lw_error_clear(&err);
	assert_int_equal(store_read(x->file, 1024, &buf, &len, &err), STORE_OK);
	assert_int_equal(len, sizeof data - 1);
	assert_memory_equal(buf, data, len);
	assert_int_equal(buf[len], '\0');
	free(buf);

	put_file(x->file, "", 0, 0644);
	assert_int_equal(store_read(x->file, 1024, &buf, &len, &err), STORE_OK);
	assert_int_equal(len, 0);
	assert_string_equal(buf, "");
	free(buf);
}

static void read_missing_is_enoent(void **state)
{
	fx *x = *state;
	char *buf = (char *)1;
	size_t len = 7;
	lw_error err;
	lw_error_clear(&err);
	assert_int_equal(store_read(x->file, 1024, &buf, &len, &err), STORE_ENOENT);
	assert_null(buf);
	assert_int_equal(len, 0);
	assert_false(err.set);
}

static void read_size_limit(void **state)
{
	fx *x = *state;
	char data[100];
	memset(data, 'a', sizeof data);
	put_file(x->file, data, sizeof data, 0644);
	char *buf;
	size_t len;
	lw_error err;
	lw_error_clear(&err);
	assert_int_equal(store_read(x->file, 99, &buf, &len, &err), STORE_ERR);
	assert_null(buf);
	assert_err_has(&err, x->file);
	assert_err_has(&err, "larger than 99 bytes");
	lw_error_clear(&err);
	assert_int_equal(store_read(x->file, 100, &buf, &len, &err), STORE_OK);
	assert_int_equal(len, 100);
	free(buf);
}

static void read_directory(void **state)
{
	fx *x = *state;
	char *buf;
	size_t len;
	lw_error err;
	lw_error_clear(&err);
	assert_int_equal(store_read(x->dir, 1024, &buf, &len, &err), STORE_ERR);
	assert_null(buf);
	assert_err_has(&err, x->dir);
	assert_err_has(&err, "directory");
}

static void read_fifo_does_not_block(void **state)
{
	fx *x = *state;
	assert_int_equal(mkfifo(x->file, 0644), 0);
	char *buf;
	size_t len;
	lw_error err;
	lw_error_clear(&err);
	alarm(5);   /* a hang fails the test (SIGALRM) instead of the whole run */
	int rc = store_read(x->file, 1024, &buf, &len, &err);
	alarm(0);
	assert_int_equal(rc, STORE_ERR);
	assert_err_has(&err, x->file);
	assert_err_has(&err, "FIFO");
}

static void read_unreadable_real(void **state)
{
	if (geteuid() == 0)   /* root reads 0000 files; see the seam test below */
		skip();
	fx *x = *state;
	put_file(x->file, "secret", 6, 0000);
	char *buf;
	size_t len;
	lw_error err;
	lw_error_clear(&err);
	assert_int_equal(store_read(x->file, 1024, &buf, &len, &err), STORE_ERR);
	assert_err_has(&err, x->file);
	assert_err_has(&err, "Permission denied");
}

static void read_unreadable_seam(void **state)
{
	fx *x = *state;
	put_file(x->file, "secret", 6, 0644);
	fault_errno = EACCES;
	struct store_ops ops = { .open = open_fail };
	store_set_ops(&ops);
	char *buf;
	size_t len;
	lw_error err;
	lw_error_clear(&err);
	int rc = store_read(x->file, 1024, &buf, &len, &err);
	store_set_ops(NULL);
	assert_int_equal(rc, STORE_ERR);
	assert_null(buf);
	assert_err_has(&err, x->file);
	assert_err_has(&err, "Permission denied");
}

static void read_io_error(void **state)
{
	fx *x = *state;
	put_file(x->file, "data", 4, 0644);
	fault_errno = EIO;
	struct store_ops ops = { .read = read_fail };
	store_set_ops(&ops);
	char *buf;
	size_t len;
	lw_error err;
	lw_error_clear(&err);
	int rc = store_read(x->file, 1024, &buf, &len, &err);
	store_set_ops(NULL);
	assert_int_equal(rc, STORE_ERR);
	assert_null(buf);
	assert_err_has(&err, strerror(EIO));
}

/* ---- markers --------------------------------------------------------------- */

static void marker_touch_and_remove(void **state)
{
	fx *x = *state;
	char pause[256];
	join_path(pause, sizeof pause, x->dir, "PAUSE");
	lw_error err;
	lw_error_clear(&err);
	assert_int_equal(store_touch_marker(pause, &err), STORE_OK);
	assert_file_is(pause, "", 0);

	/* An existing marker is left alone: content and mtime (the pause's age). */
	put_file(pause, "why", 3, 0644);
	struct timespec old[2] = { { 1000000000, 0 }, { 1000000000, 0 } };
	assert_int_equal(utimensat(AT_FDCWD, pause, old, 0), 0);
	assert_int_equal(store_touch_marker(pause, &err), STORE_EXISTS);
	assert_false(err.set);
	assert_file_is(pause, "why", 3);
	struct stat st;
	assert_int_equal(stat(pause, &st), 0);
	assert_int_equal(st.st_mtim.tv_sec, 1000000000);

	assert_int_equal(store_remove_marker(pause, &err), STORE_OK);
	assert_int_equal(access(pause, F_OK), -1);
	assert_int_equal(store_remove_marker(pause, &err), STORE_ENOENT);
	assert_false(err.set);
}

static void marker_errors(void **state)
{
	fx *x = *state;
	char path[256];
	join_path(path, sizeof path, x->dir, "ABORT");
	assert_int_equal(mkdir(path, 0755), 0);
	lw_error err;
	lw_error_clear(&err);
	assert_int_equal(store_touch_marker(path, &err), STORE_ERR);
	assert_err_has(&err, path);
	lw_error_clear(&err);
	assert_int_equal(store_remove_marker(path, &err), STORE_ERR);
	assert_err_has(&err, path);
	struct stat st;
	assert_int_equal(stat(path, &st), 0);
	assert_true(S_ISDIR(st.st_mode));

	join_path(path, sizeof path, x->dir, "nodir/PAUSE");
	lw_error_clear(&err);
	assert_int_equal(store_touch_marker(path, &err), STORE_ERR);
	assert_err_has(&err, "No such file or directory");
}

/* ---- lock ------------------------------------------------------------------ */

typedef struct holder {
	pid_t pid;
	int release_fd;   /* close it to make the holder let go */
} holder;

/* A child process that takes flock(LOCK_EX) on path and keeps it until the
 * parent closes release_fd (hold_ms < 0) or for hold_ms. Returns once the
 * lock is held. */
static holder hold_lock(const char *path, int hold_ms)
{
	int ready[2], release[2];
	assert_int_equal(pipe(ready), 0);
	assert_int_equal(pipe(release), 0);
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		close(ready[0]);
		close(release[1]);
		int fd = open(path, O_RDONLY | O_CREAT, 0644);
		if (fd < 0 || flock(fd, LOCK_EX) != 0)
			_exit(1);
		if (write(ready[1], "r", 1) != 1)
			_exit(1);
		if (hold_ms >= 0) {
			sleep_ms(hold_ms);
		} else {
			char c;
			while (read(release[0], &c, 1) > 0)
				;
		}
		_exit(0);
	}
	close(ready[1]);
	close(release[0]);
	char c;
	assert_int_equal(read(ready[0], &c, 1), 1);
	close(ready[0]);
	return (holder){ pid, release[1] };
}

static void release_holder(holder h)
{
	close(h.release_fd);
	int status;
	assert_int_equal(waitpid(h.pid, &status, 0), h.pid);
	assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

static void lock_times_out(void **state)
{
	fx *x = *state;
	holder h = hold_lock(x->lock, -1);
	store_lock l;
	lw_error err;
	lw_error_clear(&err);
	long long t0 = now_ms();
	int rc = store_lock_acquire(&l, x->lock, 200, &err);
	long long dt = now_ms() - t0;
	release_holder(h);
	assert_int_equal(rc, STORE_ERR);
	assert_int_equal(l.fd, -1);
	assert_in_range(dt, 190, 1000);
	char msg[1200], want[400];
	/* A timeout, named as one, with the lock file and who holds it. */
	snprintf(want, sizeof want, "%s: timed out after 0.2 s waiting for the lock, held by ", x->lock);
	lw_error_format(&err, msg, sizeof msg);
	assert_int_equal(strncmp(msg, want, strlen(want)), 0);
#ifdef LW_HAVE_PROC
	assert_non_null(strstr(msg, "(pid "));
#else
	/* F_GETLK does not see a flock on Linux: the holder has no name. */
	assert_non_null(strstr(msg, "held by another process"));
#endif
	assert_null(strstr(msg, "denied"));

	/* Holder gone: the lock is free again. */
	lw_error_clear(&err);
	assert_int_equal(store_lock_acquire(&l, x->lock, 0, &err), STORE_OK);
	store_lock_release(&l);
	store_lock_release(&l);   /* idempotent */
}

static void lock_acquired_when_holder_releases(void **state)
{
	fx *x = *state;
	holder h = hold_lock(x->lock, 150);
	store_lock l;
	lw_error err;
	lw_error_clear(&err);
	long long t0 = now_ms();
	assert_int_equal(store_lock_acquire(&l, x->lock, 5000, &err), STORE_OK);
	long long dt = now_ms() - t0;
	assert_in_range(dt, 100, 2000);
	/* Close-on-exec, so a spawned editor or hook cannot keep our lock. */
	assert_true(fcntl(l.fd, F_GETFD) & FD_CLOEXEC);
	store_lock_release(&l);
	release_holder(h);
}

static void lock_excludes_within_process(void **state)
{
	fx *x = *state;
	store_lock a, b;
	lw_error err;
	lw_error_clear(&err);
	assert_int_equal(store_lock_acquire(&a, x->lock, 0, &err), STORE_OK);
	assert_int_equal(store_lock_acquire(&b, x->lock, 0, &err), STORE_ERR);
	store_lock_release(&a);
	lw_error_clear(&err);
	assert_int_equal(store_lock_acquire(&b, x->lock, 0, &err), STORE_OK);
	store_lock_release(&b);
	/* Created beside the data file; the data file itself is not created. */
	struct stat st;
	assert_int_equal(stat(x->lock, &st), 0);
	assert_true(S_ISREG(st.st_mode));
	assert_int_equal(access(x->file, F_OK), -1);
}

static const char *flock_tool(void)
{
	static const char *const cands[] = { "/usr/bin/flock", "/bin/flock", "/usr/local/bin/flock" };
	for (size_t i = 0; i < sizeof cands / sizeof cands[0]; i++)
		if (access(cands[i], X_OK) == 0)
			return cands[i];
	return NULL;
}

/* The same lock as the Liza scripts' `flock -x .liza/state.yaml.lock`. */
static void lock_interoperates_with_flock1(void **state)
{
	fx *x = *state;
	const char *tool = flock_tool();
	if (!tool)
		skip();

	/* flock(1) holds it: we wait. */
	int ready[2];
	assert_int_equal(pipe(ready), 0);
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		close(ready[0]);
		dup2(ready[1], 1);
		execl(tool, "flock", "-x", x->lock, "sh", "-c", "echo held; exec sleep 0.3", (char *)NULL);
		_exit(127);
	}
	close(ready[1]);
	char buf[8];
	assert_true(read(ready[0], buf, sizeof buf) > 0);
	close(ready[0]);
	store_lock l;
	lw_error err;
	lw_error_clear(&err);
	assert_int_equal(store_lock_acquire(&l, x->lock, 50, &err), STORE_ERR);
	lw_error_clear(&err);
	assert_int_equal(store_lock_acquire(&l, x->lock, 5000, &err), STORE_OK);
	int status;
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);

	/* We hold it: flock -n fails. */
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		execl(tool, "flock", "-x", "-n", x->lock, "true", (char *)NULL);
		_exit(127);
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 1);
	store_lock_release(&l);
}

/* ---- update ---------------------------------------------------------------- */

static int calls;

static int edit_append(const char *cur, size_t len, strbuf *out, void *ctx, lw_error *err)
{
	(void)err;
	calls++;
	if (cur)
		strbuf_add(out, cur, len);
	else
		strbuf_adds(out, "# created\n");
	strbuf_adds(out, (const char *)ctx);
	return 0;
}

static int edit_deny(const char *cur, size_t len, strbuf *out, void *ctx, lw_error *err)
{
	(void)cur; (void)len; (void)ctx;
	calls++;
	strbuf_adds(out, "must not be written\n");
	lw_error_set(err, "state.yaml", 4, 13, "task-1 is CLAIMED now, not READY_FOR_REVIEW");
	return 1;
}

static void update_edits_under_lock(void **state)
{
	fx *x = *state;
	put_file(x->file, ORIGINAL, sizeof ORIGINAL - 1, 0600);
	calls = 0;
	lw_error err;
	lw_error_clear(&err);
	assert_int_equal(txn_update(x->file, 1000, edit_append, "more: 1\n", &err), STORE_OK);
	assert_int_equal(calls, 1);
	char want[256];
	snprintf(want, sizeof want, "%smore: 1\n", ORIGINAL);
	assert_file_is(x->file, want, strlen(want));
	assert_int_equal(mode_of(x->file), 0600);
	assert_int_equal(count_entries(x->dir), 2);   /* file + lock file */

	/* The lock is free afterwards. */
	store_lock l;
	assert_int_equal(store_lock_acquire(&l, x->lock, 0, &err), STORE_OK);
	store_lock_release(&l);
}

static void update_creates_missing_file(void **state)
{
	fx *x = *state;
	calls = 0;
	lw_error err;
	lw_error_clear(&err);
	assert_int_equal(txn_update(x->file, 1000, edit_append, "a: 1\n", &err), STORE_OK);
	assert_file_is(x->file, "# created\na: 1\n", 15);
	assert_int_equal(mode_of(x->file), 0644);
}

static void update_denied_writes_nothing(void **state)
{
	fx *x = *state;
	put_file(x->file, ORIGINAL, sizeof ORIGINAL - 1, 0644);
	struct stat before, after;
	assert_int_equal(stat(x->file, &before), 0);
	calls = 0;
	lw_error err;
	lw_error_clear(&err);
	assert_int_equal(txn_update(x->file, 1000, edit_deny, NULL, &err), 1);
	assert_int_equal(calls, 1);
	assert_err_has(&err, "task-1 is CLAIMED now");
	assert_file_is(x->file, ORIGINAL, sizeof ORIGINAL - 1);
	assert_int_equal(stat(x->file, &after), 0);
	assert_int_equal(before.st_ino, after.st_ino);   /* not even replaced */
	assert_int_equal(count_entries(x->dir), 2);
	store_lock l;
	assert_int_equal(store_lock_acquire(&l, x->lock, 0, &err), STORE_OK);
	store_lock_release(&l);
}

static void update_lock_timeout_calls_no_edit(void **state)
{
	fx *x = *state;
	put_file(x->file, ORIGINAL, sizeof ORIGINAL - 1, 0644);
	holder h = hold_lock(x->lock, -1);
	calls = 0;
	lw_error err;
	lw_error_clear(&err);
	int rc = txn_update(x->file, 100, edit_append, "x: 1\n", &err);
	release_holder(h);
	assert_int_equal(rc, STORE_ERR);
	assert_int_equal(calls, 0);
	assert_err_has(&err, "timed out after 0.1 s waiting for the lock");
	assert_file_is(x->file, ORIGINAL, sizeof ORIGINAL - 1);
}

/* Others may flock the data file itself (some editors do); that is not our
 * lock and must not stop us. */
static void update_ignores_lock_on_data_file(void **state)
{
	fx *x = *state;
	put_file(x->file, ORIGINAL, sizeof ORIGINAL - 1, 0644);
	holder h = hold_lock(x->file, -1);
	lw_error err;
	lw_error_clear(&err);
	int rc = txn_update(x->file, 100, edit_append, "x: 1\n", &err);
	release_holder(h);
	assert_int_equal(rc, STORE_OK);
}

static void update_read_error_calls_no_edit(void **state)
{
	fx *x = *state;
	assert_int_equal(mkdir(x->file, 0755), 0);
	calls = 0;
	lw_error err;
	lw_error_clear(&err);
	assert_int_equal(txn_update(x->file, 100, edit_append, "x: 1\n", &err), STORE_ERR);
	assert_int_equal(calls, 0);
	assert_err_has(&err, "directory");
}

static void update_write_fault_keeps_original(void **state)
{
	fx *x = *state;
	put_file(x->file, ORIGINAL, sizeof ORIGINAL - 1, 0644);
	fault_errno = ENOSPC;
	struct store_ops ops = { .write = write_fail };
	store_set_ops(&ops);
	lw_error err;
	lw_error_clear(&err);
	int rc = txn_update(x->file, 100, edit_append, "x: 1\n", &err);
	store_set_ops(NULL);
	assert_int_equal(rc, STORE_ERR);
	assert_err_has(&err, "No space left on device");
	assert_file_is(x->file, ORIGINAL, sizeof ORIGINAL - 1);
	assert_int_equal(count_entries(x->dir), 2);
}

/* ---- concurrency: no lost update ------------------------------------------- */

#define WRITERS 8
#define ROUNDS  200

/* The file is lines "cN=COUNT"; bump writer N's count, keep the others. */
static int edit_bump(const char *cur, size_t len, strbuf *out, void *ctx, lw_error *err)
{
	(void)len; (void)err;
	int me = *(const int *)ctx;
	int count[WRITERS] = { 0 };
	for (const char *p = cur; p && *p;) {
		int id, v;
		if (sscanf(p, "c%d=%d", &id, &v) == 2 && id >= 0 && id < WRITERS)
			count[id] = v;
		const char *nl = strchr(p, '\n');
		p = nl ? nl + 1 : p + strlen(p);
	}
	count[me]++;
	for (int i = 0; i < WRITERS; i++)
		strbuf_printf(out, "c%d=%d\n", i, count[i]);
	return 0;
}

static void concurrent_updates_lose_nothing(void **state)
{
	fx *x = *state;
	pid_t pids[WRITERS];
	for (int i = 0; i < WRITERS; i++) {
		pids[i] = fork();
		assert_true(pids[i] >= 0);
		if (pids[i] == 0) {
			for (int r = 0; r < ROUNDS; r++) {
				lw_error err;
				lw_error_clear(&err);
				/* Generous: flock is not fair, and under load one writer may wait
				 * long for its turn; this test is about lost updates. */
				if (txn_update(x->file, 120000, edit_bump, &i, &err) != STORE_OK) {
					char msg[1200];
					fprintf(stderr, "writer %d: %s\n", i, lw_error_format(&err, msg, sizeof msg));
					_exit(1);
				}
			}
			_exit(0);
		}
	}
	int failed = 0;
	for (int i = 0; i < WRITERS; i++) {
		int status;
		assert_int_equal(waitpid(pids[i], &status, 0), pids[i]);
		if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
			failed++;
	}
	assert_int_equal(failed, 0);
	char *got = get_file(x->file, NULL);
	assert_non_null(got);
	strbuf want;
	strbuf_init(&want);
	for (int i = 0; i < WRITERS; i++)
		strbuf_printf(&want, "c%d=%d\n", i, ROUNDS);
	assert_string_equal(got, want.buf);
	strbuf_free(&want);
	free(got);
	assert_int_equal(count_entries(x->dir), 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		TEST(write_exact_bytes_keeps_mode),
		TEST(write_keeps_unusual_mode),
		TEST(write_new_file_gets_0644),
		TEST(write_through_symlink_keeps_link),
		TEST(write_through_symlink_to_other_dir),
		TEST(write_through_dangling_symlink),
		TEST(write_refuses_directory_and_missing_dir),
		TEST(write_loops_on_eintr_and_short_writes),
		TEST(write_fault_short_then_fail),
		TEST(write_fault_enospc),
		TEST(write_fault_no_progress),
		TEST(write_fault_fsync),
		TEST(write_fault_close),
		TEST(write_fault_rename),
		TEST(write_fault_fchmod),
		TEST(write_fault_mkostemp_eacces),
		TEST(write_readonly_dir_real),
		TEST(temp_names_recognised),
		TEST(temp_file_is_beside_target_with_temp_name),
		TEST(read_exact_bytes),
		TEST(read_missing_is_enoent),
		TEST(read_size_limit),
		TEST(read_directory),
		TEST(read_fifo_does_not_block),
		TEST(read_unreadable_real),
		TEST(read_unreadable_seam),
		TEST(read_io_error),
		TEST(marker_touch_and_remove),
		TEST(marker_errors),
		TEST(lock_times_out),
		TEST(lock_acquired_when_holder_releases),
		TEST(lock_excludes_within_process),
		TEST(lock_interoperates_with_flock1),
		TEST(update_edits_under_lock),
		TEST(update_creates_missing_file),
		TEST(update_denied_writes_nothing),
		TEST(update_lock_timeout_calls_no_edit),
		TEST(update_ignores_lock_on_data_file),
		TEST(update_read_error_calls_no_edit),
		TEST(update_write_fault_keeps_original),
		TEST(concurrent_updates_lose_nothing),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

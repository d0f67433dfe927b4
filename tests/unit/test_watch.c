/* test_watch.c — the watcher against real files in a mkdtemp directory, once
 * with inotify and once with stat polling (20 ms): the behaviour suite is
 * shared, a few inotify-only cases (kernel queue overflow, idle = no timer)
 * are on their own.
 *
 * No test sleeps to give the watcher time: pump() runs the caller's loop —
 * poll() on watch_fd() with watch_timeout_ms() — until what is expected has
 * been reported, and fails at a 2 s deadline. Checking that something was
 * NOT reported waits until the watcher is idle (inotify) or for a few poll
 * intervals (stat polling). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "platform/platform.h"
#ifdef LW_HAVE_INOTIFY
#include <sys/inotify.h>
#endif
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "watch/watch.h"
#include "watch/watch_internal.h"

#define POLL_MS 20
#define DEADLINE_MS 2000

struct rec {
	char *path;          /* NULL: rescan */
	unsigned turn;       /* which watch_process() call reported it */
	int64_t at;          /* monotonic ns */
	bool exists;         /* the file existed when the consumer looked */
	char content[64];    /* what the consumer read then */
};

struct fx {
	bool poll;
	char root[64];
	watch *w;
	unsigned turn;
	struct rec *recs;
	size_t n, cap;
	char paths[8][PATH_MAX];   /* at()'s ring of results */
	unsigned next_path;
};

#ifdef LW_HAVE_INOTIFY
static const bool USE_INOTIFY = false;
#endif
static const bool USE_POLL = true;

/* ---- helpers ------------------------------------------------------------ */

static int64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* root/rel; a ring of buffers so a few can be alive at once. */
static const char *at(struct fx *fx, const char *rel)
{
	char *p = fx->paths[fx->next_path++ % 8];
	snprintf(p, PATH_MAX, "%s/%s", fx->root, rel);
	return p;
}

static void write_file(const char *path, const char *content)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	assert_true(fd >= 0);
	size_t n = strlen(content);
	assert_int_equal(write(fd, content, n), (ssize_t)n);
	assert_int_equal(close(fd), 0);
}

/* What mv, yq -i and os.replace do: a temp beside it, renamed over it. */
static void write_by_rename(const char *path, const char *content)
{
	char tmp[PATH_MAX];
	snprintf(tmp, sizeof tmp, "%s.tmp", path);
	write_file(tmp, content);
	assert_int_equal(rename(tmp, path), 0);
}

static void read_file(const char *path, bool *exists, char *buf, size_t n)
{
	buf[0] = '\0';
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	*exists = fd >= 0;
	if (fd < 0)
		return;
	ssize_t r = read(fd, buf, n - 1);
	buf[r > 0 ? r : 0] = '\0';
	close(fd);
}

static void on_change(const char *path, void *ctx)
{
	struct fx *fx = ctx;
	/* Contract: one report per path per turn, a rescan alone. */
	for (size_t i = 0; i < fx->n; i++) {
		const struct rec *r = &fx->recs[i];
		if (r->turn != fx->turn)
			continue;
		assert_non_null(path);
		assert_non_null(r->path);
		assert_string_not_equal(r->path, path);
	}
	if (fx->n == fx->cap) {
		fx->cap = fx->cap ? 2 * fx->cap : 64;
		fx->recs = realloc(fx->recs, fx->cap * sizeof *fx->recs);
		assert_non_null(fx->recs);
	}
	struct rec *r = &fx->recs[fx->n++];
	memset(r, 0, sizeof *r);
	r->path = path ? strdup(path) : NULL;
	r->turn = fx->turn;
	r->at = now_ns();
	if (path)
		read_file(path, &r->exists, r->content, sizeof r->content);
}

static int process(struct fx *fx)
{
	fx->turn++;
	return watch_process(fx->w, on_change, fx);
}

typedef bool (*pred_fn)(struct fx *fx, const void *arg);

/* The caller's loop, until pred holds or the deadline passes. */
static bool pump(struct fx *fx, pred_fn pred, const void *arg, int deadline_ms)
{
	int64_t deadline = now_ns() + (int64_t)deadline_ms * 1000000;
	for (;;) {
		if (pred(fx, arg))
			return true;
		int64_t left = deadline - now_ns();
		if (left <= 0)
			return false;
		int t = watch_timeout_ms(fx->w);
		int left_ms = (int)((left + 999999) / 1000000);
		if (t < 0 || t > left_ms)
			t = left_ms;
		struct pollfd p = { .fd = watch_fd(fx->w), .events = POLLIN };
		int rc = poll(&p, p.fd >= 0 ? 1 : 0, t);
		assert_true(rc >= 0 || errno == EINTR);
		process(fx);
	}
}

static long find_rec(const struct fx *fx, size_t from, const char *path)
{
	for (size_t i = from; i < fx->n; i++) {
		const char *p = fx->recs[i].path;
		if (path ? p && strcmp(p, path) == 0 : !p)
			return (long)i;
	}
	return -1;
}

static size_t count_rec(const struct fx *fx, size_t from, const char *path)
{
	size_t c = 0;
	for (size_t i = from; i < fx->n; i++) {
		const char *p = fx->recs[i].path;
		if (path ? p && strcmp(p, path) == 0 : !p)
			c++;
	}
	return c;
}

struct seen_arg {
	size_t from;
	const char *path;    /* NULL: a rescan */
	bool or_rescan;      /* a rescan also satisfies a wait for path */
};

static bool pred_seen(struct fx *fx, const void *arg)
{
	const struct seen_arg *a = arg;
	return find_rec(fx, a->from, a->path) >= 0 ||
	       (a->or_rescan && find_rec(fx, a->from, NULL) >= 0);
}

/* Index of the first report of path (NULL: rescan) at or after from. */
static size_t wait_for(struct fx *fx, size_t from, const char *path)
{
	struct seen_arg a = { from, path, false };
	if (!pump(fx, pred_seen, &a, DEADLINE_MS))
		fail_msg("%s: no report of %s within %d ms", fx->poll ? "poll" : "inotify",
		         path ? path : "(rescan)", DEADLINE_MS);
	return (size_t)find_rec(fx, from, path);
}

static void wait_for_or_rescan(struct fx *fx, size_t from, const char *path)
{
	struct seen_arg a = { from, path, true };
	if (!pump(fx, pred_seen, &a, DEADLINE_MS))
		fail_msg("no report of %s nor a rescan within %d ms", path, DEADLINE_MS);
}

struct missing_arg {
	const char *dir;
	bool want;
};

static bool pred_missing(struct fx *fx, const void *arg)
{
	const struct missing_arg *a = arg;
	return watch_dir_missing(fx->w, a->dir) == a->want;
}

static void wait_missing(struct fx *fx, const char *dir, bool want)
{
	struct missing_arg a = { dir, want };
	if (!pump(fx, pred_missing, &a, DEADLINE_MS))
		fail_msg("%s still %s after %d ms", dir, want ? "present" : "missing", DEADLINE_MS);
}

static bool pred_idle(struct fx *fx, const void *arg)
{
	(void)arg;
	return watch_timeout_ms(fx->w) == -1;
}

static bool pred_never(struct fx *fx, const void *arg)
{
	(void)fx;
	(void)arg;
	return false;
}

/* Let everything pending be reported: inotify until nothing is pending at
 * all; stat polling for a few intervals. */
static void settle(struct fx *fx)
{
	if (fx->poll)
		(void)pump(fx, pred_never, NULL, 4 * POLL_MS);
	else if (!pump(fx, pred_idle, NULL, DEADLINE_MS))
		fail_msg("watcher not idle after %d ms", DEADLINE_MS);
	process(fx);
}

static void make_dir(const char *path) { assert_int_equal(mkdir(path, 0755), 0); }

static int rm_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path);
}

static void rm_tree(const char *path)
{
	assert_int_equal(nftw(path, rm_entry, 16, FTW_DEPTH | FTW_PHYS), 0);
}

static void add_file(struct fx *fx, const char *path)
{
	lw_error err;
	lw_error_clear(&err);
	assert_int_equal(watch_add_file(fx->w, path, &err), 0);
	assert_false(err.set);
}

static void add_dir(struct fx *fx, const char *path, bool recursive)
{
	lw_error err;
	lw_error_clear(&err);
	assert_int_equal(watch_add_dir(fx->w, path, recursive, &err), 0);
	assert_false(err.set);
}

static const char *base_of(const char *path)
{
	const char *s = strrchr(path, '/');
	return s ? s + 1 : path;
}

/* ---- fixture ------------------------------------------------------------ */

static int setup(void **state)
{
	struct fx *fx = calloc(1, sizeof *fx);
	if (!fx)
		return -1;
	fx->poll = *(const bool *)*state;
	snprintf(fx->root, sizeof fx->root, "/tmp/lw-watch-XXXXXX");
	if (!mkdtemp(fx->root))
		return -1;
	lw_error err;
	lw_error_clear(&err);
	fx->w = watch_new(fx->poll, POLL_MS, &err);
	if (!fx->w)
		return -1;
	*state = fx;
	return 0;
}

static int teardown(void **state)
{
	struct fx *fx = *state;
	watch_free(fx->w);
	rm_tree(fx->root);
	for (size_t i = 0; i < fx->n; i++)
		free(fx->recs[i].path);
	free(fx->recs);
	free(fx);
	return 0;
}

/* ---- behaviour shared by both backends ---------------------------------- */

/* mv new over old: IN_MOVED_TO of the name, reported once, content final. */
static void check_rename_into_place(void **state)
{
	struct fx *fx = *state;
	make_dir(at(fx, ".liza"));
	const char *f = at(fx, ".liza/state.yaml");
	write_file(f, "version: 1\n");
	add_file(fx, f);
	add_file(fx, at(fx, ".liza/log.yaml"));
	settle(fx);
	size_t m = fx->n;
	const char *nw = at(fx, ".liza/incoming.yaml");
	write_file(nw, "version: 2\n");
	assert_int_equal(rename(nw, f), 0);
	size_t i = wait_for(fx, m, f);
	assert_true(fx->recs[i].exists);
	assert_string_equal(fx->recs[i].content, "version: 2\n");
	settle(fx);
	assert_int_equal(count_rec(fx, m, f), 1);
	assert_int_equal(find_rec(fx, m, at(fx, ".liza/log.yaml")), -1);
	assert_int_equal(find_rec(fx, m, nw), -1);   /* not a target */
	assert_int_equal(find_rec(fx, m, NULL), -1);
}

/* The real sed -i: a sedXXXXXX temp renamed over the file. */
static void check_sed_in_place(void **state)
{
	struct fx *fx = *state;
	if (system("command -v sed >/dev/null 2>&1") != 0)
		skip();
	make_dir(at(fx, "aot"));
	const char *f = at(fx, "aot/aot-loop-state.md");
	write_file(f, "---\nstatus: old\n---\n");
	add_file(fx, f);
	add_dir(fx, at(fx, "aot"), false);   /* and the temp must not show */
	settle(fx);
	size_t m = fx->n;
	char cmd[PATH_MAX + 64];
	snprintf(cmd, sizeof cmd, "sed -i 's/old/new/' '%s'", f);
	assert_int_equal(system(cmd), 0);
	size_t i = wait_for(fx, m, f);
	assert_string_equal(fx->recs[i].content, "---\nstatus: new\n---\n");
	settle(fx);
	for (size_t k = m; k < fx->n; k++) {
		assert_non_null(fx->recs[k].path);
		assert_false(watch_is_ignored_name(base_of(fx->recs[k].path)));
		assert_string_equal(fx->recs[k].path, f);
	}
}

/* Truncate and write in place (Python write_text, shell >): IN_CLOSE_WRITE. */
static void check_truncate_write(void **state)
{
	struct fx *fx = *state;
	const char *f = at(fx, "state.json");
	write_file(f, "{\"state\": \"idle\"}");
	add_file(fx, f);
	settle(fx);
	size_t m = fx->n;
	write_file(f, "{\"state\": \"executing\"}");
	size_t i = wait_for(fx, m, f);
	assert_string_equal(fx->recs[i].content, "{\"state\": \"executing\"}");
	settle(fx);
	assert_int_equal(count_rec(fx, m, f), 1);
}

/* A writer that keeps the file open: only IN_MODIFY, reported once after
 * the quiet period following its LAST write. */
static void check_append_held_open(void **state)
{
	struct fx *fx = *state;
	const char *f = at(fx, "log.yaml");
	write_file(f, "- a\n");
	add_file(fx, f);
	settle(fx);
	size_t m = fx->n;
	int fd = open(f, O_WRONLY | O_APPEND | O_CLOEXEC);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, "- b\n", 4), 4);
	if (!fx->poll) {
		/* Let the watcher see the first write (a quiet period is now
		 * pending), then write again: the deadline must move. */
		struct pollfd p = { .fd = watch_fd(fx->w), .events = POLLIN };
		assert_int_equal(poll(&p, 1, DEADLINE_MS), 1);
		process(fx);
		assert_int_equal(fx->n, m);
		assert_true(watch_timeout_ms(fx->w) >= 0);
	}
	assert_int_equal(write(fd, "- c\n", 4), 4);
	int64_t last_write = now_ns();
	size_t i = wait_for(fx, m, f);
	assert_string_equal(fx->recs[i].content, "- a\n- b\n- c\n");
	if (!fx->poll)
		assert_true(fx->recs[i].at - last_write >= WATCH_QUIET_MS_DEFAULT * 1000000LL);
	settle(fx);
	assert_int_equal(count_rec(fx, m, f), 1);
	assert_int_equal(close(fd), 0);
}

/* 1,000 replacements in a burst: few reports, the last one after the last
 * write, and the consumer reads the final content. */
static void check_rapid_renames(void **state)
{
	struct fx *fx = *state;
	make_dir(at(fx, "rcs"));
	const char *f = at(fx, "rcs/team-state.json");
	write_file(f, "{\"iteration\": -1}\n");
	add_file(fx, f);
	settle(fx);
	size_t m = fx->n;
	char buf[64];
	for (int k = 0; k < 1000; k++) {
		snprintf(buf, sizeof buf, "{\"iteration\": %d}\n", k);
		write_by_rename(f, buf);
		if (k % 50 == 49 && k != 999)
			process(fx);   /* the consumer keeps up now and then */
	}
	size_t after_last = fx->n;
	size_t i = wait_for(fx, after_last, f);
	assert_string_equal(fx->recs[i].content, "{\"iteration\": 999}\n");
	settle(fx);
	size_t total = count_rec(fx, m, f);
	assert_true(total >= 1);
	assert_true(total < 100);   /* coalesced, not one per write */
	long last = -1;
	for (size_t k = m; k < fx->n; k++)
		if (fx->recs[k].path && strcmp(fx->recs[k].path, f) == 0)
			last = (long)k;
	assert_string_equal(fx->recs[last].content, "{\"iteration\": 999}\n");
}

/* Temp, swap, lock and backup names in a watched directory say nothing. */
static void check_ignored_names(void **state)
{
	struct fx *fx = *state;
	make_dir(at(fx, "tasks"));
	add_dir(fx, at(fx, "tasks"), false);
	settle(fx);
	size_t m = fx->n;
	static const char *const names[] = {
		"task.yaml.tmp", "task.yaml.tmp.4242", ".task.yaml.swp", ".task.yaml.swx",
		"task.yaml~", "4913", "sedAb12Cd", ".#task.yaml", ".task.yaml.lw-a1B2c3",
		"task.yaml.lock", "tmpk3j_x9q2",
	};
	for (size_t k = 0; k < sizeof names / sizeof *names; k++) {
		char rel[128];
		snprintf(rel, sizeof rel, "tasks/%s", names[k]);
		write_file(at(fx, rel), "x: 1\n");
	}
	/* and one renamed away, as a writer's temp is */
	assert_int_equal(rename(at(fx, "tasks/sedAb12Cd"), at(fx, "tasks/task-1.yaml")), 0);
	const char *sentinel = at(fx, "tasks/zz.yaml");
	write_file(sentinel, "x: 2\n");
	wait_for(fx, m, sentinel);
	wait_for(fx, m, at(fx, "tasks/task-1.yaml"));
	settle(fx);
	for (size_t k = m; k < fx->n; k++) {
		assert_non_null(fx->recs[k].path);
		assert_false(watch_is_ignored_name(base_of(fx->recs[k].path)));
	}
}

/* A flag file removed (.liza/PAUSE): reported, and the consumer sees it gone. */
static void check_delete_reported(void **state)
{
	struct fx *fx = *state;
	make_dir(at(fx, ".liza"));
	const char *pause = at(fx, ".liza/PAUSE");
	write_file(pause, "");
	add_file(fx, pause);
	settle(fx);
	size_t m = fx->n;
	assert_int_equal(unlink(pause), 0);
	size_t i = wait_for(fx, m, pause);
	assert_false(fx->recs[i].exists);
	m = fx->n;
	write_file(pause, "");
	i = wait_for(fx, m, pause);
	assert_true(fx->recs[i].exists);
}

/* The watched directory deleted: rescan, shown missing; recreated: rescan,
 * not missing, and writes in the new directory are reported again. */
static void check_dir_deleted_recreated(void **state)
{
	struct fx *fx = *state;
	const char *d = at(fx, ".liza");
	make_dir(d);
	const char *f = at(fx, ".liza/state.yaml");
	write_file(f, "a: 1\n");
	add_file(fx, f);
	settle(fx);
	assert_false(watch_dir_missing(fx->w, d));
	size_t m = fx->n;
	rm_tree(d);
	wait_for(fx, m, NULL);
	wait_missing(fx, d, true);
	assert_true(watch_dir_missing(fx->w, f));   /* asked by the file's name */
	assert_true(watch_timeout_ms(fx->w) >= 0);  /* a re-arm is pending */
	m = fx->n;
	make_dir(d);
	wait_missing(fx, d, false);
	wait_for(fx, m, NULL);
	m = fx->n;
	write_by_rename(f, "a: 2\n");
	size_t i = wait_for(fx, m, f);
	assert_string_equal(fx->recs[i].content, "a: 2\n");
}

/* Deleted and recreated before the watcher looked (a new inode under the
 * same name): the old watch is over (IN_IGNORED), the new one is armed. */
static void check_dir_replaced_unseen(void **state)
{
	struct fx *fx = *state;
	const char *d = at(fx, "fsm");
	make_dir(d);
	const char *f = at(fx, "fsm/task-1.json");
	write_file(f, "{}");
	add_file(fx, f);
	settle(fx);
	size_t m = fx->n;
	rm_tree(d);
	make_dir(d);
	write_file(f, "{\"state\": \"DONE\"}");
	if (fx->poll)
		/* The new directory may get the old inode number back: then
		 * stat cannot tell, and the file's own change is what shows. */
		wait_for_or_rescan(fx, m, f);
	else
		wait_for(fx, m, NULL);
	settle(fx);
	assert_false(watch_dir_missing(fx->w, d));
	m = fx->n;
	write_by_rename(f, "{\"state\": \"REVIEW\"}");
	size_t i = wait_for(fx, m, f);
	assert_string_equal(fx->recs[i].content, "{\"state\": \"REVIEW\"}");
}

/* The watched directory renamed away (IN_MOVE_SELF) and back. */
static void check_dir_moved_away_and_back(void **state)
{
	struct fx *fx = *state;
	const char *d = at(fx, "ws");
	const char *old = at(fx, "ws.old");
	make_dir(d);
	const char *f = at(fx, "ws/state.json");
	write_file(f, "{}");
	add_file(fx, f);
	settle(fx);
	size_t m = fx->n;
	assert_int_equal(rename(d, old), 0);
	wait_for(fx, m, NULL);
	wait_missing(fx, d, true);
	/* writes under the old name are not ours any more */
	write_file(at(fx, "ws.old/state.json"), "{\"moved\": true}");
	m = fx->n;
	assert_int_equal(rename(old, d), 0);
	wait_missing(fx, d, false);
	wait_for(fx, m, NULL);
	m = fx->n;
	write_by_rename(f, "{\"back\": true}");
	size_t i = wait_for(fx, m, f);
	assert_string_equal(fx->recs[i].content, "{\"back\": true}");
}

/* Nothing there at start: missing, retried with backoff; once it appears,
 * a rescan, and its files are watched. Both for a file and a directory. */
static void check_dir_absent_at_start(void **state)
{
	struct fx *fx = *state;
	const char *d = at(fx, ".liza");
	const char *f = at(fx, ".liza/state.yaml");
	const char *sd = at(fx, ".rcs/state");
	add_file(fx, f);
	add_dir(fx, sd, false);
	assert_true(watch_dir_missing(fx->w, d));
	assert_true(watch_dir_missing(fx->w, f));
	assert_true(watch_dir_missing(fx->w, sd));
	assert_true(watch_dir_missing(fx->w, at(fx, ".rcs/state/")));
	assert_true(watch_timeout_ms(fx->w) >= 0);   /* it will look again */
	process(fx);
	size_t m = fx->n;
	make_dir(d);
	write_file(f, "version: 1\n");
	wait_missing(fx, d, false);
	wait_for_or_rescan(fx, m, f);
	m = fx->n;
	write_by_rename(f, "version: 2\n");
	wait_for(fx, m, f);

	make_dir(at(fx, ".rcs"));
	make_dir(sd);
	wait_missing(fx, sd, false);
	m = fx->n;
	const char *j = at(fx, ".rcs/state/ralph-state.json");
	write_file(j, "{\"active\": true}");
	size_t i = wait_for(fx, m, j);
	assert_string_equal(fx->recs[i].content, "{\"active\": true}");
}

/* A recursive watch: files in existing subdirectories, in a subdirectory
 * created (two levels at once) after the watch, and a subdirectory removed. */
static void check_recursive(void **state)
{
	struct fx *fx = *state;
	make_dir(at(fx, "tasks"));
	make_dir(at(fx, "tasks/A"));
	write_file(at(fx, "tasks/A/task.yaml"), "status: ready\n");
	add_dir(fx, at(fx, "tasks"), true);
	settle(fx);
	size_t m = fx->n;
	const char *a = at(fx, "tasks/A/task.yaml");
	write_by_rename(a, "status: executing\n");
	wait_for(fx, m, a);

	m = fx->n;
	make_dir(at(fx, "tasks/B"));
	make_dir(at(fx, "tasks/B/sub"));
	const char *b = at(fx, "tasks/B/sub/task.yaml");
	write_file(b, "status: backlog\n");   /* perhaps before the watch on B/sub */
	size_t i = wait_for(fx, m, b);
	settle(fx);
	m = fx->n;
	write_by_rename(b, "status: ready\n");   /* now surely watched */
	i = wait_for(fx, m, b);
	assert_string_equal(fx->recs[i].content, "status: ready\n");

	m = fx->n;
	rm_tree(at(fx, "tasks/A"));
	wait_for(fx, m, NULL);   /* its files vanished with it */
	settle(fx);
	assert_false(watch_dir_missing(fx->w, at(fx, "tasks")));
	m = fx->n;
	make_dir(at(fx, "tasks/A"));
	write_file(at(fx, "tasks/A/task.yaml"), "status: done\n");
	wait_for(fx, m, at(fx, "tasks/A/task.yaml"));
}

/* A subdirectory renamed inside a recursive tree: its files are reported
 * under the new name, never the stale one. (inotify: the kernel watch
 * follows the inode, and the new name's watch is that same one.) */
static void check_recursive_rename(void **state)
{
	struct fx *fx = *state;
	make_dir(at(fx, "tasks"));
	make_dir(at(fx, "tasks/A"));
	make_dir(at(fx, "tasks/A/deep"));
	write_file(at(fx, "tasks/A/deep/task.yaml"), "status: ready\n");
	add_dir(fx, at(fx, "tasks"), true);
	settle(fx);
	size_t m = fx->n;
	assert_int_equal(rename(at(fx, "tasks/A"), at(fx, "tasks/B")), 0);
	wait_for(fx, m, NULL);
	settle(fx);
	m = fx->n;
	const char *b = at(fx, "tasks/B/deep/task.yaml");
	write_by_rename(b, "status: done\n");
	size_t i = wait_for(fx, m, b);
	assert_string_equal(fx->recs[i].content, "status: done\n");
	settle(fx);
	for (size_t k = m; k < fx->n; k++)
		assert_null(strstr(fx->recs[k].path ? fx->recs[k].path : "", "/tasks/A/"));
}

/* One directory under two spellings (a symlink, "d/."): each spelling is
 * reported, and both survive the directory being replaced (inotify: one
 * kernel watch shared by two entries). */
static void check_aliases(void **state)
{
	struct fx *fx = *state;
	const char *d = at(fx, "real");
	make_dir(d);
	assert_int_equal(symlink("real", at(fx, "link")), 0);
	const char *viareal = at(fx, "real/state.json");
	const char *vialink = at(fx, "link/state.json");
	add_file(fx, viareal);
	add_file(fx, vialink);
	settle(fx);
	size_t m = fx->n;
	write_by_rename(viareal, "{\"n\": 1}");
	wait_for(fx, m, viareal);
	wait_for(fx, m, vialink);
	m = fx->n;
	rm_tree(d);
	wait_missing(fx, at(fx, "link"), true);
	wait_missing(fx, d, true);
	make_dir(d);
	wait_missing(fx, d, false);
	wait_missing(fx, at(fx, "link"), false);
	settle(fx);
	m = fx->n;
	write_by_rename(viareal, "{\"n\": 2}");
	wait_for(fx, m, viareal);
	size_t i = wait_for(fx, m, vialink);
	assert_string_equal(fx->recs[i].content, "{\"n\": 2}");
}

/* Not recursive: a file in a subdirectory is none of our business. */
static void check_not_recursive(void **state)
{
	struct fx *fx = *state;
	make_dir(at(fx, "flat"));
	make_dir(at(fx, "flat/sub"));
	add_dir(fx, at(fx, "flat"), false);
	settle(fx);
	size_t m = fx->n;
	write_file(at(fx, "flat/sub/x.json"), "{}");
	make_dir(at(fx, "flat/new"));
	const char *sentinel = at(fx, "flat/zz.json");
	write_file(sentinel, "{}");
	wait_for(fx, m, sentinel);
	settle(fx);
	for (size_t k = m; k < fx->n; k++)
		assert_string_equal(fx->recs[k].path, sentinel);
}

/* A pattern (Go Liza's heartbeats, state.yaml.liveness-<hex>): each match
 * is reported by its own path, one made after the watch too, rewritten by
 * rename or in place; a name it does not match, a temp that matches and a
 * file of another folder are not. */
static void check_pattern(void **state)
{
	struct fx *fx = *state;
	make_dir(at(fx, ".liza"));
	char live1[PATH_MAX], live2[PATH_MAX];
	snprintf(live1, sizeof live1, "%s", at(fx, ".liza/state.yaml.liveness-00aa"));
	write_file(live1, "{\"seq\":1}");
	char pattern[PATH_MAX];
	snprintf(pattern, sizeof pattern, "%s", at(fx, ".liza/state.yaml.liveness-*"));
	add_file(fx, pattern);
	settle(fx);
	size_t m = fx->n;
	write_by_rename(live1, "{\"seq\":2}");
	size_t k = wait_for(fx, m, live1);
	assert_string_equal(fx->recs[k].content, "{\"seq\":2}");
	snprintf(live2, sizeof live2, "%s", at(fx, ".liza/state.yaml.liveness-00bb"));
	m = fx->n;
	write_file(at(fx, ".liza/alerts.log"), "x\n");
	write_file(at(fx, ".liza/state.yaml.liveness-00cc.tmp"), "{}");
	write_file(live2, "{\"seq\":1}");
	k = wait_for(fx, m, live2);
	assert_string_equal(fx->recs[k].content, "{\"seq\":1}");
	settle(fx);
	for (size_t i = m; i < fx->n; i++)
		assert_true(fx->recs[i].path == NULL || strcmp(fx->recs[i].path, live1) == 0 ||
		            strcmp(fx->recs[i].path, live2) == 0);
	assert_int_equal(count_rec(fx, m, pattern), 0);   /* never the pattern itself */
}

/* Two files and the whole directory in one batch: each path once. */
static void check_coalesce(void **state)
{
	struct fx *fx = *state;
	make_dir(at(fx, "acp"));
	const char *a = at(fx, "acp/a.json");
	const char *b = at(fx, "acp/b.json");
	add_file(fx, a);
	add_file(fx, b);
	add_dir(fx, at(fx, "acp"), false);
	settle(fx);
	size_t m = fx->n;
	for (int k = 0; k < 5; k++) {
		write_by_rename(a, "{\"n\": 1}");
		write_file(b, "{\"n\": 2}");
	}
	wait_for(fx, m, a);
	wait_for(fx, m, b);
	settle(fx);
	/* on_change already asserts "once per turn"; across turns a burst
	 * may straddle two reads, but never one report per write */
	assert_true(count_rec(fx, m, a) <= 2);
	assert_true(count_rec(fx, m, b) <= 2);
}

#ifdef LW_HAVE_INOTIFY   /* without it (macOS, PORTABLE) the watcher polls: these do not apply */
/* ---- inotify only ------------------------------------------------------- */

/* The overflow hook: IN_Q_OVERFLOW fed to the parser gives one rescan. */
static void check_overflow_injected(void **state)
{
	struct fx *fx = *state;
	const char *f = at(fx, "state.yaml");
	add_file(fx, f);
	settle(fx);
	size_t m = fx->n;
	struct inotify_event ev = { .wd = -1, .mask = IN_Q_OVERFLOW, .cookie = 0, .len = 0 };
	assert_int_equal(watch_inject_events(fx->w, &ev, sizeof ev), 0);
	assert_int_equal(watch_timeout_ms(fx->w), 0);   /* work is waiting */
	assert_int_equal(process(fx), 1);
	assert_int_equal(fx->n, m + 1);
	assert_null(fx->recs[m].path);
	/* a truncated record is refused, not read past */
	assert_int_equal(watch_inject_events(fx->w, &ev, sizeof ev - 1), -1);
	assert_int_equal(process(fx), 0);
}

/* IN_IGNORED on our watch (as after an unmount or a replaced inode): a
 * rescan, the directory re-armed, and later writes reported. */
static void check_ignored_event_rearms(void **state)
{
	struct fx *fx = *state;
	const char *f = at(fx, "state.yaml");
	add_file(fx, f);
	settle(fx);
	int wd = -1;
	for (size_t k = 0; k < fx->w->ndirs; k++)
		if (strcmp(fx->w->dirs[k]->path, fx->root) == 0)
			wd = fx->w->dirs[k]->wd;
	assert_true(wd >= 0);
	size_t m = fx->n;
	struct inotify_event ev = { .wd = wd, .mask = IN_IGNORED, .cookie = 0, .len = 0 };
	assert_int_equal(watch_inject_events(fx->w, &ev, sizeof ev), 0);
	wait_for(fx, m, NULL);
	assert_false(watch_dir_missing(fx->w, fx->root));
	m = fx->n;
	write_by_rename(f, "after: ignored\n");
	wait_for(fx, m, f);
}

/* A real kernel overflow: more events than fs.inotify.max_queued_events
 * queued while the consumer is busy. */
static void check_overflow_kernel(void **state)
{
	struct fx *fx = *state;
	FILE *q = fopen("/proc/sys/fs/inotify/max_queued_events", "r");
	long max = 0;
	if (!q || fscanf(q, "%ld", &max) != 1 || max <= 0 || max > 65536) {
		if (q)
			fclose(q);
		skip();
	}
	fclose(q);
	const char *f = at(fx, "log.yaml");
	write_file(f, "");
	add_file(fx, f);
	const char *d = at(fx, "ws");
	const char *g = at(fx, "ws/state.json");
	make_dir(d);
	add_file(fx, g);
	settle(fx);
	size_t m = fx->n;
	/* open-write-close: IN_MODIFY then IN_CLOSE_WRITE, never merged with
	 * the event before them */
	for (long k = 0; k < max / 2 + 64; k++) {
		int fd = open(f, O_WRONLY | O_APPEND | O_CLOEXEC);
		assert_true(fd >= 0);
		assert_int_equal(write(fd, "x", 1), 1);
		close(fd);
	}
	/* With the queue full, ws is replaced: what inotify would have said
	 * about it (IN_DELETE_SELF, IN_IGNORED) may be lost. The watcher must
	 * not keep trusting its old, dead watch. */
	rm_tree(d);
	make_dir(d);
	wait_for(fx, m, NULL);
	settle(fx);
	m = fx->n;
	write_by_rename(f, "after: overflow\n");
	write_by_rename(g, "{\"after\": \"overflow\"}");
	wait_for(fx, m, f);
	size_t i = wait_for(fx, m, g);
	assert_string_equal(fx->recs[i].content, "{\"after\": \"overflow\"}");
}

/* Idle means no timer at all: blocked in poll() until something happens. */
static void check_idle_inotify(void **state)
{
	struct fx *fx = *state;
	make_dir(at(fx, "d"));
	const char *f = at(fx, "d/state.yaml");
	add_file(fx, f);
	add_dir(fx, at(fx, "d"), true);
	assert_int_equal(watch_timeout_ms(fx->w), -1);
	size_t m = fx->n;
	int fd = open(f, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);   /* held open */
	assert_true(fd >= 0);
	assert_int_equal(write(fd, "a: 1\n", 5), 5);
	wait_for(fx, m, f);
	settle(fx);
	assert_int_equal(watch_timeout_ms(fx->w), -1);
	assert_int_equal(process(fx), 0);
	close(fd);
	wait_for(fx, fx->n, f);
	settle(fx);
	assert_int_equal(watch_timeout_ms(fx->w), -1);
	assert_true(watch_fd(fx->w) >= 0);
}

#endif

/* ---- stat polling only -------------------------------------------------- */

/* The stat backend asks to be woken every interval, and has no fd. */
static void check_poll_interval(void **state)
{
	struct fx *fx = *state;
	add_file(fx, at(fx, "state.yaml"));
	assert_int_equal(watch_fd(fx->w), -1);
	int t = watch_timeout_ms(fx->w);
	assert_true(t >= 0 && t <= POLL_MS);
	settle(fx);
	t = watch_timeout_ms(fx->w);
	assert_true(t >= 0 && t <= POLL_MS);
	char ev[64] = { 0 };   /* any bytes: the stat backend takes no events */
	assert_int_equal(watch_inject_events(fx->w, ev, sizeof ev), -1);
}

/* ---- no fixture ---------------------------------------------------------- */

static void test_ignored_name_table(void **state)
{
	(void)state;
	static const char *const yes[] = {
		"state.yaml.tmp", "state.yaml.tmp.1234", "x.tmpfoo", ".state.yaml.swp",
		".state.yaml.swx", ".state.yaml.swo", "state.yaml~", "4913", "sedAb12Cd",
		"sed000000", ".!1234!state.yaml", ".#state.yaml", "#state.yaml#",
		".state.yaml.lw-a1B2c3", "state.yaml.lock", "tmpa1b2_c3d", "",
	};
	static const char *const no[] = {
		"state.yaml", "log.yaml", "PAUSE", "ABORT", "CHECKPOINT", "task.yaml",
		"aot-loop-state.md", "sed", "sedAb12C", "sedAb12Cde", "sed_notes", "4914",
		"49130", ".swp", "tmp", "tmp_settings", "tmpa1b2c3", "state.yaml.lw-a1B2c3x",
		"lock", "ralph-state.json",
	};
	for (size_t i = 0; i < sizeof yes / sizeof *yes; i++)
		if (!watch_is_ignored_name(yes[i]))
			fail_msg("should be ignored: \"%s\"", yes[i]);
	for (size_t i = 0; i < sizeof no / sizeof *no; i++)
		if (watch_is_ignored_name(no[i]))
			fail_msg("should be reported: \"%s\"", no[i]);
}

static void test_bad_arguments(void **state)
{
	(void)state;
	lw_error err;
	lw_error_clear(&err);
	watch *w = watch_new(false, 0, &err);
	assert_non_null(w);
	assert_int_equal(watch_add_file(w, "", &err), -1);
	assert_true(err.set);
	lw_error_clear(&err);
	assert_int_equal(watch_add_file(w, "/tmp/dir/", &err), -1);
	assert_true(err.set);
	lw_error_clear(&err);
	assert_int_equal(watch_add_file(w, "/tmp/..", &err), -1);
	assert_true(err.set);
	lw_error_clear(&err);
	assert_int_equal(watch_add_dir(w, "", false, &err), -1);
	assert_true(err.set);
	assert_false(watch_dir_missing(w, "/nowhere/we/watch"));
#ifdef LW_HAVE_INOTIFY
	assert_int_equal(watch_timeout_ms(w), -1);   /* idle inotify: no wakeup */
	assert_false(watch_polls(w));
#else
	assert_true(watch_timeout_ms(w) >= 0);       /* no inotify here: the stat poller's interval */
	assert_true(watch_polls(w));                 /* so new folders are polled for (live/) */
#endif
	watch_free(w);
	watch_free(NULL);
}

static void test_local_fs_is_not_network(void **state)
{
	(void)state;
	assert_false(watch_path_on_network_fs("/tmp"));
	assert_false(watch_path_on_network_fs("/no/such/path"));
}

/* ---- registration -------------------------------------------------------- */

#define RUN_POLL(name) \
	cmocka_unit_test_prestate_setup_teardown(name##_poll, setup, teardown, (void *)&USE_POLL)
#ifdef LW_HAVE_INOTIFY
#define BOTH(name)                                                           \
	static void name##_inotify(void **s) { check_##name(s); }            \
	static void name##_poll(void **s) { check_##name(s); }
#define RUN_INOTIFY(name) \
	cmocka_unit_test_prestate_setup_teardown(name##_inotify, setup, teardown, (void *)&USE_INOTIFY)
#define RUN_BOTH(name) RUN_INOTIFY(name), RUN_POLL(name)
#else
#define BOTH(name) static void name##_poll(void **s) { check_##name(s); }
#define RUN_BOTH(name) RUN_POLL(name)
#endif

BOTH(rename_into_place)
BOTH(sed_in_place)
BOTH(truncate_write)
BOTH(append_held_open)
BOTH(rapid_renames)
BOTH(ignored_names)
BOTH(delete_reported)
BOTH(dir_deleted_recreated)
BOTH(dir_replaced_unseen)
BOTH(dir_moved_away_and_back)
BOTH(dir_absent_at_start)
BOTH(recursive)
BOTH(not_recursive)
BOTH(recursive_rename)
BOTH(aliases)
BOTH(coalesce)
BOTH(pattern)

#ifdef LW_HAVE_INOTIFY
static void overflow_injected_inotify(void **s) { check_overflow_injected(s); }
static void ignored_event_rearms_inotify(void **s) { check_ignored_event_rearms(s); }
static void overflow_kernel_inotify(void **s) { check_overflow_kernel(s); }
static void idle_inotify(void **s) { check_idle_inotify(s); }
#endif
static void interval_poll(void **s) { check_poll_interval(s); }

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ignored_name_table),
		cmocka_unit_test(test_bad_arguments),
		cmocka_unit_test(test_local_fs_is_not_network),
		RUN_BOTH(rename_into_place),
		RUN_BOTH(sed_in_place),
		RUN_BOTH(truncate_write),
		RUN_BOTH(append_held_open),
		RUN_BOTH(rapid_renames),
		RUN_BOTH(ignored_names),
		RUN_BOTH(delete_reported),
		RUN_BOTH(dir_deleted_recreated),
		RUN_BOTH(dir_replaced_unseen),
		RUN_BOTH(dir_moved_away_and_back),
		RUN_BOTH(dir_absent_at_start),
		RUN_BOTH(recursive),
		RUN_BOTH(not_recursive),
		RUN_BOTH(recursive_rename),
		RUN_BOTH(aliases),
		RUN_BOTH(coalesce),
		RUN_BOTH(pattern),
#ifdef LW_HAVE_INOTIFY
		RUN_INOTIFY(overflow_injected),
		RUN_INOTIFY(ignored_event_rearms),
		RUN_INOTIFY(overflow_kernel),
		RUN_INOTIFY(idle),
#endif
		RUN_POLL(interval),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

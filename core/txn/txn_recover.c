/* txn_recover.c — the next run completes what a killed commit decided.
 *
 * A record exists only once every temp was on disk, so the transaction is
 * rolled forward: each temp still present replaces its file, provided the
 * file still holds the bytes the edit was based on (a file another writer
 * has changed since is theirs: the temp is dropped); each logged entry is
 * appended unless it is already there. Then the record goes, and the temps
 * of dead processes with it. A record whose process still lives, or that
 * is still locked, is left alone. Only a record that proves it was written
 * by this user's liza-watch for this project (version 4, its last line an
 * HMAC: core/txn/txn_proof.h) is acted on; any other (planted, older,
 * cut short, another project's) is reported once (txn_report.h) and left
 * in place. Looking is bounded: so many records, so many bytes, and a
 * planted one never reaches the lock wait. A record
 * acts only on files below its own folder ("folder") or below the
 * project's root entered for the run ("root"), named relative to it,
 * and every write it makes goes through the store's boundary: one that
 * names anything else (absolute, "..", a foreign temp) has that line
 * skipped, so a file planted in a project cannot write elsewhere. */
#include "core/txn/txn.h"
#include "core/txn/txn_journal.h"
#include "core/txn/txn_proof.h"
#include "core/txn/txn_report.h"
#include "core/util/fileio.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/file.h>
#include <sys/stat.h>

static bool owner_alive(const char *name)
{
	long pid = strtol(name + sizeof TXN_JOURNAL_PREFIX - 1, NULL, 10);
	return pid > 0 && (pid == (long)getpid() || kill((pid_t)pid, 0) == 0 || errno != ESRCH);
}

static void redo_replace(char *tmp, char *target, bool is_new, unsigned long long size, unsigned long long hash)
{
	if (access(tmp, F_OK) != 0)
		return;   /* renamed before the kill */
	char *cur = NULL;
	size_t len = 0;
	lw_error err;
	int rc = store_read(target, STORE_MAX_FILE_BYTES, &cur, &len, &err);
	bool base = is_new ? rc == STORE_ENOENT : rc == STORE_OK && len == size && txn_hash(cur, len) == hash;
	free(cur);
	if (!base || store_temp_commit(tmp, target, is_new, &err) != STORE_OK)
		store_unlink(tmp);
}

static int hexval(char c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

static void redo_append(const char *target, long long offset, const char *hex)
{
	char *cur = NULL;
	size_t alen = strlen(hex) / 2, len = 0;
	char *add = malloc(alen + 1);
	for (size_t i = 0; add && i < alen; i++) {
		int hi = hexval(hex[2 * i]), lo = hexval(hex[2 * i + 1]);
		if (hi < 0 || lo < 0) {
			free(add);
			return;
		}
		add[i] = (char)(hi * 16 + lo);
	}
	lw_error err;
	if (!add || store_read(target, STORE_MAX_FILE_BYTES, &cur, &len, &err) != STORE_OK || offset < 0 ||
	    (size_t)offset > len) {
		free(add);
		free(cur);
		return;
	}
	size_t have = len - (size_t)offset;
	const char *at = cur + offset;
	if (have >= alen && memcmp(at, add, alen) == 0) {
		/* appended before the kill */
	} else if (have < alen && memcmp(at, add, have) == 0) {
		store_append(target, add + have, alen - have, true, NULL, &err);   /* cut short: finish it */
	} else {
		store_append(target, add, alen, true, NULL, &err);
	}
	free(add);
	free(cur);
}

/* A path the record names, below the record's folder dir: "" when it
 * names anything else (absolute, with "..", a temp that is not a temp of
 * ours beside its file). A record is only ever acted on within its folder. */
static const char *inside(const char *dir, const char *rel, char *out, size_t n)
{
	const char *r = txn_journal_rel(".", rel);
	if (!r || (size_t)snprintf(out, n, "%s/%s", dir, r) >= n)
		return "";
	return out;
}

static bool temp_beside(const char *tmp, const char *target)
{
	const char *ts = strrchr(tmp, '/'), *gs = strrchr(target, '/');
	return ts && gs && ts - tmp == gs - target && strncmp(tmp, target, (size_t)(ts - tmp)) == 0 &&
	       store_is_temp_name(ts + 1);
}

/* What recovery may spend on one folder, whatever was planted there: so
 * many records looked at, so many bytes read (a record of ours is a few
 * hundred bytes; its log entry rarely more than a few KiB). */
#define RECOVER_MAX_RECORDS 256
#define RECOVER_MAX_RECORD_BYTES (1u << 20)
#define RECOVER_MAX_BYTES (16u << 20)

/* The record's proof: its content, up to and including "end\n", and the
 * hex of its last line. NULL when it has no such ending. */
static const char *proof_of(const char *buf, size_t len, size_t *clen)
{
	size_t tail = sizeof TXN_JOURNAL_MAC - 1 + TXN_PROOF_HEX + 1;
	if (len < tail + 4 || buf[len - 1] != '\n' || memcmp(buf + len - tail - 4, "end\n", 4) != 0 ||
	    memcmp(buf + len - tail, TXN_JOURNAL_MAC, sizeof TXN_JOURNAL_MAC - 1) != 0)
		return NULL;
	*clen = len - tail;
	return buf + len - tail + sizeof TXN_JOURNAL_MAC - 1;
}

/* Why a record read whole may not be applied, or NULL when it is ours for
 * this project. *skip: not ours to judge here (a record of the project's
 * root read with no root entered): left without a word. */
static const char *refusal(const char *dir, char *buf, size_t len, bool *root_rel, bool *skip, char *why, size_t wn)
{
	*skip = false;
	*root_rel = strncmp(buf, TXN_JOURNAL_MAGIC4_ROOT, sizeof TXN_JOURNAL_MAGIC4_ROOT - 1) == 0;
	bool folder = strncmp(buf, TXN_JOURNAL_MAGIC4_FOLDER, sizeof TXN_JOURNAL_MAGIC4_FOLDER - 1) == 0;
	if (!*root_rel && !folder)
		return strncmp(buf, "liza-watch-tx ", 14) == 0
		           ? "an older format without proof of who wrote it (liza-watch applies version 4 only)"
		           : "not a commit record of liza-watch";
	if (*root_rel && !store_root()) {
		*skip = true;
		return "";
	}
	size_t clen;
	char hex[TXN_PROOF_HEX + 1];
	const char *h = proof_of(buf, len, &clen);
	if (!h)
		return "cut short or without its proof line";
	memcpy(hex, h, TXN_PROOF_HEX);
	hex[TXN_PROOF_HEX] = '\0';
	char canon[LW_PATH_MAX];
	const char *id = *root_rel ? store_root() : lw_realpath(dir, canon, sizeof canon) == 0 ? canon : NULL;
	if (!id)
		return "its folder cannot be resolved";
	if (!txn_proof_check(id, buf, clen, hex, why, wn))
		return why;
	buf[clen] = '\0';   /* the proof line is not a line to act on */
	return NULL;
}

/* One record: 1 when it was acted on. *spent: bytes read so far. */
static int recover_one(const char *dir, const char *path, size_t *spent)
{
	/* O_NONBLOCK: a FIFO under a record's name would hold the open (and
	 * the program) forever; a record is a regular file or nothing of ours. */
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW | O_NOCTTY);
	if (fd < 0)
		return 0;
	struct stat st;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || flock(fd, LOCK_EX | LOCK_NB) != 0) {
		if (!S_ISREG(st.st_mode))
			txn_report_refused(path, "not a regular file");
		close(fd);
		return 0;   /* not a record, or its commit is still running */
	}
	if ((unsigned long long)st.st_size > RECOVER_MAX_RECORD_BYTES || *spent + (size_t)st.st_size > RECOVER_MAX_BYTES) {
		txn_report_refused(path, (unsigned long long)st.st_size > RECOVER_MAX_RECORD_BYTES
		                             ? "larger than any record of ours"
		                             : "too many bytes of records in one folder: not read this time");
		close(fd);
		return 0;
	}
	*spent += (size_t)st.st_size;
	char *buf = NULL;
	size_t len = 0;
	lw_error err;
	char why[4600];
	bool v3 = false, skip = false;
	const char *no = store_read_fd(fd, path, RECOVER_MAX_RECORD_BYTES, &buf, &len, &err) == STORE_OK
	                     ? refusal(dir, buf, len, &v3, &skip, why, sizeof why)
	                     : "cannot be read";
	if (no) {
		/* Never applied, never removed: whoever made it, the user decides. */
		if (!skip)
			txn_report_refused(path, no);
		free(buf);
		close(fd);
		return 0;
	}
	/* Where the record's names start: the root, or its own folder. */
	const char *base = v3 ? store_root() : dir;
	store_lock lk = { .fd = -1 };
	char p1[LW_PATH_MAX], p2[LW_PATH_MAX];
	char *save, *line = strtok_r(buf, "\n", &save);
	for (line = strtok_r(NULL, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *f[7] = { 0 };
		size_t k = 0;
		for (char *s2, *p = strtok_r(line, "\t", &s2); p && k < 7; p = strtok_r(NULL, "\t", &s2))
			f[k++] = p;
		if (k == 2 && strcmp(f[0], "lock") == 0 && f[1][0]) {
			const char *l = inside(base, f[1], p1, sizeof p1);
			if (*l)
				store_lock_acquire(&lk, l, store_lock_timeout_ms(), &err);   /* as the writers do */
		} else if (k == 6 && strcmp(f[0], "replace") == 0) {
			const char *tmp = inside(base, f[1], p1, sizeof p1), *target = inside(base, f[2], p2, sizeof p2);
			if (*tmp && *target && temp_beside(tmp, target))
				redo_replace(p1, p2, f[3][0] == '1', strtoull(f[4], NULL, 10), strtoull(f[5], NULL, 10));
		} else if (k == 4 && strcmp(f[0], "append") == 0) {
			const char *target = inside(base, f[1], p2, sizeof p2);
			if (*target)
				redo_append(target, strtoll(f[2], NULL, 10), f[3]);
		}
	}
	store_lock_release(&lk);
	store_unlink(path);
	free(buf);
	close(fd);
	return 1;
}

/* Temps of dead writers of ours in the folders below dir too, down to
 * depth levels (RCS writes .rcs/state/sessions/<id>/ beside the root
 * scope), at most SWEEP_DIRS folders in all: a kill -9 there used to leave
 * a temp that only a later write to that very folder removed. Real
 * folders only, never a link. */
#define SWEEP_DIRS 64
static void sweep_below(const char *dir, int depth, int *budget)
{
	DIR *d = depth > 0 ? opendir(dir) : NULL;
	if (!d)
		return;
	struct dirent *e;
	char p[4096 + 300];
	while (*budget > 0 && (e = readdir(d))) {
		struct stat st;
		/* lstat, not d_type: POSIX has no d_type (the strict build). */
		if (e->d_name[0] == '.' ||
		    snprintf(p, sizeof p, "%s/%s", dir, e->d_name) >= (int)sizeof p || lstat(p, &st) != 0 ||
		    !S_ISDIR(st.st_mode))
			continue;
		(*budget)--;
		store_sweep_dir(p);
		sweep_below(p, depth - 1, budget);
	}
	closedir(d);
}

size_t txn_recover_dir(const char *dir)
{
	txn_proof_temps();
	DIR *d = opendir(dir);
	if (!d)
		return 0;
	/* Every record of a dead process, up to a bound: a planted flood
	 * (never applied) costs one small read each and must not hide ours. */
	char (*names)[300] = malloc(RECOVER_MAX_RECORDS * sizeof *names);
	size_t n = 0, more = 0, done = 0, spent = 0;
	struct dirent *e;
	while (names && (e = readdir(d)))
		if (strncmp(e->d_name, TXN_JOURNAL_PREFIX, sizeof TXN_JOURNAL_PREFIX - 1) == 0 && !owner_alive(e->d_name) &&
		    strlen(e->d_name) < sizeof names[0]) {
			if (n < RECOVER_MAX_RECORDS)
				snprintf(names[n++], sizeof names[0], "%s", e->d_name);
			else
				more++;
		}
	closedir(d);
	char p[4096 + 300];
	for (size_t i = 0; i < n; i++) {
		if (snprintf(p, sizeof p, "%s/%s", dir, names[i]) < (int)sizeof p)
			done += (size_t)recover_one(dir, p, &spent);
	}
	free(names);
	if (more) {
		char w[120];
		snprintf(w, sizeof w, "%zu more records than the %d looked at in one run: not read", more, RECOVER_MAX_RECORDS);
		txn_report_refused(dir, w);
	}
	store_sweep_dir(dir);
	/* Below a state folder only: a system whose state lives in the project
	 * folder itself (its root is the project's) would walk the project. */
	const char *project = store_root();
	int budget = SWEEP_DIRS;
	if (!project || strcmp(project, dir) != 0)
		sweep_below(dir, 2, &budget);
	return done;
}

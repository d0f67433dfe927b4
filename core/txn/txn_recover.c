/* txn_recover.c — the next run completes what a killed commit decided.
 *
 * A record exists only once every temp was on disk, so the transaction is
 * rolled forward: each temp still present replaces its file, provided the
 * file still holds the bytes the edit was based on (a file another writer
 * has changed since is theirs: the temp is dropped); each logged entry is
 * appended unless it is already there. Then the record goes, and the temps
 * of dead processes with it. A record whose process still lives, or that
 * is still locked, or cut short (no "end" line), is left alone. */
#include "core/txn/txn.h"
#include "core/txn/txn_journal.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/file.h>

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
		unlink(tmp);
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

/* One record: 1 when it was acted on. */
static int recover_one(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
		close(fd);
		return 0;   /* its commit is still running */
	}
	char *buf = NULL;
	size_t len = 0;
	lw_error err;
	if (store_read_fd(fd, path, 1 << 20, &buf, &len, &err) != STORE_OK ||
	    strncmp(buf, "liza-watch-tx 1\n", 16) != 0 || !strstr(buf, "\nend\n")) {
		/* cut short before it was synced: the commit never began */
		unlink(path);
		free(buf);
		close(fd);
		return 0;
	}
	store_lock lk = { .fd = -1 };
	char *save, *line = strtok_r(buf, "\n", &save);
	for (line = strtok_r(NULL, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *f[7] = { 0 };
		size_t k = 0;
		for (char *s2, *p = strtok_r(line, "\t", &s2); p && k < 7; p = strtok_r(NULL, "\t", &s2))
			f[k++] = p;
		if (k == 2 && strcmp(f[0], "lock") == 0 && f[1][0])
			store_lock_acquire(&lk, f[1], store_lock_timeout_ms(), &err);   /* as the writers do */
		else if (k == 6 && strcmp(f[0], "replace") == 0)
			redo_replace(f[1], f[2], f[3][0] == '1', strtoull(f[4], NULL, 10), strtoull(f[5], NULL, 10));
		else if (k == 4 && strcmp(f[0], "append") == 0)
			redo_append(f[1], strtoll(f[2], NULL, 10), f[3]);
	}
	store_lock_release(&lk);
	unlink(path);
	free(buf);
	close(fd);
	return 1;
}

size_t txn_recover_dir(const char *dir)
{
	DIR *d = opendir(dir);
	if (!d)
		return 0;
	char names[16][300];
	size_t n = 0, done = 0;
	struct dirent *e;
	while ((e = readdir(d)) && n < 16)
		if (strncmp(e->d_name, TXN_JOURNAL_PREFIX, sizeof TXN_JOURNAL_PREFIX - 1) == 0 && !owner_alive(e->d_name) &&
		    strlen(e->d_name) < sizeof names[0])
			snprintf(names[n++], sizeof names[0], "%s", e->d_name);
	closedir(d);
	char p[4096 + 300];
	for (size_t i = 0; i < n; i++) {
		if (snprintf(p, sizeof p, "%s/%s", dir, names[i]) < (int)sizeof p)
			done += (size_t)recover_one(p);
	}
	store_sweep_dir(dir);
	return done;
}

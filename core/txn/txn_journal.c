/* txn_journal.c — see txn_journal.h. The record is lines of tab-separated
 * fields: a header, the lock, then one "replace" or "append" per file, each
 * named below the project's root (or, with none entered, the record's
 * folder). A file outside it, or a path with a tab
 * or a newline, cannot be recorded: such a commit is refused before
 * anything changes. */
#include "core/txn/txn_journal.h"
#include "core/store/store.h"
#include "core/txn/txn_proof.h"
#include "core/util/fileio.h"
#include "core/util/strbuf.h"
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/file.h>

unsigned long long txn_hash(const char *buf, size_t len)
{
	/* FNV-1a over 8-byte words (then the tail bytewise): the record only
	 * needs to tell "the bytes the edit was based on" from any other, and
	 * a 10 MB state must not pay a byte loop. */
	unsigned long long h = 1469598103934665603ULL, w;
	size_t i = 0;
	for (; i + 8 <= len; i += 8) {
		memcpy(&w, buf + i, 8);
		h ^= w;
		h *= 1099511628211ULL;
	}
	for (; i < len; i++) {
		h ^= (unsigned char)buf[i];
		h *= 1099511628211ULL;
	}
	return h;
}

static bool recordable(const char *s)
{
	return s && !strpbrk(s, "\t\n");
}

/* A relative path with no ".." component: it cannot leave its folder. */
static bool confined(const char *r)
{
	if (!r || !*r || *r == '/')
		return false;
	for (const char *c = r; *c;) {
		size_t n = strcspn(c, "/");
		if (n == 2 && c[0] == '.' && c[1] == '.')
			return false;
		c += n;
		while (*c == '/')
			c++;
	}
	return true;
}

const char *txn_journal_rel(const char *dir, const char *path)
{
	if (!path)
		return NULL;
	size_t dl = strlen(dir);
	while (dl > 1 && dir[dl - 1] == '/')
		dl--;
	const char *r;
	if (dl == 1 && dir[0] == '.')
		r = path[0] == '/' ? NULL : path;
	else
		r = strncmp(path, dir, dl) == 0 && path[dl] == '/' ? path + dl + 1 : NULL;
	while (r && r[0] == '.' && r[1] == '/')
		r += 2;
	return confined(r) ? r : NULL;
}

int txn_journal_write(txn_journal *j, const char *dir, const char *lock, const txn_jent *e, size_t n, lw_error *err)
{
	j->fd = -1;
	strbuf b;
	strbuf_init(&b);
	/* Every file by its path below the project's root (version 3), or,
	 * with no root entered, below dir, the record's folder (version 2): the
	 * record means the same files from any working directory, and names no
	 * other. */
	const char *base = store_root() ? store_root() : dir;
	const char *rlock = lock ? txn_journal_rel(base, lock) : "";
	strbuf_printf(&b, "%slock\t%s\n", store_root() ? TXN_JOURNAL_MAGIC4_ROOT : TXN_JOURNAL_MAGIC4_FOLDER,
	              rlock ? rlock : "");
	bool ok = rlock && (!lock || recordable(lock));
	for (size_t i = 0; i < n; i++) {
		const char *tmp = e[i].append ? NULL : txn_journal_rel(base, e[i].tmp);
		const char *target = txn_journal_rel(base, e[i].target);
		ok = ok && (e[i].append || (tmp && recordable(tmp))) && target && recordable(target);
		if (!ok)
			break;
		if (e[i].append) {
			/* The entry in hex: one fsync fewer than a temp file of its own. */
			strbuf_printf(&b, "append\t%s\t%lld\t", target, e[i].offset);
			for (size_t k = 0; k < e[i].dlen; k++)
				strbuf_printf(&b, "%02x", (unsigned char)e[i].data[k]);
			strbuf_adds(&b, "\n");
		} else
			strbuf_printf(&b, "replace\t%s\t%s\t%d\t%llu\t%llu\n", tmp, target, e[i].is_new ? 1 : 0,
			              e[i].size, e[i].hash);
	}
	strbuf_adds(&b, "end\n");   /* a record cut short by a crash has no end line: never acted on */
	/* The proof, over every byte above and the project's identity: the
	 * only records recovery applies. No key, no record, no commit. */
	char hex[TXN_PROOF_HEX + 1], why[4600], canon[PATH_MAX];
	const char *id = store_root() ? store_root() : lw_realpath(dir, canon, sizeof canon) == 0 ? canon : NULL;
	if (ok && (!id || txn_proof_mac(id, b.buf, b.len, true, hex, why, sizeof why) < 0)) {
		if (!id)
			snprintf(why, sizeof why, "cannot resolve %s: %s", dir, strerror(errno));
		strbuf_free(&b);
		lw_error_set(err, dir, 0, 0, "cannot prove the commit record: %s; nothing written", why);
		return -1;
	}
	if (ok)
		strbuf_printf(&b, TXN_JOURNAL_MAC "%s\n", hex);
	if (!ok) {
		strbuf_free(&b);
		lw_error_set(err, dir, 0, 0,
		             "a file is outside %s or its name holds a tab or a newline: cannot record the commit; nothing written",
		             store_root() ? "the project" : "this folder");
		return -1;
	}
	/* Written whole under a temp's name (".liza-watch-rec.<pid>.<proof>.lw-XXXXXX":
	 * a kill leaves a dead temp of ours, swept like any other), then linked to the
	 * record's name: a record is never seen cut short, so one without its
	 * proof line is never ours to drop. Both in the folder opened beneath
	 * the project's root. */
	int w = snprintf(j->path, sizeof j->path, "%s/liza-watch-rec", dir);
	char name[NAME_MAX + 1];
	int dfd = w > 0 && (size_t)w < sizeof j->path ? store_dir_open(j->path, false, name, sizeof name, NULL, err) : -1;
	errno = ENAMETOOLONG;
	int fd = dfd >= 0 && store_temp_template(dfd, "liza-watch-rec", name, sizeof name)
	             ? store_temp_create(dfd, name, O_CLOEXEC)
	             : -1;
	int oe = errno;
	if (fd < 0) {
		if (dfd >= 0 || !err->set)
			lw_error_set(err, dir, 0, 0, "cannot create the commit record: %s; nothing written", strerror(oe));
		if (dfd >= 0)
			close(dfd);
		strbuf_free(&b);
		return -1;
	}
	(void)flock(fd, LOCK_EX);   /* the inode's: held under the record's name too */
	size_t off = 0;
	int e2 = 0;
	while (off < b.len && !e2) {
		ssize_t k = write(fd, b.buf + off, b.len - off);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			e2 = k < 0 ? errno : ENOSPC;
		else
			off += (size_t)k;
	}
	if (!e2 && fsync(fd) != 0)
		e2 = errno;
	strbuf_free(&b);
	/* The record's name: the temp's random tail, changed on a clash. */
	char rec[NAME_MAX + 1];
	const char *tail = strrchr(name, '-') + 1;
	for (int i = 0; !e2; i++) {
		snprintf(rec, sizeof rec, TXN_JOURNAL_PREFIX "%ld.lw-%s", (long)getpid(), tail);
		if (i)
			rec[strlen(rec) - 1] = "0123456789abcdefghijklmnopqrstuvwxyz"[i % 36];
		if (linkat(dfd, name, dfd, rec, 0) == 0)
			break;
		if (errno != EEXIST || i >= 36)
			e2 = errno;
	}
	(void)unlinkat(dfd, name, 0);
	/* The record's entry is newer than its fsync: the folder's own sync
	 * makes it survive a power cut as well as a kill. */
	if (!e2 && fsync(dfd) != 0 && errno != EINVAL && errno != ENOTSUP) {
		e2 = errno;
		(void)unlinkat(dfd, rec, 0);
	}
	close(dfd);
	if (e2) {
		close(fd);
		lw_error_set(err, dir, 0, 0, "cannot write the commit record: %s; nothing written", strerror(e2));
		return -1;
	}
	char *slash = strrchr(j->path, '/');
	snprintf(slash + 1, sizeof j->path - (size_t)(slash + 1 - j->path), "%s", rec);
	j->fd = fd;
	return 0;
}

void txn_journal_done(txn_journal *j)
{
	if (j->fd < 0)
		return;
	/* No directory sync: a record that comes back after a crash describes
	 * a finished commit, and recovering it changes nothing. */
	store_unlink(j->path);
	close(j->fd);
	j->fd = -1;
}

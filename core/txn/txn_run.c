/* txn_run.c — the engine behind txn.h: attempts, each from a fresh quiet
 * read of every file, until one commits, a file keeps changing, or a writer
 * holds a file open past the busy budget. */
#include "core/txn/txn.h"
#include "platform/platform.h"
#include "core/txn/txn_journal.h"
#include "core/txn/txn_proof.h"
#include "core/txn/txn_quiet.h"
#include "core/util/inputs.h"
#include <assert.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>

enum { CHANGED = 20 };        /* attempt: a file changed between edit and swap */

typedef struct slot {
	char *base;               /* bytes the edit saw; NULL: no file */
	size_t len;
	bool changed;
	strbuf out;
	char target[PATH_MAX], tmp[PATH_MAX];
	bool has_tmp;
	txn_hold hold;
	txn_hold mine;            /* a lease on our temp while it is swapped in */
	long long offset;         /* append: the log's size at commit */
} slot;

/* Where one attempt stands, in the only order its steps may run: each step
 * asserts the phase it starts from (SQLite's assert_pager_state), so a
 * change that swaps before holding, or appends before the record, stops
 * in the tests instead of losing a write. */
typedef enum phase {
	PH_IDLE,                  /* nothing read, nothing of ours on disk */
	PH_EDITED,                /* every file read and edited */
	PH_STAGED,                /* each replacement in a synced temp */
	PH_HELD,                  /* each replaced file held and compared whole again */
	PH_RECORDED,              /* the record written, where there is more than one file */
	PH_APPENDED,              /* the appends made */
	PH_SWAPPED,               /* every file in place */
} phase;

typedef struct run {
	const txn *t;
	phase ph;
	slot *s;
	const char *busy_path;    /* the file a writer had open, for the message */
	char who[64];             /* and who, when known */
	bool swapped_any;         /* a file of ours is in place */
} run;

int txn_busy_ms(void)
{
	return (int)lw_getenv_long("LIZA_WATCH_BUSY_MS", 0, 600000, TXN_BUSY_MS);
}

static long long now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Step from the phase `from` to `to`. */
static void step(run *r, phase from, phase to)
{
	assert(r->ph == from);
	r->ph = to;
}

static void reset(run *r)
{
	r->ph = PH_IDLE;
	for (size_t i = 0; i < r->t->n; i++) {
		slot *s = &r->s[i];
		txn_hold_release(&s->hold);
		txn_hold_release(&s->mine);
		if (s->has_tmp)
			store_unlink(s->tmp);
		s->has_tmp = false;
		free(s->base);
		s->base = NULL;
		s->len = 0;
		s->changed = false;
		strbuf_free(&s->out);
		strbuf_init(&s->out);
	}
}

static void dir_of(const char *path, char *out, size_t n)
{
	const char *slash = strrchr(path, '/');
	if (!slash)
		snprintf(out, n, ".");
	else
		snprintf(out, n, "%.*s", (int)(slash == path ? 1 : slash - path), path);
}

/* Read every file quietly and run the edits: 0 (edits done), or a code. */
static int edit_all(run *r, size_t *nchanged, lw_error *err)
{
	const txn *t = r->t;
	assert(r->ph == PH_IDLE);
	*nchanged = 0;
	for (size_t i = 0; i < t->n; i++) {
		slot *s = &r->s[i];
		const txn_file *f = &t->files[i];
		txn_hold h = { .fd = -1 };
		/* A log is appended to, never replaced: its writers' lock (held) is
		 * all it needs, and a `tail -f` on it must not hold us up. */
		int rc = f->mode == TXN_APPEND ? store_read(f->path, STORE_MAX_FILE_BYTES, &s->base, &s->len, err)
		                               : txn_quiet_read(f->path, false, &h, &s->base, &s->len, err);
		if (rc == STORE_OK && !s->len && !f->may_be_empty && f->mode == TXN_REPLACE && h.quiet) {
			lw_error_set(err, f->path, 0, 0, "is empty; nothing written");
			return STORE_ERR;
		}
		if (rc == TXN_BUSY || (rc == STORE_OK && !s->len && !f->may_be_empty && f->mode == TXN_REPLACE)) {
			r->busy_path = f->path;
			snprintf(r->who, sizeof r->who, "%s", h.who);   /* open by a writer, or caught empty between its truncate and write */
			return TXN_BUSY;
		}
		if (rc == STORE_ERR)
			return STORE_ERR;
		rc = f->edit(s->base, s->len, &s->out, f->ctx, err);
		if (rc == EDIT_TORN && h.quiet)
			return STORE_ERR;   /* nobody is writing it: it is broken, not torn (err says how) */
		if (rc == EDIT_TORN) {
			r->busy_path = f->path;
			return TXN_BUSY;
		}
		if (rc == EDIT_NOCHANGE)
			continue;
		if (rc != 0)
			return rc;
		if (f->mode == TXN_APPEND && !s->base)
			continue;   /* no log: nothing is created */
		s->changed = true;
		(*nchanged)++;
	}
	step(r, PH_IDLE, PH_EDITED);
	return 0;
}

/* Hold every changed file again and compare its whole bytes. */
static int hold_all(run *r, lw_error *err)
{
	assert(r->ph == PH_STAGED);
	for (size_t i = 0; i < r->t->n; i++) {
		slot *s = &r->s[i];
		if (!s->changed || r->t->files[i].mode == TXN_APPEND)
			continue;
		char *now = NULL;
		size_t len = 0;
		int rc = txn_quiet_read(r->t->files[i].path, true, &s->hold, &now, &len, err);
		bool same = s->base ? rc == STORE_OK && len == s->len && memcmp(now, s->base, len) == 0 : rc == STORE_ENOENT;
		free(now);
		if (rc == TXN_BUSY) {
			r->busy_path = r->t->files[i].path;
			snprintf(r->who, sizeof r->who, "%s", s->hold.who);
			return TXN_BUSY;
		}
		if (rc == STORE_ERR)
			return STORE_ERR;
		if (!same)
			return CHANGED;
	}
	for (size_t i = 0; i < r->t->n; i++)
		if (!txn_hold_intact(&r->s[i].hold)) {
			r->busy_path = r->t->files[i].path;
			return TXN_BUSY;   /* a writer started to open it meanwhile: let it go first */
		}
	step(r, PH_STAGED, PH_HELD);
	return 0;
}

/* Undo the appends already made (we hold the lock their writers take). */
static void unappend(run *r, size_t upto)
{
	assert(r->ph == PH_RECORDED || r->ph == PH_APPENDED);   /* appends come after the record */
	for (size_t i = 0; i < upto; i++) {
		slot *s = &r->s[i];
		if (s->changed && r->t->files[i].mode == TXN_APPEND && s->offset >= 0)
			(void)store_truncate(r->t->files[i].path, s->offset);
	}
}

/* Put every new file in place by exchanging it with the file (its old inode
 * stays at the temp name). A rename-writer (oh-my-codex's writeFile) that
 * replaced the file after our compare shows up as a swapped-out inode that
 * is not the one we compared and hold: then every exchange is undone, its
 * write is back in place, and the transaction is redone on it. */
/* Where there is no exchange (the BSDs, macOS, PORTABLE) a rename cannot
 * be checked or undone afterwards: the last look is taken just before the
 * renames instead. Each replaced file must still be the inode compared and
 * held, its size the bytes the edit saw; a writer that landed since (by
 * rename, or in place) means redo. What is left is the instant between
 * this look and the rename (docs/transactions.md, "Per platform"). */
/* With the exchange it is taken too: the record's fsync lies between the
 * compare and the swap, and a rename landing there need not be swapped in
 * and undone (docs/transactions.md, "Swap"). */
static bool last_look_unchanged(const run *r)
{
	for (size_t i = 0; i < r->t->n; i++) {
		const slot *s = &r->s[i];
		if (!s->changed || r->t->files[i].mode != TXN_REPLACE || !s->base)
			continue;
		struct stat now, held;
		if (stat(s->target, &now) != 0 || s->hold.fd < 0 || fstat(s->hold.fd, &held) != 0 ||
		    now.st_ino != held.st_ino || now.st_dev != held.st_dev || (size_t)held.st_size != s->len)
			return false;
		/* Rewritten in place since the compare, to the same size (a
		 * counter's next value): the same inode and size say nothing. */
		if (txn_changed_ns(s->hold.fd) != s->hold.changed_ns)
			return false;
	}
	return true;
}

/* Our temp leased before it is swapped in: while it is in place, a
 * writer that opens it (to base its next write on it) waits on the lease,
 * and the lease tells us so. Without a lease (none here, or the file open
 * elsewhere) the undo below is as blind as before. */
static void guard_temp(slot *s)
{
	txn_hold_release(&s->mine);
	s->mine.fd = store_temp_open(s->tmp, s->target);
	s->mine.leased = s->mine.fd >= 0 && platform_lease_take(s->mine.fd);
	if (!s->mine.leased)
		txn_hold_release(&s->mine);
}

static bool same_inode(const char *path, int fd)
{
	struct stat a, b;
	return fd >= 0 && stat(path, &a) == 0 && fstat(fd, &b) == 0 && a.st_ino == b.st_ino && a.st_dev == b.st_dev;
}

/* Their file back in place, ours at the temp. A rename-writer may have
 * landed over our file since, its write based on what it read before
 * (nobody has read ours while the lease holds): then its file is the
 * newest and stays, and nothing is exchanged (an undo would put the older
 * one back where the writer's next round reads it). The same in the
 * instant between that look and the exchange: the temp then holds their
 * file after the undo, and it goes back in place. A writer
 * waiting on our lease will read our file as soon as we let go, and base
 * its next write on it: so our file is first given the bytes now in
 * place, and what it reads is what it would have read without us. */
static void undo_swap(slot *s, lw_error *err)
{
	if (!s->mine.leased) {
		(void)store_temp_swap(s->tmp, s->target, err);
		return;
	}
	/* Ours replaced already, by a write not based on it: it stays. Else
	 * the undo, and if a rename landed in the instant before it, back. */
	if (same_inode(s->target, s->mine.fd)) {
		(void)store_temp_swap(s->tmp, s->target, err);
		if (!same_inode(s->tmp, s->mine.fd))
			(void)store_temp_swap(s->tmp, s->target, err);
	}
	if (txn_hold_intact(&s->mine) || same_inode(s->target, s->mine.fd))
		return;   /* nobody waits to read it (or it is still in place: reading it would wait on ourselves) */
	char *now = NULL;
	size_t len = 0;
	lw_error e;
	if (store_read(s->target, STORE_MAX_FILE_BYTES, &now, &len, &e) == STORE_OK)
		(void)store_temp_refill(s->mine.fd, now, len);
	free(now);
}

/* (The leases are still held here; they are released after this.) */
static int swap_all(run *r, lw_error *err)
{
	const txn *t = r->t;
	bool clobbered = false;
	assert(r->ph == PH_APPENDED);
	r->swapped_any = false;
	if (!last_look_unchanged(r))
		return CHANGED;
	size_t done[256], nd = 0;
	int rc = STORE_OK;
	for (size_t i = 0; i < t->n && rc == STORE_OK; i++) {
		slot *s = &r->s[i];
		if (!s->changed || t->files[i].mode != TXN_REPLACE)
			continue;
		if (!s->base) {   /* a new file: never over one created meanwhile */
			rc = store_temp_commit(s->tmp, s->target, true, err);
			s->has_tmp = false;
			if (rc == STORE_EXISTS)
				rc = CHANGED;
			r->swapped_any |= rc == STORE_OK;
			continue;
		}
		guard_temp(s);
		rc = store_temp_swap(s->tmp, s->target, err);
		if (rc == STORE_EXISTS) {   /* no exchange here: a plain rename was made */
			s->has_tmp = false;
			r->swapped_any = true;
			rc = STORE_OK;
			continue;
		}
		if (rc != STORE_OK) {
			s->has_tmp = false;
			break;
		}
		r->swapped_any = true;
		struct stat was, held;
		if (stat(s->tmp, &was) != 0 || s->hold.fd < 0 || fstat(s->hold.fd, &held) != 0 || was.st_ino != held.st_ino ||
		    was.st_dev != held.st_dev)
			clobbered = true;
		if (nd < sizeof done / sizeof *done)
			done[nd++] = i;
	}
	/* An in-place writer that started to open the file before our exchange
	 * is blocked on the lease of the old inode and would write to it once
	 * we let go: a broken lease means exactly that (an open after the
	 * exchange would not touch the old inode). Give it its file back. */
	for (size_t k = 0; k < nd; k++)
		if (!txn_hold_intact(&r->s[done[k]].hold))
			clobbered = true;
	if (clobbered && nd == (size_t)0)
		return CHANGED;
	if (clobbered) {
		for (size_t k = nd; k-- > 0;)
			undo_swap(&r->s[done[k]], err);
		r->swapped_any = false;
		return CHANGED;
	}
	for (size_t k = 0; k < nd; k++)
		(void)store_fsync_dir_of(r->s[done[k]].target);
	if (rc == STORE_OK)
		step(r, PH_APPENDED, PH_SWAPPED);
	return rc;
}

static int commit_with(run *r, bool journal, txn_jent *ents, txn_journal *jp, lw_error *err);

static int commit(run *r, size_t nchanged, lw_error *err)
{
	const txn *t = r->t;
	txn_journal j = { .fd = -1 };
	bool journal = nchanged > 1;
	txn_jent *ents = calloc(nchanged, sizeof *ents);
	if (!ents) {
		lw_error_set(err, t->files[0].path, 0, 0, "out of memory; nothing written");
		return STORE_ERR;
	}
	int rc = commit_with(r, journal, ents, &j, err);
	free(ents);
	return rc;
}

static int commit_with(run *r, bool journal, txn_jent *ents, txn_journal *jp, lw_error *err)
{
	const txn *t = r->t;
	txn_journal j = *jp;
	size_t ne = 0;
	assert(r->ph == PH_EDITED);
	for (size_t i = 0; i < t->n; i++) {
		slot *s = &r->s[i];
		s->offset = -1;
		if (!s->changed)
			continue;
		bool app = t->files[i].mode == TXN_APPEND;
		if (app) {
			struct stat st;
			s->offset = stat(t->files[i].path, &st) == 0 ? (long long)st.st_size : 0;
			ents[ne++] = (txn_jent){ .append = true, .target = t->files[i].path, .data = s->out.buf,
			                         .dlen = s->out.len, .offset = s->offset };
			continue;   /* appended in place: no temp */
		}
		if (store_temp_write(t->files[i].path, s->out.buf ? s->out.buf : "", s->out.len, s->target, s->tmp, err) !=
		    STORE_OK)
			return STORE_ERR;
		s->has_tmp = true;
		ents[ne++] = (txn_jent){ .tmp = s->tmp, .target = s->target, .is_new = !s->base, .size = s->len,
		                         .hash = s->base ? txn_hash(s->base, s->len) : 0 };
	}
	step(r, PH_EDITED, PH_STAGED);
	int rc = hold_all(r, err);
	if (rc != 0)
		return rc;
	(void)jp;
	if (journal && txn_journal_write(&j, t->journal_dir ? t->journal_dir : ".", t->lock, ents, ne, err) < 0)
		return STORE_ERR;
	step(r, PH_HELD, PH_RECORDED);
	for (size_t i = 0; i < t->n; i++) {
		slot *s = &r->s[i];
		if (!s->changed || t->files[i].mode != TXN_APPEND)
			continue;
		/* With a record, the record holds the entry: no fsync of the log. */
		if (store_append(t->files[i].path, s->out.buf, s->out.len, !journal, &s->offset, err) != STORE_OK) {
			unappend(r, i);
			txn_journal_done(&j);
			return STORE_ERR;
		}
	}
	step(r, PH_RECORDED, PH_APPENDED);
	rc = swap_all(r, err);
	if (rc == CHANGED || (rc != STORE_OK && !r->swapped_any)) {
		unappend(r, t->n);   /* nothing of ours is in place: the appends go too */
		txn_journal_done(&j);
		return rc;
	}
	if (rc != STORE_OK) {
		/* Half done and the rest cannot follow now: the record stays for
		 * the next run to finish. */
		lw_error_set(err, t->files[0].path, 0, 0, "cannot rename a temp file: the next liza-watch run completes "
		             "this transaction");
		return STORE_ERR;
	}
	for (size_t i = 0; i < t->n; i++) {
		slot *s = &r->s[i];
		txn_hold_release(&s->hold);
		txn_hold_release(&s->mine);
		if (s->has_tmp)
			store_unlink(s->tmp);   /* now the replaced inode: the file as it was */
		s->has_tmp = false;
	}
	txn_journal_done(&j);
	return STORE_OK;
}

/* Wait a little for a writer to finish; growing, never past the deadline. */
static void pause_ms(long ms, long long deadline)
{
	long long left = deadline - now_ms();
	if (left <= 0)
		return;
	if (ms > left)
		ms = (long)left;
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };
	while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
		;
}

/* A path the boundary refuses (store_root.c): STORE_ERR with err naming
 * the link. Anything else (a folder not made yet, a missing log) is for
 * the attempt to meet. */
static int outside(const char *path, bool follow, lw_error *err)
{
	if (!path)
		return 0;
	char base[NAME_MAX + 1];
	int fd = store_dir_open(path, follow, base, sizeof base, NULL, err);
	if (fd >= 0) {
		close(fd);
		return 0;
	}
	if (errno == EXDEV)
		return STORE_ERR;
	lw_error_clear(err);
	return 0;
}

/* Every file, lock and record folder of t beneath the root, before
 * anything is swept, recovered, locked or created. */
static int check_boundary(const txn *t, lw_error *err)
{
	/* The files first: the message names the link a human will recognise. */
	for (size_t i = 0; i < t->n; i++)
		if (outside(t->files[i].path, true, err))
			return STORE_ERR;
	if (outside(t->lock, true, err) || (!t->lock && outside(t->join_lock, true, err)))
		return STORE_ERR;
	char rec[PATH_MAX];
	if (t->journal_dir && (size_t)snprintf(rec, sizeof rec, "%s/" TXN_JOURNAL_PREFIX, t->journal_dir) < sizeof rec &&
	    outside(rec, false, err))
		return STORE_ERR;
	return 0;
}

int txn_run(const txn *t, lw_error *err)
{
	txn_proof_temps();   /* our temps carry proof, and only those are swept */
	if (check_boundary(t, err))
		return STORE_ERR;
	if (t->journal_dir)
		txn_recover_dir(t->journal_dir);   /* before our lock: recovery takes it itself */
	char dir[PATH_MAX], last[PATH_MAX] = "";
	for (size_t i = 0; i < t->n; i++) {
		dir_of(t->files[i].path, dir, sizeof dir);
		if (strcmp(dir, last) != 0)
			store_sweep_dir(dir);   /* temps of killed writers, ours included */
		snprintf(last, sizeof last, "%s", dir);
	}
	store_lock lk = { .fd = -1 };
	int wait_ms = t->lock_timeout_ms ? t->lock_timeout_ms : store_lock_timeout_ms();
	if (t->lock && store_lock_acquire(&lk, t->lock, wait_ms, err) != STORE_OK)
		return STORE_ERR;
	if (!t->lock && t->join_lock && store_lock_join(&lk, t->join_lock, wait_ms, err) == STORE_ERR)
		return STORE_ERR;
	slot *s = calloc(t->n ? t->n : 1, sizeof *s);
	if (!s) {
		store_lock_release(&lk);
		lw_error_set(err, t->n ? t->files[0].path : "", 0, 0, "out of memory; nothing written");
		return STORE_ERR;
	}
	for (size_t i = 0; i < t->n; i++) {
		strbuf_init(&s[i].out);
		s[i].hold.fd = -1;
		s[i].mine.fd = -1;
	}
	run r = { .t = t, .s = s };
	long long deadline = now_ms() + txn_busy_ms();
	long wait = 1, cwait = 1;
	int rc = CHANGED, tries = 0;
	const char *moved = NULL;
	while (rc == CHANGED || rc == TXN_BUSY) {
		reset(&r);
		if (t->begin)
			t->begin(t->ctx);
		lw_error_clear(err);
		size_t nchanged;
		rc = edit_all(&r, &nchanged, err);
		if (rc == 0)
			rc = nchanged ? commit(&r, nchanged, err) : STORE_OK;
		if (rc == CHANGED) {
			moved = "changed";
			if (++tries >= TXN_TRIES)
				break;
			/* A reader's open breaks our lease too (a HUD reloading the
			 * file, a peer's cat): redoing at once races the same reader
			 * again. 1, 2, 4 … 64 ms between rounds, 127 ms at most. */
			pause_ms(cwait, now_ms() + cwait);
			cwait *= 2;
		} else if (rc == TXN_BUSY) {
			if (now_ms() >= deadline)
				break;
			pause_ms(wait, deadline);
			wait = wait * 2 > 50 ? 50 : wait * 2;
		}
	}
	if (rc == CHANGED) {
		lw_error_set(err, t->files[0].path, 0, 0, "kept changing under us (%s %d times); nothing written", moved,
		             TXN_TRIES);
		rc = STORE_ERR;
	} else if (rc == TXN_BUSY) {
		if (r.who[0])
			lw_error_set(err, r.busy_path ? r.busy_path : t->files[0].path, 0, 0,
			             "still open for writing by %s after %d ms; nothing written, try again", r.who, txn_busy_ms());
		else
			lw_error_set(err, r.busy_path ? r.busy_path : t->files[0].path, 0, 0,
			             "still being written by another process after %d ms (empty, changing or cut short); "
			             "nothing written, try again", txn_busy_ms());
		rc = STORE_ERR;
	}
	reset(&r);
	free(s);
	store_lock_release(&lk);
	return rc;
}

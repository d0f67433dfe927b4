/* liza_tx.c — the transitions an operator fires on Liza state, exactly the
 * fields liza-submit-verdict.sh writes (docs/systems/liza.md), so a Liza
 * supervisor reads our verdicts as its own. Every write is one transaction
 * (core/txn/txn.h) under .liza/state.yaml.lock, the lock the Liza scripts
 * take with flock -x: state.yaml replaced and log.yaml appended to, both or
 * neither, after re-checking the task against what the operator saw
 * (compare-and-swap). */
#include "systems/liza/shell/liza_tx.h"
#include "core/edit/edit.h"
#include "systems/liza/liza_log.h"
#include "core/util/fileio.h"
#include "core/util/inputs.h"
#include <sys/stat.h>
#include "core/store/store.h"
#include "core/txn/txn.h"
#include "core/util/timeparse.h"
#include "core/model/tx.h"
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { G_REVIEW_LEASE = 1 };

static const tx_row liza_rows[] = {
	{ "READY_FOR_REVIEW", "approve", "APPROVED", TX_CONFIRM, G_REVIEW_LEASE, "approve the work under review" },
	{ "READY_FOR_REVIEW", "reject", "REJECTED", TX_REASON, G_REVIEW_LEASE, "reject it, with a reason" },
	{ "CLAIMED", "block", "BLOCKED", TX_REASON | TX_QUESTION, 0, "block it: a reason and a question for the planner" },
	{ "UNCLAIMED", "block", "BLOCKED", TX_REASON | TX_QUESTION, 0, "block it: a reason and a question for the planner" },
	{ "REJECTED", "block", "BLOCKED", TX_REASON | TX_QUESTION, 0, "block it: a reason and a question for the planner" },
	{ "*", "note", NULL, TX_REASON, 0, "leave a note for the agents about this task" },
	{ NULL, "note", NULL, TX_REASON, 0, "leave a note for the agents" },
	{ NULL, "pause", NULL, 0, 0, "pause every agent (creates .liza/PAUSE)" },
	{ NULL, "resume", NULL, 0, 0, "let the agents go on (removes .liza/PAUSE)" },
	{ NULL, "abort", NULL, TX_CONFIRM, 0, "stop every agent (creates .liza/ABORT)" },
	{ NULL, "clear-checkpoint", NULL, 0, 0, "end the checkpoint (removes .liza/CHECKPOINT)" },
};

static bool is_reviewer_id(const char *as)
{
	regex_t re;
	if (regcomp(&re, "^code-reviewer-[0-9]+$", REG_EXTENDED | REG_NOSUB) != 0)
		return false;
	bool ok = regexec(&re, as, 0, NULL, 0) == 0;
	regfree(&re);
	return ok;
}

/* s as one shell word: as it is when it holds only plain characters, else
 * in single quotes. */
static void shell_word(const char *s, char *out, size_t n)
{
	if (strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+~,=") == strlen(s)) {
		snprintf(out, n, "%s", s);
		return;
	}
	size_t o = 0;
	if (o + 1 < n)
		out[o++] = '\'';
	for (const char *c = s; *c && o + 5 < n; c++) {
		if (*c == '\'') {
			memcpy(out + o, "'\\''", 4);
			o += 4;
		} else {
			out[o++] = *c;
		}
	}
	if (o + 1 < n)
		out[o++] = '\'';
	out[o] = '\0';
}

/* The project folder (the .liza folder's parent) as a shell word, for a
 * command the operator may paste anywhere: a hint without -C works only
 * from inside the project. Below the home folder it reads ~/..., as the
 * HUD's header names it (the shell expands the ~ of ~/'a b' too). */
static void project_arg(const char *liza_dir, char *out, size_t n)
{
	char proj[LW_PATH_MAX];
	snprintf(proj, sizeof proj, "%s", liza_dir);
	char *slash = strrchr(proj, '/');
	if (slash && strcmp(slash, "/.liza") == 0)
		*slash = '\0';
	if (!proj[0])
		snprintf(proj, sizeof proj, "/");
	const char *home = lw_getenv("HOME");
	size_t hl = home ? strlen(home) : 0;
	if (home && home[0] == '/' && hl > 1 && strncmp(proj, home, hl) == 0 && proj[hl] == '/' && proj[hl + 1] &&
	    n > 2) {
		memcpy(out, "~/", 2);
		shell_word(proj + hl + 1, out + 2, n - 2);
		return;
	}
	shell_word(proj, out, n);
}

/* Said before the write (the HUD's prompt) and after it (the result's note). */
void liza_advise(const char *root, const char *event, const char *subject, const char *as, char *buf, size_t n)
{
	buf[0] = '\0';
	if (strcmp(event, "approve") == 0 && !is_reviewer_id(as)) {
		/* The way out is a command that works as printed, from any folder
		 * (-C names the project, quoted; --as may follow it). */
		char *proj = malloc(LW_PATH_MAX);
		if (proj)
			project_arg(root, proj, LW_PATH_MAX);
		snprintf(buf, n,
		         "approved_by is '%s': no reviewer supervisor will merge %s; merge it yourself, or approve as a "
		         "reviewer: liza-watch -C %s approve %s --as code-reviewer-1",
		         as, subject, proj ? proj : ".", subject);
		free(proj);
	} else if (strcmp(event, "approve") == 0)
		snprintf(buf, n, "the reviewer supervisor running as %s merges %s", as, subject);
}

const tx_table liza_tx_table = { "liza", liza_rows, sizeof liza_rows / sizeof *liza_rows };

static int lever(const char *dir, const tx_request *rq, tx_result *res)
{
	char p[LW_PATH_MAX];
	lw_error err;
	lw_error_clear(&err);
	const char *ev = rq->event;
	const char *name = strcmp(ev, "pause") == 0 || strcmp(ev, "resume") == 0 ? "PAUSE"
	                 : strcmp(ev, "abort") == 0 ? "ABORT" : "CHECKPOINT";
	lw_path_join(p, sizeof p, dir, name);
	bool create = strcmp(ev, "pause") == 0 || strcmp(ev, "abort") == 0;
	int rc = create ? store_touch_marker(p, &err) : store_remove_marker(p, &err);
	char msg[1200];
	if (rc == STORE_ERR) {
		tx_set(res, TX_IO, "%s", lw_error_format(&err, msg, sizeof msg));
		return res->rc;
	}
	if (rc == STORE_EXISTS)
		tx_set(res, TX_DONE, "%s already exists (left as it was, so its age stays right)", p);
	else if (rc == STORE_ENOENT)
		tx_set(res, TX_DENIED, "%s does not exist: nothing to %s", p, ev);
	else
		tx_set(res, TX_DONE, "%s %s", create ? "created" : "removed", p);
	return res->rc;
}

static const doc_node *find_task(const doc *d, const char *id)
{
	for (const doc_node *i = doc_seq_first(doc_get(d->root, "tasks")); i; i = i->next) {
		const char *tid = doc_str(doc_get(i, "id"));
		if (tid && strcmp(tid, id) == 0)
			return doc_deref(i);
	}
	return NULL;
}

/* The fields one row writes, as edits on the task (and root for notes). */
static int task_edits(editor *ed, const doc *d, const doc_node *task, const tx_request *rq, const char *ts)
{
	const char *ev = rq->event;
	int rc = 0;
	if (strcmp(ev, "approve") == 0) {
		rc |= edit_set_scalar(ed, task, "status", edit_str("APPROVED"));
		rc |= edit_set_scalar(ed, task, "approved_by", edit_str(rq->as));
		rc |= edit_set_scalar(ed, task, "rejection_reason", edit_null());
		rc |= edit_set_scalar(ed, task, "reviewing_by", edit_null());
		rc |= edit_set_scalar(ed, task, "review_lease_expires", edit_null());
		edit_pair h[] = { { "time", edit_str(ts) }, { "event", edit_str("approved") }, { "agent", edit_str(rq->as) } };
		rc |= edit_append_item(ed, task, "history", h, 3);
	} else if (strcmp(ev, "reject") == 0) {
		rc |= edit_set_scalar(ed, task, "status", edit_str("REJECTED"));
		rc |= edit_set_scalar(ed, task, "rejection_reason", edit_str(rq->reason));
		rc |= edit_set_scalar(ed, task, "reviewing_by", edit_null());
		rc |= edit_set_scalar(ed, task, "review_lease_expires", edit_null());
		edit_pair h[] = { { "time", edit_str(ts) }, { "event", edit_str("rejected") }, { "agent", edit_str(rq->as) },
		                  { "reason", edit_str(rq->reason) } };
		rc |= edit_append_item(ed, task, "history", h, 4);
	} else if (strcmp(ev, "block") == 0) {
		rc |= edit_set_scalar(ed, task, "status", edit_str("BLOCKED"));
		rc |= edit_set_scalar(ed, task, "blocked_reason", edit_str(rq->reason));
		rc |= edit_append_scalar(ed, task, "blocked_questions", edit_str(rq->question));
		edit_pair h[] = { { "time", edit_str(ts) }, { "event", edit_str("blocked") }, { "agent", edit_str(rq->as) },
		                  { "reason", edit_str(rq->reason) } };
		rc |= edit_append_item(ed, task, "history", h, 4);
	} else if (strcmp(ev, "note") == 0) {
		edit_pair n[] = { { "timestamp", edit_str(ts) }, { "message", edit_str(rq->reason) },
		                  { "for", edit_str(rq->subject ? rq->subject : "all") } };
		rc |= edit_append_item(ed, d->root, "human_notes", n, 3);
	}
	return rc ? -1 : 0;
}

typedef struct ltx {
	const char *dir, *state_path, *log_path;
	const tx_request *rq;
	const tx_row *lever;      /* a project-wide note, else NULL */
	tx_result *res;
	char ts[32];
	bool wrote;               /* this attempt changes state.yaml */
	char log_note[256];
	/* Prepared before the lock on what the caller holds (liza_held): the
	 * edit of held->d's bytes, replayed under the lock when the file still
	 * has exactly those bytes. */
	const liza_held *held;
	bool prepared;
	int pre_rc;               /* state_edit's answer on held->d */
	tx_result pre_res;
	bool pre_wrote;
	strbuf pre_out;
} ltx;

static int deny(ltx *x, tx_rc rc)
{
	x->res->rc = rc;
	return EDIT_DENIED;
}

/* The guards and edits on one parse of state.yaml (d, whose generation
 * is known when detected): 0 with the new file in out, or EDIT_DENIED with
 * res saying why. The edit is verified on the edited task alone when that
 * is provably a full parse's tree (edit_verify_within). */
static int state_edit_doc(ltx *x, doc *dp, bool detected, strbuf *out, lw_error *err)
{
	const tx_request *rq = x->rq;
	tx_result *res = x->res;
	char *o = NULL, msg[1200];
	size_t olen;
	if (!detected && liza_detect(dp) != LIZA_GEN_SHELL) {
		tx_set(res, TX_DENIED, "state.yaml is now today's Liza (the Go program wrote it since); look again");
		return deny(x, TX_DENIED);
	}
	editor *ed = NULL;
	int rc = EDIT_DENIED;
	lw_format_time(rq->now, x->ts, sizeof x->ts);
	const doc_node *task = NULL;
	const tx_row *row = NULL;
	const char *status = NULL;
	if (!x->lever) {
		task = find_task(dp, rq->subject);
		if (!task) {
			tx_set(res, TX_DENIED, "no task '%s' in %s", rq->subject, x->state_path);
			goto out;
		}
		status = doc_str(doc_get(task, "status"));
		if (rq->expect_status && (!status || strcmp(status, rq->expect_status) != 0)) {
			tx_set(res, TX_DENIED, "%s changed since it was shown: it is now %s, not %s; look again and retry",
			       rq->subject, status ? status : "without a status", rq->expect_status);
			goto out;
		}
		const char *commit = doc_str(doc_get(task, "review_commit"));
		if (rq->expect_commit && (!commit || strcmp(commit, rq->expect_commit) != 0)) {
			tx_set(res, TX_DENIED, "%s was resubmitted since it was shown: review_commit is now %s, not %s; look again",
			       rq->subject, commit ? commit : "empty", rq->expect_commit);
			goto out;
		}
		char why[512];
		row = tx_lookup(&liza_tx_table, status, rq->event, why, sizeof why);
		if (!row) {
			tx_set(res, TX_DENIED, "%s: %s", rq->subject, why);
			goto out;
		}
		if ((row->needs & TX_REASON) && (!rq->reason || !*rq->reason)) {
			tx_set(res, TX_DENIED, "%s needs a reason (--reason TEXT)", rq->event);
			goto out;
		}
		if ((row->needs & TX_QUESTION) && (!rq->question || !*rq->question)) {
			tx_set(res, TX_DENIED, "%s needs a question for the planner (--question TEXT)", rq->event);
			goto out;
		}
		if (row->guards & G_REVIEW_LEASE) {
			const char *by = doc_str(doc_get(task, "reviewing_by"));
			time_t until;
			if (by && strcmp(by, rq->as) != 0 && doc_time(doc_get(task, "review_lease_expires"), &until) == DOC_OK &&
			    until > rq->now && !rq->force) {
				char age[32], tb[32];
				tx_set(res, TX_ASK, "%s holds the review lease of %s until %s (%s left); override with --force",
				       by, rq->subject, lw_format_time(until, tb, sizeof tb),
				       lw_format_age((long long)(until - rq->now), age, sizeof age));
				goto out;
			}
		}
	}
	ed = edit_new(dp, err);
	if (ed && task)
		edit_verify_within(ed, dp, doc_get(dp->root, "tasks"));
	if (!ed || task_edits(ed, dp, task, rq, x->ts) < 0 || edit_apply(ed, &o, &olen) < 0) {
		tx_set(res, TX_IO, "%s (nothing written)", lw_error_format(err, msg, sizeof msg));
		res->rc = TX_IO;
		goto out;
	}
	strbuf_add(out, o, olen);
	x->wrote = true;
	rc = 0;
	if (x->lever)
		tx_set(res, TX_DONE, "note recorded in human_notes");
	else if (row->to)
		tx_set(res, TX_DONE, "%s: %s -> %s", rq->subject, status, row->to);
	else
		tx_set(res, TX_DONE, "%s: %s recorded", rq->subject, rq->event);
	if (strcmp(rq->event, "approve") == 0 && !is_reviewer_id(rq->as) && !res->note[0]) {
		char *proj = malloc(LW_PATH_MAX);   /* quoted: up to four bytes a character, cut */
		if (proj)
			project_arg(x->dir, proj, LW_PATH_MAX);
		snprintf(res->note, sizeof res->note,
		         "approved_by is '%s': no reviewer supervisor will merge %s (only the one whose LIZA_AGENT_ID equals "
		         "approved_by does); merge it yourself (next time approve as a reviewer: liza-watch -C %s approve %s "
		         "--as code-reviewer-1)",
		         rq->as, rq->subject, proj ? proj : ".", rq->subject);
		free(proj);
	}
out:
	free(o);
	edit_free(ed);
	return rc;
}

/* state.yaml under the lock: the prepared edit when the file still has the
 * bytes it was prepared on (one compare, nothing parsed), else one parse,
 * compare, edit, verify. Runs again from scratch when the file changed
 * before the swap. */
static int state_edit(const char *cur, size_t len, strbuf *out, void *ctx, lw_error *err)
{
	ltx *x = ctx;
	if (!cur) {
		tx_set(x->res, TX_IO, "%s: missing (nothing written)", x->state_path);
		return deny(x, TX_IO);
	}
	lw_format_time(x->rq->now, x->ts, sizeof x->ts);
	const doc *h = x->held ? x->held->d : NULL;
	if (x->prepared && h && len == h->len && memcmp(cur, h->src, len) == 0) {
		*x->res = x->pre_res;
		x->wrote = x->pre_wrote;
		if (x->pre_rc == 0)
			strbuf_add(out, x->pre_out.buf, x->pre_out.len);
		return x->pre_rc;
	}
	doc d;
	if (doc_parse(&d, cur, len, x->state_path, NULL, err) < 0) {
		doc_free(&d);
		return EDIT_TORN;   /* cut short by a writer (waited for), or broken (exit 3) */
	}
	int rc = state_edit_doc(x, &d, false, out, err);
	doc_free(&d);
	return rc;
}

/* Before the lock: the edit on what the caller holds. Only a write or a
 * refusal is kept for replay; anything else is done again under the lock. */
static void state_prepare(ltx *x)
{
	strbuf_init(&x->pre_out);
	if (!x->held || !x->held->d)
		return;
	lw_error err;
	lw_error_clear(&err);
	tx_result saved = *x->res;
	lw_format_time(x->rq->now, x->ts, sizeof x->ts);
	x->wrote = false;
	x->pre_rc = state_edit_doc(x, x->held->d, x->held->detected, &x->pre_out, &err);
	x->pre_res = *x->res;
	x->pre_wrote = x->wrote;
	x->prepared = x->pre_rc == 0 || x->pre_rc == EDIT_DENIED;
	*x->res = saved;
	x->wrote = false;
}

/* Are the log's bytes (len of them, read under the lock) the very file the
 * caller's snapshot read whole without a problem? Same inode, size, mtime
 * and ctime (liza_load.c's test for an unchanged file). */
static bool log_known(const ltx *x, size_t len)
{
	const liza_state *st = x->held ? x->held->sys : NULL;
	struct stat sb;
	if (!st || liza_gen_of(st)->id != LIZA_GEN_SHELL || !st->has_log || st->log_problems || !st->log_ends_nl ||
	    !st->log_plain ||
	    lw_stat(x->log_path, &sb, LW_STAT_FULL) < 0 || !S_ISREG(sb.st_mode))
		return false;
	return st->log_stat.dev == sb.st_dev && st->log_stat.ino == sb.st_ino && st->log_stat.size == sb.st_size &&
	       (size_t)sb.st_size == len && st->log_stat.mtime.tv_sec == sb.st_mtim.tv_sec &&
	       st->log_stat.mtime.tv_nsec == sb.st_mtim.tv_nsec && st->log_stat.ctime.tv_sec == sb.st_ctim.tv_sec &&
	       st->log_stat.ctime.tv_nsec == sb.st_ctim.tv_nsec;
}

/* log.yaml: {timestamp, agent, action, task, detail} appended in place, in
 * the same transaction as the state (both or neither). A log not in the
 * scripts' shape is left alone and said so. */
static int log_edit(const char *cur, size_t len, strbuf *out, void *ctx, lw_error *err)
{
	ltx *x = ctx;
	const tx_request *rq = x->rq;
	const char *ev = rq->event;
	if (!x->wrote || strcmp(ev, "note") == 0)
		return EDIT_NOCHANGE;
	if (!cur) {
		/* liza-init.sh makes the log; we do not make one in its place
		 * (Liza's own verdict script writes none), but say so. */
		snprintf(x->log_note, sizeof x->log_note,
		         "log.yaml not updated: there is no .liza/log.yaml (liza-init.sh makes it); the task's history in "
		         "state.yaml has the entry");
		return EDIT_NOCHANGE;
	}
	const char *action = strcmp(ev, "approve") == 0 ? "approved"
	                   : strcmp(ev, "reject") == 0 ? "rejected"
	                   : strcmp(ev, "block") == 0 ? "blocked" : "human_note";
	edit_pair e[] = { { "timestamp", edit_str(x->ts) }, { "agent", edit_str(rq->as) }, { "action", edit_str(action) },
	                  { "task", edit_str(rq->subject) },
	                  { "detail", edit_str(rq->reason ? rq->reason : "by the operator from liza-watch") } };
	lw_error lerr;
	lw_error_clear(&lerr);
	int rc = log_known(x, len) && liza_log_entry_known(cur, len, x->log_path, e, 5, out, &lerr) == 0
	       ? 0 : liza_log_entry(cur, len, x->log_path, e, 5, out, &lerr);
	char msg[1200];
	(void)err;
	if (rc == STORE_ERR)
		snprintf(x->log_note, sizeof x->log_note, "log.yaml not updated: %s", lw_error_format(&lerr, msg, sizeof msg));
	else if (rc == EDIT_NOCHANGE)
		snprintf(x->log_note, sizeof x->log_note, "log.yaml not updated: not a block sequence of entries");
	return rc == 0 ? 0 : EDIT_NOCHANGE;
}

static void ltx_begin(void *ctx)
{
	ltx *x = ctx;
	x->wrote = false;
	x->log_note[0] = '\0';
	memset(x->res, 0, sizeof *x->res);
}

int liza_shell_transition(const char *dir, const tx_request *rq, tx_result *res)
{
	liza_held none = { 0 };
	return liza_shell_transition_held(dir, &none, rq, res);
}

int liza_shell_transition_held(const char *dir, const liza_held *held, const tx_request *rq, tx_result *res)
{
	/* The shell era's transition: the adapter chose it from the snapshot's
	 * generation (liza_adapter.c). Each write checks the generation again
	 * where it is made: a task transition under the lock (state_edit); a
	 * lever, which writes a marker file and takes no lock on the state,
	 * on the file as it is now. */
	memset(res, 0, sizeof *res);
	/* A lever's file as it is now: liza_transition's own parse of it, or a
	 * fresh look (a snapshot may be older than the file). */
	if (!rq->subject && (held->d && !held->sys ? !held->detected && liza_detect(held->d) != LIZA_GEN_SHELL
	                                           : liza_detect_file(dir) != LIZA_GEN_SHELL)) {
		tx_set(res, TX_DENIED, "state.yaml is now today's Liza (the Go program wrote it since); look again");
		return res->rc;
	}
	const tx_row *lv = rq->subject ? NULL : tx_lever(&liza_tx_table, rq->event);
	if (!rq->subject && !lv) {
		tx_set(res, TX_USAGE, "liza has no project-wide '%s' (levers: note, pause, resume, abort, clear-checkpoint)",
		       rq->event);
		return res->rc;
	}
	if (lv && strcmp(rq->event, "note") != 0)
		return lever(dir, rq, res);
	char state_path[LW_PATH_MAX], log_path[LW_PATH_MAX], lock_path[LW_PATH_MAX], msg[1200];
	lw_path_join(state_path, sizeof state_path, dir, "state.yaml");
	lw_path_join(log_path, sizeof log_path, dir, "log.yaml");
	lw_error err;
	lw_error_clear(&err);
	if (!store_lock_path(state_path, lock_path, sizeof lock_path, &err)) {
		tx_set(res, TX_IO, "%s (nothing written)", lw_error_format(&err, msg, sizeof msg));
		return res->rc;
	}
	ltx x = { .dir = dir, .state_path = state_path, .log_path = log_path, .rq = rq, .lever = lv, .res = res,
	          .held = held };
	state_prepare(&x);   /* outside the lock: under it, a compare and the write */
	/* The Liza scripts' lock, the state replaced, the log appended to. */
	txn_file files[2] = {
		{ .path = state_path, .mode = TXN_REPLACE, .edit = state_edit, .ctx = &x },
		{ .path = log_path, .mode = TXN_APPEND, .may_be_empty = true, .edit = log_edit, .ctx = &x },
	};
	txn t = { .lock = lock_path, .journal_dir = dir, .files = files, .n = 2, .begin = ltx_begin, .ctx = &x };
	int rc = txn_run(&t, &err);
	strbuf_free(&x.pre_out);
	if (rc == STORE_ERR) {
		tx_set(res, TX_IO, "%s", lw_error_format(&err, msg, sizeof msg));
		return res->rc;
	}
	if (rc != STORE_OK)
		return res->rc;
	if (x.log_note[0]) {   /* said beside the merge note, not instead of it */
		size_t l = strlen(res->note);
		snprintf(res->note + l, sizeof res->note - l, "%s%s", l ? "; " : "", x.log_note);
	}
	return res->rc;
}

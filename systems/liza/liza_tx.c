/* liza_tx.c — the transitions an operator fires on Liza state, exactly the
 * fields liza-submit-verdict.sh writes (docs/systems/liza.md), so a Liza
 * supervisor reads our verdicts as its own. Every write happens under
 * .liza/state.yaml.lock, the lock the Liza scripts take with flock -x, and
 * re-checks the task against what the operator saw (compare-and-swap). */
#include "systems/liza/liza.h"
#include "systems/liza/lizago.h"
#include "core/edit/edit.h"
#include "systems/liza/liza_log.h"
#include "core/store/store.h"
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

/* Said before the write (the HUD's prompt) and after it (the result's note). */
void liza_advise(const char *event, const char *subject, const char *as, char *buf, size_t n)
{
	buf[0] = '\0';
	if (strcmp(event, "approve") == 0 && !is_reviewer_id(as))
		snprintf(buf, n,
		         "approved_by is '%s': no reviewer supervisor will merge %s (only the one whose LIZA_AGENT_ID "
		         "equals approved_by does); merge it yourself, or approve --as code-reviewer-N",
		         as, subject);
	else if (strcmp(event, "approve") == 0)
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

/* Append {timestamp, agent, action, task, detail} to log.yaml, when it is a
 * block sequence (or empty). Called with the lock held. */
static void log_entry(const char *dir, const tx_request *rq, const char *ts, tx_result *res)
{
	const char *ev = rq->event;
	const char *action = strcmp(ev, "approve") == 0 ? "approved"
	                   : strcmp(ev, "reject") == 0 ? "rejected"
	                   : strcmp(ev, "block") == 0 ? "blocked" : "human_note";
	edit_pair e[] = { { "timestamp", edit_str(ts) }, { "agent", edit_str(rq->as) }, { "action", edit_str(action) },
	                  { "task", edit_str(rq->subject) },
	                  { "detail", edit_str(rq->reason ? rq->reason : "by the operator from liza-watch") } };
	lw_error err;
	lw_error_clear(&err);
	char msg[1200];
	if (liza_log_append(dir, e, 5, &err) == STORE_ERR)
		snprintf(res->note, sizeof res->note, "log.yaml not updated: %s", lw_error_format(&err, msg, sizeof msg));
}

/* Everything under the lock: read, compare, edit, verify, write. lever is
 * the row of a project-wide note (no task), else NULL. */
static void locked_transition(const char *dir, const char *state_path, const tx_request *rq, const tx_row *lever_row,
                              tx_result *res)
{
	char *buf = NULL, *out = NULL, msg[1200], ts[32];
	size_t len, out_len;
	lw_error err;
	lw_error_clear(&err);
	doc d;
	memset(&d, 0, sizeof d);
	editor *ed = NULL;
	if (store_read(state_path, STORE_MAX_FILE_BYTES, &buf, &len, &err) != STORE_OK) {
		if (!err.set)
			lw_error_set(&err, state_path, 0, 0, "missing");
		tx_set(res, TX_IO, "%s", lw_error_format(&err, msg, sizeof msg));
		goto out;
	}
	if (doc_parse(&d, buf, len, state_path, NULL, &err) < 0) {
		tx_set(res, TX_IO, "%s (nothing written)", lw_error_format(&err, msg, sizeof msg));
		goto out;
	}
	if (lever_row) {
		lw_format_time(rq->now, ts, sizeof ts);
		ed = edit_new(&d, &err);
		if (!ed || task_edits(ed, &d, NULL, rq, ts) < 0 || edit_apply(ed, &out, &out_len) < 0)
			tx_set(res, TX_IO, "%s (nothing written)", lw_error_format(&err, msg, sizeof msg));
		else if (store_write_atomic(state_path, out, out_len, &err) != STORE_OK)
			tx_set(res, TX_IO, "%s", lw_error_format(&err, msg, sizeof msg));
		else
			tx_set(res, TX_DONE, "note recorded in human_notes");
		goto out;
	}
	const doc_node *task = find_task(&d, rq->subject);
	if (!task) {
		tx_set(res, TX_DENIED, "no task '%s' in %s", rq->subject, state_path);
		goto out;
	}
	const char *status = doc_str(doc_get(task, "status"));
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
	const tx_row *row = tx_lookup(&liza_tx_table, status, rq->event, why, sizeof why);
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
	lw_format_time(rq->now, ts, sizeof ts);
	ed = edit_new(&d, &err);
	if (!ed || task_edits(ed, &d, task, rq, ts) < 0 || edit_apply(ed, &out, &out_len) < 0) {
		tx_set(res, TX_IO, "%s (nothing written)", lw_error_format(&err, msg, sizeof msg));
		goto out;
	}
	if (store_write_atomic(state_path, out, out_len, &err) != STORE_OK) {
		tx_set(res, TX_IO, "%s", lw_error_format(&err, msg, sizeof msg));
		goto out;
	}
	if (row->to)
		tx_set(res, TX_DONE, "%s: %s -> %s", rq->subject, status, row->to);
	else
		tx_set(res, TX_DONE, "%s: %s recorded", rq->subject, rq->event);
	if (strcmp(rq->event, "note") != 0)
		log_entry(dir, rq, ts, res);
	if (strcmp(rq->event, "approve") == 0 && !is_reviewer_id(rq->as) && !res->note[0])
		liza_advise(rq->event, rq->subject, rq->as, res->note, sizeof res->note);
out:
	edit_free(ed);
	doc_free(&d);
	free(buf);
	free(out);
}

int liza_transition(const char *dir, const tx_request *rq, tx_result *res)
{
	/* Today's Liza writes its own fields (lizago_tx.c); the file says which. */
	if (lizago_file_is_go(dir))
		return lizago_transition(dir, rq, res);
	memset(res, 0, sizeof *res);
	const tx_row *lv = rq->subject ? NULL : tx_lever(&liza_tx_table, rq->event);
	if (!rq->subject && !lv) {
		tx_set(res, TX_USAGE, "liza has no project-wide '%s' (levers: note, pause, resume, abort, clear-checkpoint)",
		       rq->event);
		return res->rc;
	}
	if (lv && strcmp(rq->event, "note") != 0)
		return lever(dir, rq, res);
	char state_path[LW_PATH_MAX], lock_path[LW_PATH_MAX], msg[1200];
	lw_path_join(state_path, sizeof state_path, dir, "state.yaml");
	lw_error err;
	lw_error_clear(&err);
	store_lock lk;
	if (!store_lock_path(state_path, lock_path, sizeof lock_path, &err) ||
	    store_lock_acquire(&lk, lock_path, store_lock_timeout_ms(), &err) != STORE_OK) {
		tx_set(res, TX_IO, "%s (nothing written)", lw_error_format(&err, msg, sizeof msg));
		return res->rc;
	}
	locked_transition(dir, state_path, rq, lv, res);
	store_lock_release(&lk);
	return res->rc;
}

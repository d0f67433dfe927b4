/* act.c — transitions from keys. The task and the state the operator saw
 * are captured when the key is pressed; the adapter compares them under the
 * lock when the prompt is answered (compare-and-swap), so a task that moved
 * meanwhile is refused with what it is now. The write runs in a child
 * (txrun.h) so the screen stays alive while it waits on a lock; the result
 * reaches the board through the watcher, like any other write. */
#include "tui/act.h"
#include "tui/view.h"
#include "tui/pane.h"
#include "tui/txrun.h"
#include "core/util/timeparse.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The source a project-wide lever acts on: the selected task's system, else
 * the selected workflow's, else the first source with a table. */
static const lw_source *lever_source(const hud *h)
{
	const hud_item *it = hud_selected(h);
	if (h->focus == &pane_board && it)
		return it->src;
	const lw_source *src = NULL;
	if (h->focus == &pane_workflows && hud_workflow(h, (size_t)h->workflow_row, &src))
		return src;
	for (size_t i = 0, ns = hud_nsources(h); i < ns; i++)
		if (hud_source(h, i, NULL)->adapter->tx)
			return hud_source(h, i, NULL);
	return NULL;
}

/* The table a task moves by: its own (ACP agents follow the core or the
 * Jarvis FSM), else its system's. */
static const tx_table *table_of(const hud_item *it)
{
	return it->task->tx ? it->task->tx : it->src->adapter->tx;
}

/* The row an event would take from the selected task, or NULL. */
static const tx_row *task_row(const hud *h, const char *event)
{
	if (h->focus != &pane_board)
		return NULL;
	const hud_item *it = hud_selected(h);
	if (!it || !table_of(it) || !it->src->adapter->transition)
		return NULL;
	char why[256];
	const tx_row *r = tx_lookup(table_of(it), it->task->status, event, why, sizeof why);
	return r && r->from ? r : NULL;
}

static bool task_allows(const hud *h, const char *event) { return task_row(h, event) != NULL; }

/* Rows that change the selected task's state, in table order. */
static size_t moves_of(const hud *h, const tx_row **out, size_t max)
{
	const hud_item *it = h->focus == &pane_board ? hud_selected(h) : NULL;
	if (!it || !table_of(it) || !it->src->adapter->transition)
		return 0;
	const tx_row *all[HUD_CHOICES_MAX];
	size_t n = tx_rows_from(table_of(it), it->task->status, all, HUD_CHOICES_MAX), k = 0;
	for (size_t i = 0; i < n && k < max; i++)
		if (all[i]->to)
			out[k++] = all[i];
	return k;
}

static bool lever_allows(const hud *h, const char *event)
{
	const lw_source *s = lever_source(h);
	return s && s->adapter->tx && s->adapter->transition && tx_lever(s->adapter->tx, event);
}

/* A workflow flag of the lever's source ("PAUSED", "CHECKPOINT"). */
static bool source_flag(const hud *h, const char *flag)
{
	const lw_source *s = lever_source(h);
	if (!s || !s->good)
		return false;
	for (size_t i = 0; i < s->good->nworkflows; i++)
		if (s->good->workflows[i].flags && strstr(s->good->workflows[i].flags, flag))
			return true;
	return false;
}

bool act_can_approve(const hud *h) { return task_allows(h, "approve"); }
bool act_can_reject(const hud *h) { return task_allows(h, "reject"); }
bool act_can_block(const hud *h) { return task_allows(h, "block"); }
bool act_can_note(const hud *h) { return lever_allows(h, "note"); }
bool act_can_pause(const hud *h) { return lever_allows(h, "pause"); }
bool act_can_abort(const hud *h) { return lever_allows(h, "abort") && !source_flag(h, "ABORT"); }
bool act_can_clear_checkpoint(const hud *h) { return lever_allows(h, "clear-checkpoint") && source_flag(h, "CHECKPOINT"); }
bool act_can_start(const hud *h) { return task_allows(h, "start"); }
bool act_can_resolve(const hud *h) { return task_allows(h, "resolve"); }
bool act_can_stop(const hud *h) { return lever_allows(h, "stop"); }
bool act_can_redirect(const hud *h) { return lever_allows(h, "redirect"); }

/* The selected row of the workflows pane, when its system can clear it. */
static const lw_workflow *clearable_workflow(const hud *h, const lw_source **src)
{
	if (h->focus != &pane_workflows)
		return NULL;
	const lw_workflow *w = hud_workflow(h, (size_t)h->workflow_row, src);
	return w && w->name && (*src)->adapter->tx && (*src)->adapter->transition &&
	       tx_lever((*src)->adapter->tx, "clear") ? w : NULL;
}

bool act_can_clear_workflow(const hud *h)
{
	const lw_source *src;
	return clearable_workflow(h, &src) != NULL;
}

bool act_can_reset(const hud *h) { return task_allows(h, "reset_requested"); }
bool act_can_move(const hud *h)
{
	const tx_row *rows[1];
	return moves_of(h, rows, 1) > 0;
}

/* What the key was pressed on, kept while prompts are open and while its
 * write runs (txrun.h): the result may ask to override, which fires again. */
typedef struct pending {
	const lw_source *src;
	char subject[256], status[128], commit[128], event[32];
	char *reason, *question;  /* what was typed, whole (heap; NULL = none) */
	bool has_subject, has_commit;
	unsigned needs;           /* the row's tx_needs: what to ask before firing */
	/* The text prompt whose answer the write carries: a write that fails
	 * gives the text back in it, so what was typed is never lost. */
	hud_prompt_done typed_in;
	char typed_label[256];
	bool typed_question;      /* the text given back is the question (block's second prompt) */
} pending;

/* The HUD is single-threaded, shows one prompt at a time and runs one write
 * at a time, so one pending transition is all there can be. */
static pending pend;

static void set_text(char **dst, const char *text)
{
	char *copy = text ? strdup(text) : NULL;
	free(*dst);
	*dst = copy;
}

static void pend_reset(void)
{
	free(pend.reason);
	free(pend.question);
	memset(&pend, 0, sizeof pend);
}

/* One write at a time: a second key that would write is refused while the
 * first runs (it may be waiting on the system's lock). */
static bool refuse_busy(hud *h)
{
	if (!txrun_busy(&h->tx))
		return false;
	hud_message(h, true, "one write at a time: %s is still under way (Esc cancels it)", h->tx_label);
	return true;
}

static bool capture(hud *h, const char *event, bool task)
{
	if (refuse_busy(h))
		return false;
	pend_reset();
	snprintf(pend.event, sizeof pend.event, "%s", event);
	const hud_item *it = hud_selected(h);
	const tx_row *row = task ? task_row(h, event) : NULL;
	pend.needs = row ? row->needs : 0;
	if (task && it) {
		pend.src = it->src;
		pend.has_subject = true;
		snprintf(pend.subject, sizeof pend.subject, "%s", it->task->id);
		snprintf(pend.status, sizeof pend.status, "%s", it->task->status);
		if (it->task->revision) {
			pend.has_commit = true;
			snprintf(pend.commit, sizeof pend.commit, "%s", it->task->revision);
		}
	} else {
		pend.src = lever_source(h);
	}
	return true;
}

/* " in alpha" when several projects are watched, so a project-wide lever
 * says which project it stops; "" with one. */
static const char *in_project(const hud *h, char *buf, size_t n)
{
	const char *label = hud_source_label(h, pend.src);
	snprintf(buf, n, "%s%.60s", label ? " in " : "", label ? label : "");
	return buf;
}

/* "alpha/liza" with several projects, else "liza": what names the system. */
static const char *sys_name(const hud *h, char *buf, size_t n)
{
	const char *label = hud_source_label(h, pend.src);
	snprintf(buf, n, "%.60s%s%s", label ? label : "", label ? "/" : "", pend.src->adapter->name);
	return buf;
}

static void fire(hud *h, const char *reason, const char *question, bool force);

static struct {
	char event[32], subject[256];
	char *text, *question;    /* the first prompt's text, and block's question */
} kept;

/* The text of a write that did not happen, back in its prompt: Enter tries
 * again, Esc drops it. While another prompt is open it is not taken over
 * (a key meant for it must not answer this one): the text waits in kept
 * and the same key on the same task offers it again (offer_kept). */
static void give_back(hud *h)
{
	const char *text = pend.typed_question ? pend.question : pend.reason;
	if (!pend.typed_in || !text)
		return;
	if (views_asking(h)) {
		snprintf(kept.event, sizeof kept.event, "%s", pend.event);
		snprintf(kept.subject, sizeof kept.subject, "%s", pend.subject);
		set_text(&kept.text, pend.reason);
		set_text(&kept.question, pend.question);
		hud_message(h, true, "%s; what you typed is kept: the same key offers it again", h->message);
		return;
	}
	prompt_ask_text(h, pend.typed_label, pend.subject, pend.typed_in);
	prompt_set_text(h, text);
	/* The note sits over the message line: it carries the why. */
	snprintf(h->prompt.note, sizeof h->prompt.note, "%.400s. Your text is kept: Enter tries again, Esc drops it",
	         h->message);
}

/* Remember which prompt the text came from (its label is still there). */
static void typed(hud *h, hud_prompt_done in, bool question)
{
	pend.typed_in = in;
	pend.typed_question = question;
	snprintf(pend.typed_label, sizeof pend.typed_label, "%.255s", h->prompt.label);
}

static void confirm_force(hud *h, bool yes)
{
	if (yes)
		return fire(h, pend.reason, pend.question, true);
	hud_message(h, false, "%s cancelled, nothing written", pend.event);
	give_back(h);
}

/* "approve liza:review-1", "pause alpha/liza": what the message line says runs. */
static void label_run(hud *h)
{
	char sys[72];
	snprintf(h->tx_label, sizeof h->tx_label, "%s %s%s%.140s", pend.event, sys_name(h, sys, sizeof sys),
	         pend.has_subject ? ":" : "", pend.has_subject ? pend.subject : "");
}

/* The folder of the project src belongs to: the boundary of its writes. */
static const char *project_of(const hud *h, const lw_source *src)
{
	for (size_t m = 0; m < h->fleet->n; m++)
		for (size_t k = 0; k < h->fleet->v[m].proj.n; k++)
			if (&h->fleet->v[m].proj.src[k] == src)
				return h->fleet->v[m].proj.dir;
	return NULL;   /* not reached: every source is some project's (lw_transition refuses NULL) */
}

/* Start the write off the UI loop; act_tx_poll reports how it went. */
static void fire(hud *h, const char *reason, const char *question, bool force)
{
	if (!pend.src || !pend.src->adapter->transition || refuse_busy(h))
		return;
	/* Kept whole for an override asked by the result, and to be given back
	 * if the write fails (reason may be pend.reason itself). */
	if (reason != pend.reason)
		set_text(&pend.reason, reason);
	if (question != pend.question)
		set_text(&pend.question, question);
	tx_request rq = {
		.subject = pend.has_subject ? pend.subject : NULL,
		.event = pend.event,
		.as = h->opts->as ? h->opts->as : "human",
		.reason = pend.reason,
		.question = pend.question,
		.expect_status = pend.has_subject && pend.status[0] ? pend.status : NULL,
		.expect_commit = pend.has_commit ? pend.commit : NULL,
		.force = force,
		.now = lw_now(),
	};
	label_run(h);
	char why[256];
	if (txrun_start(&h->tx, project_of(h, pend.src), pend.src, &rq, why, sizeof why) < 0) {
		hud_message(h, true, "%s: %s; nothing written", h->tx_label, why);
		return give_back(h);
	}
	hud_message(h, false, "%s: writing...", h->tx_label);
}

void act_tx_cancel(hud *h)
{
	if (h->tx.state != TXRUN_RUNNING)
		return;
	txrun_cancel(&h->tx);
	hud_message(h, false, "%s: cancelling...", h->tx_label);
}

void act_tx_poll(hud *h)
{
	tx_result res;
	bool cancelled;
	if (!txrun_poll(&h->tx, hud_source_dir(h, pend.src), &res, &cancelled)) {
		/* The status line is ours to refresh; a refusal said meanwhile stays. */
		bool ours = strncmp(h->message, h->tx_label, strlen(h->tx_label)) == 0;
		if (h->tx.state == TXRUN_RUNNING && h->tx.waiting[0] && ours)
			hud_message(h, false, "%s: waiting for %s, %ld s; Esc cancels", h->tx_label, h->tx.waiting,
			            txrun_elapsed_s(&h->tx));
		return;
	}
	if (cancelled) {
		hud_message(h, false, "%s: cancelled, nothing written", h->tx_label);
		return give_back(h);
	}
	if (res.rc == TX_ASK) {
		char label[sizeof h->prompt.label];
		snprintf(label, sizeof label, "%s. Override?", res.message);
		if (views_asking(h)) {
			/* Never take over a prompt the operator is answering. */
			hud_message(h, true, "%s: %s; nothing written (%s again to override)", h->tx_label, res.message,
			            pend.event);
			return give_back(h);
		}
		prompt_ask_confirm(h, label, pend.subject, confirm_force);
		return;
	}
	if (res.rc == TX_DONE) {
		hud_message(h, false, "%s%s%s", res.message, res.note[0] ? " | " : "", res.note);
		set_text(&pend.reason, NULL);
		set_text(&pend.question, NULL);
		return;
	}
	if (res.rc == TX_DENIED)
		hud_message(h, true, "denied: %s", res.message);
	else
		hud_message(h, true, "%s: %s", h->tx_label, res.message);
	give_back(h);
}

/* The text a failed write left while another prompt was open, offered
 * again in the prompt of the same event on the same subject. */
static void offer_kept(hud *h)
{
	if (!kept.text || strcmp(kept.event, pend.event) != 0 || strcmp(kept.subject, pend.subject) != 0)
		return;
	prompt_set_text(h, kept.text);
	set_text(&kept.text, NULL);
}

static void offer_kept_question(hud *h)
{
	if (!kept.question || strcmp(kept.event, pend.event) != 0 || strcmp(kept.subject, pend.subject) != 0)
		return;
	prompt_set_text(h, kept.question);
	set_text(&kept.question, NULL);
}

static void confirmed(hud *h, bool yes)
{
	if (yes)
		fire(h, NULL, NULL, false);
	else
		hud_message(h, false, "%s cancelled, nothing written", pend.event);
}

static void reason_given(hud *h, const char *text)
{
	if (!text)
		return hud_message(h, false, "%s cancelled, nothing written", pend.event);
	if (!*text)
		return hud_message(h, true, "denied: %s needs a reason; nothing written", pend.event);
	typed(h, reason_given, false);
	fire(h, text, NULL, false);
}

static void question_given(hud *h, const char *text)
{
	if (!text)
		return hud_message(h, false, "%s cancelled, nothing written", pend.event);
	typed(h, question_given, true);
	fire(h, pend.reason, text, false);
}

static void block_reason_given(hud *h, const char *text)
{
	if (!text || !*text)
		return hud_message(h, !text ? false : true, "%s",
		                   !text ? "block cancelled, nothing written" : "denied: block needs a reason; nothing written");
	set_text(&pend.reason, text);
	if (!(pend.needs & TX_QUESTION)) {
		typed(h, block_reason_given, false);
		return fire(h, pend.reason, NULL, false);   /* a block that wants no question (ACP Jarvis) */
	}
	prompt_ask_text(h, "question for the planner", pend.subject, question_given);
	offer_kept_question(h);
}

/* Consequences before the write: the row's help and what the system says
 * follows from acting as this identity, shown above a y/N prompt. */
static void ask_first(hud *h, const char *label)
{
	prompt_ask_confirm(h, label, pend.subject, confirmed);
	const tx_row *row = pend.has_subject ? task_row(h, pend.event) : NULL;
	char advice[400] = "";
	if (pend.src && pend.src->adapter->advise)
		pend.src->adapter->advise(pend.event, pend.subject, h->opts->as ? h->opts->as : "human", advice, sizeof advice);
	char *note = h->prompt.note;
	size_t n = sizeof h->prompt.note;
	bool says_to = row && row->help && row->to && strstr(row->help, row->to);
	if (row && row->help)
		snprintf(note, n, "%s%s%s%s", row->help, row->to && !says_to ? " (-> " : "", row->to && !says_to ? row->to : "",
		         row->to && !says_to ? ")" : "");
	if (advice[0])
		snprintf(note + strlen(note), n - strlen(note), "%s%s", note[0] ? ". " : "", advice);
}

void act_approve(hud *h)
{
	if (!capture(h, "approve", true))
		return;
	char label[256], sys[72];
	snprintf(label, sizeof label, "approve %s:%.40s as %.24s?", sys_name(h, sys, sizeof sys), pend.subject,
	         h->opts->as ? h->opts->as : "human");
	ask_first(h, label);
}

/* A prompt for the text a write carries (a reason, a note, a direction):
 * Enter on a text is the yes, Esc or an empty line the no. */
static void ask_text(hud *h, const char *label, hud_prompt_done given)
{
	prompt_ask_text(h, label, pend.subject, given);
	offer_kept(h);
	snprintf(h->prompt.note, sizeof h->prompt.note, pend.needs & TX_QUESTION ?
	         "Enter goes on to the question %s asks next; Esc cancels (nothing is written before)" :
	         "Enter writes %s with this text; Esc cancels (nothing is written before)", pend.event);
}

/* A task event that needs a reason first: "reject task-3: reason". */
static void ask_reason(hud *h, const char *event, hud_prompt_done given)
{
	if (!capture(h, event, true))
		return;
	char label[256], sys[72];
	snprintf(label, sizeof label, "%s %s:%.60s: reason", event, sys_name(h, sys, sizeof sys), pend.subject);
	ask_text(h, label, given);
}

void act_reject(hud *h) { ask_reason(h, "reject", reason_given); }
void act_block(hud *h) { ask_reason(h, "block", block_reason_given); }

void act_note(hud *h)
{
	bool on_task = h->focus == &pane_board && hud_selected(h);
	if (!capture(h, "note", on_task))
		return;
	char label[256], sys[72], in[80];
	if (on_task)
		snprintf(label, sizeof label, "note for %s:%.60s", sys_name(h, sys, sizeof sys),
		         pend.subject);
	else
		snprintf(label, sizeof label, "note for all %s agents%s", pend.src->adapter->name,
		         in_project(h, in, sizeof in));
	ask_text(h, label, reason_given);
}

void act_pause(hud *h)
{
	bool paused = source_flag(h, "PAUSED");
	if (!capture(h, paused ? "resume" : "pause", false))
		return;
	char label[256], in[80];
	snprintf(label, sizeof label, "%s every %s agent%s?", paused ? "resume" : "pause", pend.src->adapter->name,
	         in_project(h, in, sizeof in));
	ask_first(h, label);
}

void act_abort(hud *h)
{
	if (!capture(h, "abort", false))
		return;
	char label[256], in[80];
	snprintf(label, sizeof label, "abort %s%s: every agent exits. Sure?", pend.src->adapter->name,
	         in_project(h, in, sizeof in));
	prompt_ask_confirm(h, label, "", confirmed);
}

void act_clear_checkpoint(hud *h)
{
	if (!capture(h, "clear-checkpoint", false))
		return;
	char label[256], in[80];
	snprintf(label, sizeof label, "clear the %s checkpoint%s?", pend.src->adapter->name, in_project(h, in, sizeof in));
	ask_first(h, label);
}

void act_reset(hud *h)
{
	if (!capture(h, "reset_requested", true))
		return;
	char label[256], sys[72];
	snprintf(label, sizeof label, "reset %s:%.40s to READY?", sys_name(h, sys, sizeof sys), pend.subject);
	prompt_ask_confirm(h, label, pend.subject, confirmed);
}

/* The rows offered by the last chooser, in its order (table rows are static). */
static const tx_row *offered[HUD_CHOICES_MAX];

/* A row taken from the chooser still asks before it writes: a stray digit
 * after m must not move a task. Rows that write a text ask for it (Enter
 * is the yes); the others ask y/N, saying where the task goes. */
static void move_chosen(hud *h, int index)
{
	if (index < 0)
		return hud_message(h, false, "move cancelled, nothing written");
	const tx_row *r = offered[index];
	snprintf(pend.event, sizeof pend.event, "%s", r->event);
	pend.needs = r->needs;
	char label[256], sys[72];
	sys_name(h, sys, sizeof sys);
	if (r->needs & TX_QUESTION) {
		snprintf(label, sizeof label, "%.30s %s:%.50s: reason", r->event, sys, pend.subject);
		ask_text(h, label, block_reason_given);
	} else if (r->needs & TX_REASON) {
		snprintf(label, sizeof label, "%.30s %s:%.50s: reason", r->event, sys, pend.subject);
		ask_text(h, label, reason_given);
	} else if (strcmp(r->event, r->to) == 0) {
		snprintf(label, sizeof label, "move %s:%.50s (%.20s) to %.30s?", sys, pend.subject, pend.status, r->to);
		ask_first(h, label);
	} else {
		snprintf(label, sizeof label, "%.30s %s:%.50s (%.20s -> %.30s)?", r->event, sys, pend.subject, pend.status,
		         r->to);
		ask_first(h, label);
	}
}

void act_move(hud *h)
{
	size_t n = moves_of(h, offered, HUD_CHOICES_MAX);
	if (!n)
		return;
	if (!capture(h, offered[0]->event, true))
		return;
	char label[256], sys[72];
	snprintf(label, sizeof label, "%s:%.40s (%.20s) to", sys_name(h, sys, sizeof sys), pend.subject, pend.status);
	chooser_ask(h, label, move_chosen);
	for (size_t i = 0; i < n; i++) {
		const tx_row *r = offered[i];
		/* Foreman's events are the phases themselves: say it once. */
		if (strcmp(r->event, r->to) == 0)
			chooser_add(h, "%-12s %s", r->to, r->help ? r->help : "");
		else
			chooser_add(h, "%s -> %s  %s", r->event, r->to, r->help ? r->help : "");
	}
}

/* A task event that needs nothing but a yes: "start aot:A2 (pending)?" */
static void ask_task_event(hud *h, const char *event)
{
	if (!capture(h, event, true))
		return;
	char label[256], sys[72];
	snprintf(label, sizeof label, "%s %s:%.40s (%.20s)?", event, sys_name(h, sys, sizeof sys), pend.subject,
	         pend.status);
	ask_first(h, label);
}

void act_start(hud *h) { ask_task_event(h, "start"); }
void act_resolve(hud *h) { ask_task_event(h, "resolve"); }

void act_stop(hud *h)
{
	if (!capture(h, "stop", false))
		return;
	char label[256], in[80];
	snprintf(label, sizeof label, "ask the %s loop%s to stop?", pend.src->adapter->name, in_project(h, in, sizeof in));
	prompt_ask_confirm(h, label, "", confirmed);
}

void act_redirect(hud *h)
{
	if (!capture(h, "redirect", false))
		return;
	char label[256], in[80];
	snprintf(label, sizeof label, "redirect the %s loop%s: new direction",
	         pend.src->adapter->name, in_project(h, in, sizeof in));
	ask_text(h, label, reason_given);
}

/* The workflow's name is the subject (an RCS mode): clearing it takes only
 * that member out of a combined set, so the confirm says the rest stays. */
void act_clear_workflow(hud *h)
{
	const lw_source *src;
	const lw_workflow *w = clearable_workflow(h, &src);
	if (!w || refuse_busy(h))
		return;
	pend_reset();
	snprintf(pend.event, sizeof pend.event, "clear");
	pend.src = src;
	pend.has_subject = true;
	snprintf(pend.subject, sizeof pend.subject, "%s", w->name);
	char label[256], sys[72];
	snprintf(label, sizeof label, "clear %s workflow %.40s (any other member stays)?", sys_name(h, sys, sizeof sys),
	         w->name);
	prompt_ask_confirm(h, label, pend.subject, confirmed);
}

void act_free(void)
{
	pend_reset();
	set_text(&kept.text, NULL);
	set_text(&kept.question, NULL);
}

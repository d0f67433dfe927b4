/* act.c — the one runner of every system's actions (act.h). The task and
 * the state the operator saw are captured when the key is pressed; the
 * adapter compares them under the lock when the prompt is answered
 * (compare-and-swap), so a task that moved meanwhile is refused with what it
 * is now. The write runs in a child (txrun.h) so the screen stays alive
 * while it waits on a lock; the result reaches the board through the
 * watcher, like any other write. Which events exist, their keys, words and
 * prompts are the adapters' declarations (core/model/action.h). */
#include "tui/act.h"
#include "tui/chooser.h"
#include "tui/prompt.h"
#include "tui/view.h"
#include "tui/pane.h"
#include "tui/txrun.h"
#include "core/model/journal.h"
#include "core/model/registry.h"
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
static const tx_table *table_of(const lw_source *src, const lw_task *t)
{
	return t->tx ? t->tx : src->adapter->tx;
}

/* The row an event would take from the task, or NULL. */
static const tx_row *task_row(const lw_source *src, const lw_task *t, const char *event)
{
	if (!src || !t || !table_of(src, t) || !src->adapter->transition)
		return NULL;
	char why[256];
	const tx_row *r = tx_lookup(table_of(src, t), t->status, event, why, sizeof why);
	return r && r->from ? r : NULL;
}

/* Rows that change the task's state, in table order. */
static size_t moves_of(const lw_source *src, const lw_task *t, const tx_row **out, size_t max)
{
	if (!src || !t || !table_of(src, t) || !src->adapter->transition)
		return 0;
	const tx_row *all[HUD_CHOICES_MAX];
	size_t n = tx_rows_from(table_of(src, t), t->status, all, HUD_CHOICES_MAX), k = 0;
	for (size_t i = 0; i < n && k < max; i++)
		if (all[i]->to)
			out[k++] = all[i];
	return k;
}

/* Does a declaration apply to this target (the system's state, its row)? */
static bool decl_applies(const lw_action *a, const lw_source *src, const lw_task *t, const lw_workflow *w)
{
	if (!src || !src->adapter->transition || !lw_action_state_ok(a, src))
		return false;
	if (a->scope == LW_ACT_TASK) {
		const tx_row *r[1];
		return t && (a->event ? task_row(src, t, a->event) != NULL : moves_of(src, t, r, 1) > 0);
	}
	if (a->scope == LW_ACT_WORKFLOW && (!w || !w->name))
		return false;
	return a->event && lw_action_lever(src->adapter, a->event) != NULL;
}

/* The first of src's declarations named name, of this scope, that applies. */
static const lw_action *first_applying(const char *name, lw_action_scope scope, const lw_source *src,
                                       const lw_task *t, const lw_workflow *w)
{
	for (const lw_action *a = src ? lw_action_next(src->adapter, name, scope, NULL) : NULL; a;
	     a = lw_action_next(src->adapter, name, scope, a))
		if (decl_applies(a, src, t, w))
			return a;
	return NULL;
}

/* What NAME acts on now: the selected task, else the selected workflow,
 * else the system of either (a lever). */
typedef struct target {
	const lw_source *src;
	const lw_task *task;
	const lw_workflow *wf;
} target;

static const lw_action *resolve(const hud *h, const char *name, target *tg)
{
	memset(tg, 0, sizeof *tg);
	const hud_item *it = h->focus == &pane_board ? hud_selected(h) : NULL;
	const lw_action *a = it ? first_applying(name, LW_ACT_TASK, it->src, it->task, NULL) : NULL;
	if (a) {
		tg->src = it->src;
		tg->task = it->task;
		return a;
	}
	const lw_source *ws = NULL;
	const lw_workflow *w = h->focus == &pane_workflows ? hud_workflow(h, (size_t)h->workflow_row, &ws) : NULL;
	if (w && (a = first_applying(name, LW_ACT_WORKFLOW, ws, NULL, w))) {
		tg->src = ws;
		tg->wf = w;
		return a;
	}
	const lw_source *ls = lever_source(h);
	if ((a = first_applying(name, LW_ACT_LEVER, ls, NULL, NULL)))
		tg->src = ls;
	return a;
}

bool act_applies(const hud *h, const char *name)
{
	target tg;
	return resolve(h, name, &tg) != NULL;
}

bool act_applies_to(const hud *h, const char *name, const lw_source *src, const lw_task *t)
{
	(void)h;
	return first_applying(name, LW_ACT_TASK, src, t, NULL) != NULL;
}

/* Some declaration of the registry named name passes test. */
static bool declared(const char *name, bool verdict_only)
{
	for (const lw_adapter *const *ad = lw_adapters; *ad; ad++)
		for (size_t i = 0; i < (*ad)->nactions; i++) {
			const lw_action *a = &(*ad)->actions[i];
			if (strcmp(a->name, name) == 0 && a->scope == LW_ACT_TASK && (!verdict_only || a->verdict))
				return true;
		}
	return false;
}

bool act_is_verdict(const char *name) { return name && declared(name, true); }
bool act_is_task_action(const char *name) { return name && declared(name, false); }

/* What the key was pressed on, kept while prompts are open and while its
 * write runs (txrun.h): the result may ask to override, which fires again. */
typedef struct pending {
	const lw_source *src;
	char subject[256], status[128], commit[128], event[32];
	char *reason, *question;  /* what was typed, whole (heap; NULL = none) */
	bool has_subject, has_commit;
	unsigned needs;           /* the row's and the declaration's tx_needs: what to ask before firing */
	const lw_action *act;     /* the declaration the key ran */
	const tx_row *row;        /* the task's row for the event, or NULL (a lever, a workflow) */
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

/* The feed's line for the HUD's own write, as `events` reads it from the
 * journal the write appended to (core/model/journal.h). */
static void feed_own(hud *h, tx_rc rc)
{
	const char *label = NULL;
	for (size_t m = 0; h->fleet->n > 1 && m < h->fleet->n; m++)
		for (size_t k = 0; k < h->fleet->v[m].proj.n; k++)
			if (&h->fleet->v[m].proj.src[k] == pend.src)
				label = h->fleet->v[m].label;
	lw_journal_event(&h->activity, label, lw_now(), pend.src->adapter->name, pend.has_subject ? pend.subject : NULL,
	                 pend.event, h->opts->as ? h->opts->as : "human", lw_journal_result(rc));
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
	if (res.rc == TX_DONE || res.rc == TX_DENIED || res.rc == TX_IO)
		feed_own(h, res.rc);
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

static void question_given(hud *h, const char *text)
{
	if (!text)
		return hud_message(h, false, "%s cancelled, nothing written", pend.event);
	typed(h, question_given, true);
	fire(h, pend.reason, text, false);
}

/* The label of the question prompt: the system's words for the event. */
static const char *question_label(void)
{
	const lw_adapter *ad = pend.src->adapter;
	for (size_t i = 0; i < ad->nactions; i++)
		if (ad->actions[i].question && ad->actions[i].event && strcmp(ad->actions[i].event, pend.event) == 0)
			return ad->actions[i].question;
	return "question";
}

/* The text the write carries (a reason, a note, a direction), then the
 * question when the row wants one too. */
static void text_given(hud *h, const char *text)
{
	if (!text)
		return hud_message(h, false, "%s cancelled, nothing written", pend.event);
	if (!*text)
		return hud_message(h, true, "denied: %s needs a reason; nothing written", pend.event);
	set_text(&pend.reason, text);
	if (!(pend.needs & TX_QUESTION)) {
		typed(h, text_given, false);
		return fire(h, pend.reason, NULL, false);
	}
	prompt_ask_text(h, question_label(), pend.subject, question_given);
	offer_kept_question(h);
}

/* Consequences before the write: the row's help and what the system says
 * follows from acting as this identity, shown above a y/N prompt. */
static void ask_first(hud *h, const char *label)
{
	prompt_ask_confirm(h, label, pend.subject, confirmed);
	const tx_row *row = pend.row;
	char advice[1600] = "";   /* a project path, quoted, is in it */
	if (pend.src && pend.src->adapter->advise)
		pend.src->adapter->advise(pend.src->root, pend.event, pend.subject, h->opts->as ? h->opts->as : "human",
		                          advice, sizeof advice);
	char *note = h->prompt.note;
	size_t n = sizeof h->prompt.note;
	bool says_to = row && row->help && row->to && strstr(row->help, row->to);
	if (row && row->help)
		snprintf(note, n, "%s%s%s%s", row->help, row->to && !says_to ? " (-> " : "", row->to && !says_to ? row->to : "",
		         row->to && !says_to ? ")" : "");
	if (advice[0])
		snprintf(note + strlen(note), n - strlen(note), "%s%s", note[0] ? ". " : "", advice);
}

/* A prompt for the text a write carries: Enter on a text is the yes, Esc
 * or an empty line the no. */
static void ask_text(hud *h, const char *label, hud_prompt_done given)
{
	prompt_ask_text(h, label, pend.subject, given);
	offer_kept(h);
	snprintf(h->prompt.note, sizeof h->prompt.note, pend.needs & TX_QUESTION ?
	         "Enter goes on to the question %s asks next; Esc cancels (nothing is written before)" :
	         "Enter writes %s with this text; Esc cancels (nothing is written before)", pend.event);
}

/* The declaration's label with its values put in (action.h says which). */
static void expand(const hud *h, const char *tmpl, char *out, size_t n)
{
	size_t k = 0;
	out[0] = '\0';
	for (const char *p = tmpl ? tmpl : ""; *p && k + 1 < n; p++) {
		if (*p != '%') {
			out[k++] = *p;
			out[k] = '\0';
			continue;
		}
		int w = 0;
		while (p[1] >= '0' && p[1] <= '9')
			w = w * 10 + (*++p - '0');
		char buf[160];
		const char *v = "";
		switch (*++p) {
		case 'S': v = sys_name(h, buf, sizeof buf); break;
		case 'n': v = pend.src->adapter->name; break;
		case 'i': v = in_project(h, buf, sizeof buf); break;
		case 's': v = pend.subject; break;
		case 't': v = pend.status; break;
		case 'a': v = h->opts->as ? h->opts->as : "human"; break;
		case '%': v = "%"; break;
		default: p--; break;   /* a lone % at the end: nothing */
		}
		snprintf(out + k, n - k, "%.*s", w ? w : (int)n, v);
		k += strlen(out + k);
	}
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
	pend.row = r;
	char label[256], sys[72];
	sys_name(h, sys, sizeof sys);
	if (r->needs & (TX_QUESTION | TX_REASON)) {
		snprintf(label, sizeof label, "%.30s %s:%.50s: reason", r->event, sys, pend.subject);
		ask_text(h, label, text_given);
	} else if (strcmp(r->event, r->to) == 0) {
		snprintf(label, sizeof label, "move %s:%.50s (%.20s) to %.30s?", sys, pend.subject, pend.status, r->to);
		ask_first(h, label);
	} else {
		snprintf(label, sizeof label, "%.30s %s:%.50s (%.20s -> %.30s)?", r->event, sys, pend.subject, pend.status,
		         r->to);
		ask_first(h, label);
	}
}

static void ask_move(hud *h, const char *label, const lw_task *t)
{
	size_t n = moves_of(pend.src, t, offered, HUD_CHOICES_MAX);
	chooser_ask(h, label, move_chosen);
	for (size_t i = 0; i < n; i++) {
		const tx_row *r = offered[i];
		/* Events that are the target states themselves (Foreman's phases): say it once. */
		if (strcmp(r->event, r->to) == 0)
			chooser_add(h, "%-12s %s", r->to, r->help ? r->help : "");
		else
			chooser_add(h, "%s -> %s  %s", r->event, r->to, r->help ? r->help : "");
	}
}

/* Capture the target, then ask what the declaration and the row need. */
static void start(hud *h, const lw_action *a, const target *tg)
{
	if (!a || refuse_busy(h))
		return;
	pend_reset();
	pend.act = a;
	pend.src = tg->src;
	snprintf(pend.event, sizeof pend.event, "%s", a->event ? a->event : "");
	const tx_row *lever = a->event ? lw_action_lever(tg->src->adapter, a->event) : NULL;
	if (tg->task) {
		pend.has_subject = true;
		snprintf(pend.subject, sizeof pend.subject, "%s", tg->task->id);
		snprintf(pend.status, sizeof pend.status, "%s", tg->task->status);
		if (tg->task->revision) {
			pend.has_commit = true;
			snprintf(pend.commit, sizeof pend.commit, "%s", tg->task->revision);
		}
		pend.row = a->event ? task_row(tg->src, tg->task, a->event) : NULL;
	} else if (tg->wf) {
		pend.has_subject = true;
		snprintf(pend.subject, sizeof pend.subject, "%s", tg->wf->name);
	}
	pend.needs = a->needs | (pend.row ? pend.row->needs : lever && !tg->task ? lever->needs : 0);
	char label[256];
	expand(h, a->confirm, label, sizeof label);
	if (!a->event)
		ask_move(h, label, tg->task);
	else if (pend.needs & (TX_REASON | TX_QUESTION))
		ask_text(h, label, text_given);
	else if (a->ask == LW_ASK_PLAIN)
		prompt_ask_confirm(h, label, pend.subject, confirmed);
	else
		ask_first(h, label);
}

void act_run(hud *h, const char *name)
{
	target tg;
	start(h, resolve(h, name, &tg), &tg);
}

void act_run_on(hud *h, const char *name, const lw_source *src, const lw_task *t)
{
	target tg = { .src = src, .task = t };
	start(h, first_applying(name, LW_ACT_TASK, src, t, NULL), &tg);
}

void act_free(void)
{
	pend_reset();
	set_text(&kept.text, NULL);
	set_text(&kept.question, NULL);
}

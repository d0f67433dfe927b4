/* pane_agents.c — the agents of every system, one per row: who they are,
 * what they do and how alive they look (heartbeat and lease ages), the most
 * severe alert that names them. Columns come and go by width, as in Liza's
 * own TUI (80 / 120 / 160): id, status, task and heartbeat always; role and
 * lease from 120; provider, pid, inbox and health (the degraded reason and
 * the recovery hint) from 160. Selecting an agent selects its task. The
 * pane takes no rows on a project whose systems record no agents. */
#include "tui/pane.h"
#include "tui/mouse.h"
#include "core/util/timeparse.h"
#include <stdio.h>
#include <string.h>

size_t hud_agent_count(const hud *h)
{
	size_t n = 0;
	for (size_t s = 0, ns = hud_nsources(h); s < ns; s++) {
		const lw_source *src = hud_source(h, s, NULL);
		if (src->good)
			n += src->good->nagents;
	}
	return n;
}

const lw_agent *hud_agent(const hud *h, size_t i, size_t *member)
{
	for (size_t s = 0, ns = hud_nsources(h); s < ns; s++) {
		size_t m = 0;
		const lw_source *so = hud_source(h, s, &m);
		if (!so->good)
			continue;
		if (i < so->good->nagents) {
			if (member)
				*member = m;
			return &so->good->agents[i];
		}
		i -= so->good->nagents;
	}
	return NULL;
}

static int height(const hud *h)
{
	size_t n = hud_agent_count(h);
	if (!n)
		return 0;
	int want = (int)n + 1, most = h->rows / 6 < 2 ? 2 : h->rows / 6;
	return want < most ? want : most;
}

/* Every agent and the title: rows the board leaves over come here first
 * (panes.c), so no agent is hidden while rows stay empty. */
static int wants(const hud *h)
{
	size_t n = hud_agent_count(h);
	return n ? (int)n + 1 : 0;
}

/* "Agents (9, 3 hidden: acp 3, 1 with an alert)": which systems the rows
 * out of view belong to, and whether an alert names one of them. */
static void hidden_title(const hud *h, size_t n, int first, int rows, char *buf, size_t len);

/* The most severe alert whose subject is this agent, or that says it went
 * stale (Task Factory's lease_stale names the task; the list is sorted). */
static const lw_alert *agent_alert(const hud *h, const lw_agent *ag)
{
	for (size_t i = 0; i < h->alerts.n; i++) {
		const lw_alert *a = &h->alerts.v[i];
		if (!a->acked && strcmp(a->system, ag->system) == 0 &&
		    (strcmp(a->subject, ag->id) == 0 || (a->agent && strcmp(a->agent, ag->id) == 0)))
			return a;
	}
	return NULL;
}

static const char *age(time_t now, time_t t, char *buf, size_t n)
{
	if (t == LW_NO_TIME || t == 0)
		return "-";
	return lw_format_age((long long)(now - t), buf, n);
}

static void draw(hud *h, int y, int height_)
{
	size_t n = hud_agent_count(h);
	int rows = height_ - 1;
	int first = h->agent_row >= rows ? h->agent_row - rows + 1 : 0;
	char title[256];
	hidden_title(h, n, first, rows, title, sizeof title);
	panes_title(h, y, &pane_agents, title);
	time_t now = lw_now();
	bool mid = h->cols >= 120, wide = h->cols >= 160;
	bool labels = h->only < 0 && h->fleet->n > 1;
	/* The columns always there fit whole: the heartbeat is never cut to
	 * "hb 3"; the task, then the id, then the status give way first. */
	int idw = 18, stw = 14, taskw = 18;
	int need = 1 + 2 + 8 + (labels ? 13 : 0) + (idw + 1) + (mid ? 15 : 0) + (stw + 1) + (taskw + 1) + 13;
	for (int *c = &taskw; need > h->cols; ) {
		int floor = c == &taskw ? 8 : c == &idw ? 10 : 9;
		if (*c > floor) {
			(*c)--;
			need--;
		} else if (c == &taskw)
			c = &idw;
		else if (c == &idw)
			c = &stw;
		else
			break;
	}
	for (int r = 0; r < rows && (size_t)(first + r) < n; r++) {
		size_t member = 0;
		const lw_agent *ag = hud_agent(h, (size_t)(first + r), &member);
		int yy = y + 1 + r;
		bool sel = h->focus == &pane_agents && first + r == h->agent_row;
		mouse_zone(&pane_agents, yy, 0, 1, h->cols, first + r, 0);
		if (sel)
			text_fill_row(h, yy, 0, h->cols, EL_SELECTED);
		theme_elem e = sel ? EL_SELECTED : EL_NORMAL, d = sel ? EL_SELECTED : EL_DIM;
		const lw_alert *al = agent_alert(h, ag);
		int x = 1;
		x += text_put(h, yy, x, 2, al ? "!" : " ", al ? (al->level == LW_CRIT ? EL_CRIT : al->level == LW_WARN ? EL_WARN : EL_INFO) : e);
		const char *label = h->only < 0 ? hud_project_label(h, member) : NULL;
		x += text_putf(h, yy, x, 8, sel ? EL_SELECTED : EL_TITLE, "%-7.7s", ag->system) + 1;
		if (label)
			x += text_putf(h, yy, x, 13, d, "%-12.12s", label) + 1;
		x += text_putf(h, yy, x, idw + 1, e, "%-*.*s", idw, idw, ag->id ? ag->id : "-") + 1;
		if (mid)
			x += text_putf(h, yy, x, 15, d, "%-14.14s", ag->role ? ag->role : "-") + 1;
		x += text_putf(h, yy, x, stw + 1, e, "%-*.*s", stw, stw, ag->status ? ag->status : "-") + 1;
		x += text_putf(h, yy, x, taskw + 1, e, "%-*.*s", taskw, taskw, ag->task ? ag->task : "-") + 1;
		char b1[24], b2[24];
		x += text_putf(h, yy, x, 12, d, "hb %-8s", age(now, ag->heartbeat, b1, sizeof b1)) + 1;
		if (mid) {
			/* Until it ends; one that ended reads as how long ago, signed
			 * ("in 5m" would say the opposite of what is true). */
			const char *lease = "-";
			if (ag->lease_expires && ag->lease_expires != LW_NO_TIME && ag->lease_expires > now)
				lease = lw_format_age((long long)(ag->lease_expires - now), b2, sizeof b2);
			else if (ag->lease_expires && ag->lease_expires != LW_NO_TIME) {
				b2[0] = '-';
				lw_format_age((long long)(now - ag->lease_expires), b2 + 1, sizeof b2 - 1);
				lease = b2;
			}
			x += text_putf(h, yy, x, 15, d, "lease %-8s", lease) + 1;   /* until it ends */
		}
		if (wide) {
			if (ag->provider)
				x += text_putf(h, yy, x, 13, d, "%-12.12s", ag->provider) + 1;
			if (ag->pid > 0)
				x += text_putf(h, yy, x, 12, d, "pid %-7lld", ag->pid) + 1;
			if (ag->inbox > 0)
				x += text_putf(h, yy, x, 10, d, "inbox %-3d", ag->inbox) + 1;
		}
		if (x < h->cols - 2 && (ag->health || al)) {
			/* Health says why it is degraded and how it comes back; else the alert. */
			if (ag->health)
				text_putf(h, yy, x, h->cols - x - 1, sel ? EL_SELECTED : EL_WARN, "%s%s%s%s%s", ag->health,
				          ag->health_reason ? ": " : "", ag->health_reason ? ag->health_reason : "",
				          ag->hint && wide ? " -> " : "", ag->hint && wide ? ag->hint : "");
			else if (x + (int)strlen(al->code) <= h->cols - 1)
				text_putf(h, yy, x, h->cols - x - 1, d, "%s", al->code);   /* whole, or only the '!' */
		}
	}
}

/* The agent's task becomes the board's selection. */
static void select_task(hud *h, const lw_agent *ag, size_t member)
{
	if (!ag || !ag->task)
		return;
	for (size_t i = 0; i < h->nitems; i++) {
		const hud_item *it = &h->items[i];
		if (it->member == member && strcmp(it->task->system, ag->system) == 0 && strcmp(it->task->id, ag->task) == 0) {
			hud_task_key(h, it, h->sel_key, sizeof h->sel_key);
			hud_rebuild(h);
			return;
		}
	}
}

static void move_sel(hud *h, int dx, int dy)
{
	(void)dx;
	int n = (int)hud_agent_count(h), r = h->agent_row + dy;
	h->agent_row = r < 0 ? 0 : r > (n ? n - 1 : 0) ? (n ? n - 1 : 0) : r;
	size_t member = 0;
	const lw_agent *ag = hud_agent(h, (size_t)h->agent_row, &member);
	select_task(h, ag, member);
}

static unsigned long sig(const hud *h) { return (unsigned long)h->agent_row; }

static void hidden_title(const hud *h, size_t n, int first, int rows, char *buf, size_t len)
{
	int hidden = (int)n > rows ? (int)n - rows : 0;
	if (!hidden) {
		snprintf(buf, len, "Agents (%zu)", n);
		return;
	}
	/* The systems of the hidden rows, in order, each once with its count. */
	char sys[8][32];
	int cnt[8] = { 0 }, ns = 0, alerted = 0;
	for (size_t i = 0; i < n; i++) {
		if ((int)i >= first && (int)i < first + rows)
			continue;
		const lw_agent *ag = hud_agent(h, i, NULL);
		if (agent_alert(h, ag))
			alerted++;
		int k = 0;
		while (k < ns && strcmp(sys[k], ag->system) != 0)
			k++;
		if (k == ns && ns < 8)
			snprintf(sys[ns++], sizeof sys[0], "%s", ag->system);
		if (k < ns)
			cnt[k]++;
	}
	int used = snprintf(buf, len, "Agents (%zu, %d hidden:", n, hidden);
	for (int k = 0; k < ns && used > 0 && (size_t)used < len; k++)
		used += snprintf(buf + used, len - (size_t)used, "%s %s %d", k ? "," : "", sys[k], cnt[k]);
	if (alerted && used > 0 && (size_t)used < len)
		used += snprintf(buf + used, len - (size_t)used, "; %d with an alert", alerted);
	if (used > 0 && (size_t)used < len)
		snprintf(buf + used, len - (size_t)used, ")");
}

static const char *const legend[] = {
	"Agents: system, id, (role), status, task, 'hb 3m' since its heartbeat",
	"  (ACP: since its state's updated), ('lease 5m' left, 'lease -5m' ended),",
	"  (provider, pid, inbox); '!' in the alert's colour: an alert names it;",
	"  'degraded: reason -> hint': today's Liza's health. Columns come with",
	"  width (120, 160). Moving here selects the agent's task on the board.",
	"  '(9, 3 hidden: sys 3; 1 with an alert)': rows that did not fit, by system.",
	NULL,
};
const hud_pane_def pane_agents = {
	.name = "agents",
	.height = height,
	.draw = draw,
	.move = move_sel,
	.sig = sig,
	.redraw_on = HUD_ON_TICK,   /* ages, and alerts that name an agent */
	.legend = legend,
	.wants = wants,
};

#include "cli/report.h"
#include "core/model/fleet.h"
#include "core/model/queue.h"
#include "core/util/escape.h"
#include "core/util/timeparse.h"
#include <stdio.h>
#include <string.h>

static void term(strbuf *out, const char *s) { esc_term(out, s, strlen(s), true); }

void report_alert_line(strbuf *out, const lw_alert *a)
{
	/* System and code are the adapters' own words today; escaped anyway,
	 * so no future check that builds a code from file text can reach the
	 * terminal raw. */
	strbuf_printf(out, "%s ", lw_level_name(a->level));
	term(out, a->system);
	strbuf_addc(out, ' ');
	term(out, a->code);
	strbuf_addc(out, ' ');
	if (!lw_alert_says_subject(a)) {
		term(out, a->subject);
		strbuf_adds(out, ": ");
	}
	term(out, a->message);
	strbuf_addc(out, '\n');
}

void report_subject(strbuf *out, const lw_alert *a)
{
	term(out, a->subject);
	strbuf_adds(out, ": cleared\n");
}

/* The members of an alert object, after its opening brace. */
static void alert_members(strbuf *out, const lw_alert *a)
{
	char tb[32];
	strbuf_printf(out, "\"level\": \"%s\", \"system\": ", lw_level_name(a->level));
	esc_json_str(out, a->system);
	strbuf_adds(out, ", \"code\": ");
	esc_json_str(out, a->code);
	strbuf_adds(out, ", \"subject\": ");
	esc_json_str(out, a->subject);
	strbuf_adds(out, ", \"message\": ");
	esc_json_str(out, a->message);
	strbuf_printf(out, ", \"since\": \"%s\"", lw_format_time(a->since, tb, sizeof tb));
	if (a->acked)
		strbuf_adds(out, ", \"acked\": true");
	strbuf_addc(out, '}');
}

void report_alert_event_json(strbuf *out, time_t at, const char *event, const char *project, const lw_alert *a)
{
	char tb[32];
	strbuf_printf(out, "{\"time\": \"%s\", \"event\": \"%s\", ", lw_format_time(at, tb, sizeof tb), event);
	if (project) {
		strbuf_adds(out, "\"project\": ");
		esc_json_str(out, project);
		strbuf_adds(out, ", ");
	}
	alert_members(out, a);
	strbuf_addc(out, '\n');
}

/* The "sources" array's members for one project. */
static void source_objects(strbuf *out, const lw_project *p, const char *project, bool *first)
{
	for (size_t i = 0; i < p->n; i++) {
		const lw_source *s = &p->src[i];
		strbuf_adds(out, *first ? "{" : ", {");
		*first = false;
		if (project) {
			strbuf_adds(out, "\"project\": ");
			esc_json_str(out, project);
			strbuf_adds(out, ", \"dir\": ");
			esc_json_str(out, p->dir);
			strbuf_adds(out, ", ");
		}
		strbuf_adds(out, "\"system\": ");
		esc_json_str(out, s->adapter->name);
		strbuf_adds(out, ", \"path\": ");
		esc_json_str(out, s->root);
		strbuf_printf(out, ", \"ok\": %s, \"error\": ", s->failed ? "false" : "true");
		if (s->failed) {
			char msg[1200];
			esc_json_str(out, lw_error_format(&s->error, msg, sizeof msg));
		} else {
			strbuf_adds(out, "null");
		}
		strbuf_addc(out, '}');
	}
}

void report_check_json(strbuf *out, const lw_project *p, const lw_alerts *al)
{
	strbuf_adds(out, "{\"alerts\": [");
	for (size_t i = 0; i < al->n; i++) {
		const lw_alert *a = &al->v[i];
		strbuf_adds(out, i ? ", {" : "{");
		alert_members(out, a);
	}
	strbuf_adds(out, "], \"sources\": [");
	bool first = true;
	source_objects(out, p, NULL, &first);
	strbuf_adds(out, "]}\n");
}

/* A missing project as a source: it names its folder and why. */
static void missing_objects(strbuf *out, const report_missing *miss, size_t nmiss, bool *first)
{
	for (size_t i = 0; i < nmiss; i++) {
		strbuf_adds(out, *first ? "{\"project\": " : ", {\"project\": ");
		*first = false;
		esc_json_str(out, miss[i].dir);
		strbuf_adds(out, ", \"dir\": ");
		esc_json_str(out, miss[i].dir);
		strbuf_adds(out, ", \"ok\": false, \"error\": ");
		esc_json_str(out, miss[i].error);
		strbuf_addc(out, '}');
	}
}

void report_check_json_fleet(strbuf *out, const lw_fleet *f, const lw_alerts *al, const report_missing *miss,
                             size_t nmiss)
{
	strbuf_adds(out, "{\"alerts\": [");
	bool first = true;
	for (size_t m = 0; m < f->n; m++)
		for (size_t i = 0; i < al[m].n; i++) {
			strbuf_adds(out, first ? "{\"project\": " : ", {\"project\": ");
			first = false;
			esc_json_str(out, f->v[m].label);
			strbuf_adds(out, ", ");
			alert_members(out, &al[m].v[i]);
		}
	strbuf_adds(out, "], \"sources\": [");
	first = true;
	for (size_t m = 0; m < f->n; m++)
		source_objects(out, &f->v[m].proj, f->v[m].label, &first);
	missing_objects(out, miss, nmiss, &first);
	strbuf_adds(out, "]}\n");
}

/* A workflow flagged PAUSED (Liza's .liza/PAUSE, Go Liza's mode PAUSED):
 * the agents hold, whatever the counts say. */
static bool source_paused(const lw_source *s)
{
	for (size_t w = 0; s->good && w < s->good->nworkflows; w++) {
		const char *f = s->good->workflows[w].flags;
		for (const char *at = f ? strstr(f, "PAUSED") : NULL; at; at = strstr(at + 1, "PAUSED"))
			if ((at == f || at[-1] == ' ') && (at[6] == '\0' || at[6] == ' '))
				return true;
	}
	return false;
}

void report_status_count(const lw_project *p, const lw_alerts *al, status_counts *c)
{
	memset(c, 0, sizeof *c);
	c->sources = p->n;
	for (size_t i = 0; i < p->n; i++) {
		const lw_source *s = &p->src[i];
		c->failed_sources += s->failed;
		c->paused += source_paused(s);
		if (!s->good)
			continue;
		for (size_t t = 0; t < s->good->ntasks; t++) {
			const lw_task *k = &s->good->tasks[t];
			c->lanes[k->lane]++;
			c->awaiting += k->awaiting_operator;
			c->tasks++;
		}
	}
	for (size_t i = 0; i < al->n; i++) {
		if (al->v[i].acked)
			c->acked++;   /* counted apart: it no longer asks for the operator */
		else
			c->alerts[al->v[i].level]++;
	}
	lw_queue q;
	lw_queue_init(&q);
	lw_queue_add_project(&q, p, al, NULL, 0);
	c->waiting = q.n;
	lw_queue_free(&q);
}

/* Styles for tmux, by what the operator must notice. */
#define TMUX_CRIT "#[fg=white,bg=red,bold]"
#define TMUX_WARN "#[fg=black,bg=yellow]"
#define TMUX_REVIEW "#[fg=cyan,bold]"
#define TMUX_OK "#[fg=green]"
#define TMUX_RESET "#[default]"

static int first_lane(const size_t *lanes)
{
	for (int l = 0; l < LANE_COUNT; l++)
		if (lanes[l])
			return l;
	return LANE_COUNT;
}

/* "ok", or the CRIT and WARN counts. */
static void alert_counts(strbuf *out, const status_counts *c, bool tmux)
{
	if (!c->alerts[LW_CRIT] && !c->alerts[LW_WARN]) {
		strbuf_adds(out, tmux ? TMUX_OK "ok" TMUX_RESET : "ok");
		return;
	}
	if (c->alerts[LW_CRIT])
		strbuf_printf(out, tmux ? TMUX_CRIT "%zu CRIT" TMUX_RESET : "%zu CRIT", c->alerts[LW_CRIT]);
	if (c->alerts[LW_CRIT] && c->alerts[LW_WARN])
		strbuf_addc(out, ' ');
	if (c->alerts[LW_WARN])
		strbuf_printf(out, tmux ? TMUX_WARN "%zu WARN" TMUX_RESET : "%zu WARN", c->alerts[LW_WARN]);
}

/* On the tmux bar the counts come first (alerts, acknowledged, awaiting
 * you), then the systems: tmux cuts a line longer than status-right-length
 * at its end, and a five-system project's long line is ~270 columns. */
static void tmux_head(strbuf *out, const status_counts *c)
{
	alert_counts(out, c, true);
	if (c->acked)
		strbuf_printf(out, " | %zu ack", c->acked);
	if (c->awaiting)
		strbuf_printf(out, " | " TMUX_REVIEW "%zu to review" TMUX_RESET, c->awaiting);
}

static void default_line(strbuf *out, const lw_project *p, const status_counts *c, bool tmux)
{
	if (p->unreadable) {
		strbuf_adds(out, tmux ? TMUX_CRIT "cannot be opened" TMUX_RESET : "cannot be opened");
		return;
	}
	if (p->n == 0) {
		strbuf_adds(out, "no state");
		return;
	}
	if (tmux) {
		tmux_head(out, c);
		strbuf_adds(out, " | ");
	}
	for (size_t i = 0; i < p->n; i++) {
		const lw_source *s = &p->src[i];
		if (i)
			strbuf_adds(out, " | ");
		strbuf_printf(out, "%s:", s->adapter->name);
		if (!s->good) {
			strbuf_adds(out, tmux ? " " TMUX_CRIT "error" TMUX_RESET : " error");
			continue;
		}
		const char *seg = s->good->status_segment;
		/* Paused says so first, unless the system's own words do already. */
		bool paused = source_paused(s) && !(seg && strstr(seg, "PAUSED"));
		if (paused) {
			strbuf_adds(out, tmux ? " " TMUX_WARN "PAUSED" TMUX_RESET : " PAUSED");
			if (s->good->ntasks || (seg && *seg))
				strbuf_addc(out, ',');
		}
		if (seg && *seg) {
			strbuf_addc(out, ' ');
			if (tmux)
				esc_tmux(out, seg, strlen(seg));
			else
				esc_term(out, seg, strlen(seg), true);
			if (s->good->ntasks)
				strbuf_addc(out, ',');
		}
		size_t lanes[LANE_COUNT] = { 0 };
		for (size_t t = 0; t < s->good->ntasks; t++)
			lanes[s->good->tasks[t].lane]++;
		bool any = (seg && *seg) || paused;
		for (int l = 0; l < LANE_COUNT; l++) {
			if (!lanes[l])
				continue;
			strbuf_printf(out, "%s %zu %s", any && l != first_lane(lanes) ? "," : "", lanes[l],
			              lw_lane_name((lw_lane)l));
			any = true;
		}
		if (!any)
			strbuf_adds(out, " no tasks");
		if (s->failed)
			strbuf_adds(out, tmux ? " " TMUX_CRIT "stale" TMUX_RESET : " (stale)");
	}
	if (tmux)
		return;
	if (c->awaiting)
		strbuf_printf(out, " | %zu to review", c->awaiting);
	strbuf_adds(out, " | ");
	if (c->acked)
		strbuf_printf(out, "%zu ack | ", c->acked);
	alert_counts(out, c, false);
}

static void json_line(strbuf *out, const lw_project *p, const status_counts *c)
{
	strbuf_adds(out, "{\"systems\": [");
	for (size_t i = 0; i < p->n; i++) {
		const lw_source *s = &p->src[i];
		strbuf_adds(out, i ? ", {\"system\": " : "{\"system\": ");
		esc_json_str(out, s->adapter->name);
		strbuf_printf(out, ", \"ok\": %s, \"stale\": %s, \"paused\": %s", s->failed ? "false" : "true",
		              s->failed && s->good ? "true" : "false", source_paused(s) ? "true" : "false");
		size_t lanes[LANE_COUNT] = { 0 }, awaiting = 0, n = 0;
		if (s->good)
			for (size_t t = 0; t < s->good->ntasks; t++) {
				lanes[s->good->tasks[t].lane]++;
				awaiting += s->good->tasks[t].awaiting_operator;
				n++;
			}
		strbuf_adds(out, ", \"lanes\": {");
		for (int l = 0; l < LANE_COUNT; l++)
			strbuf_printf(out, "%s\"%s\": %zu", l ? ", " : "", lw_lane_name((lw_lane)l), lanes[l]);
		strbuf_printf(out, "}, \"tasks\": %zu, \"awaiting\": %zu", n, awaiting);
		if (s->good && s->good->active_set) {
			strbuf_adds(out, ", \"active_set\": [");
			for (size_t k = 0; k < s->good->nactive_set; k++) {
				strbuf_adds(out, k ? ", " : "");
				esc_json_str(out, s->good->active_set[k]);
			}
			strbuf_addc(out, ']');
		}
		strbuf_addc(out, '}');
	}
	strbuf_printf(out, "], \"tasks\": %zu, \"awaiting\": %zu, \"paused\": %s, \"alerts\": {\"CRIT\": %zu, "
	              "\"WARN\": %zu, \"INFO\": %zu}, \"acked\": %zu}", c->tasks, c->awaiting, c->paused ? "true" : "false",
	              c->alerts[LW_CRIT], c->alerts[LW_WARN], c->alerts[LW_INFO], c->acked);
}

static void template_line(strbuf *out, const lw_project *p, const status_counts *c, const char *fmt,
                          bool tmux)
{
	for (const char *f = fmt; *f; f++) {
		if (tmux && *f == '#') {
			/* A template may come from a project's .liza-watch, which the
			 * agents can write: tmux gets its #[style]s and ## from it,
			 * and any other # doubled, so no #(command) or #{format}. */
			if (f[1] == '#')
				strbuf_addc(out, *f++);
			else if (f[1] != '[')
				strbuf_addc(out, '#');
			strbuf_addc(out, '#');
			continue;
		}
		if (*f != '%' || !f[1]) {
			/* The template's own text, through the choke point: a project's
			 * .liza-watch may set it, and an escape sequence in it must not
			 * reach the terminal (a title change, an OSC 52 write). */
			size_t k = *f == '%' ? 1 : strcspn(f, tmux ? "%#" : "%");
			esc_term(out, f, k, true);
			f += k - 1;
			continue;
		}
		size_t v;
		switch (*++f) {
		case 'B': v = c->lanes[LANE_BACKLOG]; break;
		case 'Y': v = c->lanes[LANE_READY]; break;
		case 'A': v = c->lanes[LANE_ACTIVE]; break;
		case 'R': v = c->lanes[LANE_REVIEW]; break;
		case 'K': v = c->lanes[LANE_BLOCKED]; break;
		case 'D': v = c->lanes[LANE_DONE]; break;
		case 'T': v = c->tasks; break;
		case 'W': v = c->awaiting; break;
		case 'Q': v = c->waiting; break;
		case 'c': v = c->alerts[LW_CRIT]; break;
		case 'w': v = c->alerts[LW_WARN]; break;
		case 'i': v = c->alerts[LW_INFO]; break;
		case 'a': v = c->acked; break;
		case 'S':
			for (size_t i = 0; i < p->n; i++)
				strbuf_printf(out, "%s%s", i ? "+" : "", p->src[i].adapter->name);
			continue;
		case 'P':
			if (c->paused)
				strbuf_adds(out, "PAUSED");
			continue;
		case 'L': default_line(out, p, c, tmux); continue;
		case '%': strbuf_addc(out, '%'); continue;
		default: strbuf_addc(out, '%'); strbuf_addc(out, *f); continue;   /* refused before (lw_status_format_check) */
		}
		strbuf_printf(out, "%zu", v);
	}
}

/* tmux's default status-right-length is 40: the counts come first and a
 * part is added only while the visible text (without #[styles]) fits. */
#define COMPACT_MAX 40

/* A part goes in only while the visible text (vis columns, without
 * #[styles]) stays within COMPACT_MAX; text is tmux-safe already. */
static bool compact_part(strbuf *out, size_t *vis, const char *style, const char *text, size_t width)
{
	size_t sep = *vis ? 3 : 0;
	if (*vis + sep + width > COMPACT_MAX)
		return false;
	if (sep)
		strbuf_adds(out, " | ");
	if (style)
		strbuf_printf(out, "%s%s" TMUX_RESET, style, text);
	else
		strbuf_adds(out, text);
	*vis += sep + width;
	return true;
}

static void compact_count(strbuf *out, size_t *vis, const char *style, size_t n, const char *what)
{
	char b[64];
	int w = snprintf(b, sizeof b, "%zu %s", n, what);
	compact_part(out, vis, style, b, w > 0 ? (size_t)w : 0);
}

/* "no project DIR" for a -C that could not be opened: alone on the bar,
 * the folder as given (its end kept when too long: the end tells folders
 * apart); beside other projects its last name only, at most 15 columns, so
 * that their CRIT and WARN counts still fit. */
static void compact_missing(strbuf *out, size_t *vis, const report_missing *miss, size_t nmiss, bool alone)
{
	if (nmiss > 1) {
		compact_count(out, vis, TMUX_CRIT, nmiss, "projects missing");
		return;
	}
	const char *head = "no project ";
	const char *dir = miss[0].dir, *end = dir + strlen(dir);
	while (end - dir > 1 && end[-1] == '/')
		end--;
	if (!alone) {
		const char *slash = end;
		while (slash > dir && slash[-1] != '/')
			slash--;
		if (slash < end)
			dir = slash;
	}
	size_t len = (size_t)(end - dir), room = alone ? COMPACT_MAX - strlen(head) : 15;
	bool cut = len > room;
	if (alone && len + strlen(head) + 12 <= COMPACT_MAX)
		head = "liza-watch: no project ";   /* the whole bar: say whose line it is */
	else if (cut) {
		dir = end - (room - 3);
		while ((unsigned char)*dir >= 0x80 && (unsigned char)*dir < 0xc0)
			dir++;   /* never half a character */
	}
	strbuf text;
	strbuf_init(&text);
	strbuf_adds(&text, head);
	if (cut)
		strbuf_adds(&text, "...");
	esc_tmux(&text, dir, (size_t)(end - dir));
	size_t width = strlen(head) + (cut ? 3 : 0);
	for (const char *c = dir; c < end; c++)
		width += ((unsigned char)*c & 0xc0) != 0x80;
	compact_part(out, vis, TMUX_CRIT, text.buf, width);
	strbuf_free(&text);
}

/* The most severe first: a missing project, CRIT, unreadable, PAUSED, WARN
 * (or ok), then what waits for you and the work under way. */
static void compact_line(strbuf *out, const status_counts *c, const report_missing *miss, size_t nmiss,
                         const strbuf *crit_at, size_t crit_w)
{
	size_t vis = 0;
	if (nmiss)
		compact_missing(out, &vis, miss, nmiss, c->sources == 0);
	if (c->sources == 0) {
		if (!nmiss)
			compact_part(out, &vis, NULL, "no state yet", 12);
		return;
	}
	if (c->alerts[LW_CRIT] && crit_at && crit_at->len) {
		/* Several projects: the CRIT says whose it is ("2 CRIT beta"). */
		strbuf text;
		strbuf_init(&text);
		strbuf_printf(&text, "%zu CRIT ", c->alerts[LW_CRIT]);
		size_t w = text.len + crit_w;
		strbuf_add(&text, crit_at->buf, crit_at->len);
		bool named = compact_part(out, &vis, TMUX_CRIT, text.buf, w);
		strbuf_free(&text);
		if (!named)   /* no room for the name: the count never goes */
			compact_count(out, &vis, TMUX_CRIT, c->alerts[LW_CRIT], "CRIT");
	} else if (c->alerts[LW_CRIT])
		compact_count(out, &vis, TMUX_CRIT, c->alerts[LW_CRIT], "CRIT");
	if (c->failed_sources)
		compact_count(out, &vis, TMUX_CRIT, c->failed_sources, "unreadable");
	if (c->paused)
		compact_part(out, &vis, TMUX_WARN, "PAUSED", 6);
	if (c->alerts[LW_WARN])
		compact_count(out, &vis, TMUX_WARN, c->alerts[LW_WARN], "WARN");
	if (!c->alerts[LW_CRIT] && !c->alerts[LW_WARN] && !nmiss && !c->failed_sources)
		compact_part(out, &vis, TMUX_OK, "ok", 2);
	if (c->acked)   /* acknowledged alerts are counted apart, not in CRIT/WARN */
		compact_count(out, &vis, NULL, c->acked, "ack");
	if (c->awaiting)
		compact_count(out, &vis, TMUX_REVIEW, c->awaiting, "to review");
	if (c->waiting > c->awaiting)   /* the rest of the queue: held runs, gates, stops */
		compact_count(out, &vis, TMUX_REVIEW, c->waiting - c->awaiting, "waiting");
	compact_count(out, &vis, NULL, c->lanes[LANE_ACTIVE], "active");
	compact_count(out, &vis, NULL, c->tasks, c->tasks == 1 ? "task" : "tasks");
}

void report_status(strbuf *out, const lw_project *p, const lw_alerts *al, status_style style, const char *fmt)
{
	status_counts c;
	report_status_count(p, al, &c);
	if (style == STATUS_JSON)
		json_line(out, p, &c);
	else if (fmt && strcmp(fmt, "long") == 0)
		default_line(out, p, &c, style == STATUS_TMUX);
	else if (fmt)
		template_line(out, p, &c, fmt, style == STATUS_TMUX);
	else if (style == STATUS_TMUX)
		compact_line(out, &c, NULL, 0, NULL, 0);
	else
		default_line(out, p, &c, false);
}

static void sum_counts(const lw_fleet *f, const lw_alerts *al, status_counts *sum)
{
	status_counts c;
	memset(sum, 0, sizeof *sum);
	for (size_t m = 0; m < f->n; m++) {
		report_status_count(&f->v[m].proj, &al[m], &c);
		for (int l = 0; l < LANE_COUNT; l++)
			sum->lanes[l] += c.lanes[l];
		for (int l = 0; l < 3; l++)
			sum->alerts[l] += c.alerts[l];
		sum->awaiting += c.awaiting;
		sum->waiting += c.waiting;
		sum->tasks += c.tasks;
		sum->failed_sources += c.failed_sources;
		sum->paused += c.paused;
		sum->sources += c.sources;
	}
}

/* Which project holds the CRIT on the compact line of several: the one with
 * the most (the first of equals, in -C order), its label cut to
 * CRIT_LABEL_MAX columns, "+N" when N others hold one too. Writes the
 * tmux-escaped text to at and returns its visible width (0: no CRIT). */
#define CRIT_LABEL_MAX 12
static size_t crit_holder(strbuf *at, const lw_fleet *f, const lw_alerts *al)
{
	size_t best = 0, most = 0, others = 0;
	for (size_t m = 0; m < f->n; m++) {
		status_counts c;
		report_status_count(&f->v[m].proj, &al[m], &c);
		if (!c.alerts[LW_CRIT])
			continue;
		if (most)
			others++;
		if (c.alerts[LW_CRIT] > most) {
			most = c.alerts[LW_CRIT];
			best = m;
		}
	}
	if (!most)
		return 0;
	const char *label = f->v[best].label;
	size_t len = strlen(label), width = 0, cut = len, cols = 0;
	for (size_t i = 0; i < len; i++)
		cols += ((unsigned char)label[i] & 0xc0) != 0x80;
	for (size_t i = 0; i < len; i++) {
		if (((unsigned char)label[i] & 0xc0) == 0x80)
			continue;
		if (cols > CRIT_LABEL_MAX && width == CRIT_LABEL_MAX - 1) {
			cut = i;   /* the start and a "~" mark: the start tells projects apart */
			break;
		}
		width++;
	}
	esc_tmux(at, label, cut);
	if (cut < len) {
		strbuf_addc(at, '~');
		width++;
	}
	if (others) {
		char b[32];
		int n = snprintf(b, sizeof b, " +%zu", others);
		strbuf_adds(at, b);
		width += n > 0 ? (size_t)n : 0;
	}
	return width;
}

void report_status_fleet(strbuf *out, const lw_fleet *f, const lw_alerts *al, status_style style, const char *fmt,
                         const report_missing *miss, size_t nmiss)
{
	if (style == STATUS_TMUX && !fmt) {
		/* One line within tmux's 40 columns: the counts of every project
		 * summed, the CRIT naming its project (the rest of the names are
		 * --format long's). */
		status_counts sum;
		sum_counts(f, al, &sum);
		strbuf at;
		strbuf_init(&at);
		size_t w = f->n > 1 ? crit_holder(&at, f, al) : 0;
		compact_line(out, &sum, miss, nmiss, &at, w);
		strbuf_free(&at);
		return;
	}
	/* The long tmux line of several projects: their counts summed first,
	 * where tmux's cut at status-right-length cannot reach them. */
	if (style == STATUS_TMUX && strcmp(fmt, "long") == 0 && f->n > 1) {
		status_counts sum;
		sum_counts(f, al, &sum);
		tmux_head(out, &sum);
		strbuf_adds(out, "  ");
	}
	if (style == STATUS_JSON)
		strbuf_adds(out, "{\"projects\": [");
	for (size_t m = 0; m < f->n; m++) {
		strbuf line;
		strbuf_init(&line);
		report_status(&line, &f->v[m].proj, &al[m], style, fmt);
		if (style == STATUS_JSON) {
			strbuf_adds(out, m ? ", {\"project\": " : "{\"project\": ");
			esc_json_str(out, f->v[m].label);
			strbuf_adds(out, ", ");
			strbuf_add(out, line.buf + 1, line.len - 1);   /* the object without its "{" */
		} else {
			if (m)
				strbuf_adds(out, "  ");
			if (style == STATUS_TMUX)
				esc_tmux(out, f->v[m].label, strlen(f->v[m].label));
			else
				esc_term(out, f->v[m].label, strlen(f->v[m].label), true);
			strbuf_adds(out, ": ");
			strbuf_add(out, line.buf ? line.buf : "", line.len);
		}
		strbuf_free(&line);
	}
	for (size_t i = 0; i < nmiss; i++) {
		if (style == STATUS_JSON) {
			bool first = f->n == 0 && i == 0;
			missing_objects(out, &miss[i], 1, &first);
			continue;
		}
		if (f->n || i)
			strbuf_adds(out, "  ");
		if (style == STATUS_TMUX) {
			strbuf_adds(out, TMUX_CRIT "no project ");
			esc_tmux(out, miss[i].dir, strlen(miss[i].dir));
			strbuf_adds(out, TMUX_RESET);
		} else {
			strbuf_adds(out, "no project ");
			term(out, miss[i].dir);
		}
	}
	if (style == STATUS_JSON)
		strbuf_adds(out, "]}");
}

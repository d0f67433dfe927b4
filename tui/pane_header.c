/* pane_header.c — the top line: the project, each system's state, the alert
 * counts and the time of the last reload. The counts are never dropped: as
 * the screen narrows the path is shortened first (its tail kept), then the
 * program's name goes, then the reload time, then the counts' words. */
#include "tui/pane.h"
#include "tui/view_queue.h"
#include "tui/triage.h"
#include <stdio.h>
#include <string.h>
#include <time.h>

static int height(const hud *h) { (void)h; return 1; }

/* " liza ", or " alpha/liza stale " when several projects are shown. With
 * several, grouped (all of them drawn in order), a project is named once,
 * before its first system: " alpha: liza ", " foreman ", " acp ", " beta:
 * liza " — three projects of five systems keep the path and reload time. */
static void system_name_as(const hud *h, size_t i, bool grouped, char *b, size_t n)
{
	size_t m = 0, pm = (size_t)-1;
	const lw_source *s = hud_source(h, i, &m);
	const char *label = h->only < 0 ? hud_project_label(h, m) : NULL;
	if (label && grouped && i > 0)
		hud_source(h, i - 1, &pm);
	bool first = pm != m;
	snprintf(b, n, " %s%s%s%s ", label && first ? label : "", label && first ? (grouped ? ": " : "/") : "",
	         s->adapter->name, !s->failed ? "" : s->good ? " stale" : " error");
}

static void system_name(const hud *h, size_t i, char *b, size_t n) { system_name_as(h, i, false, b, n); }

static int systems_width(hud *h, bool grouped)
{
	int w = 0;
	for (size_t i = 0, ns = hud_nsources(h); i < ns; i++) {
		char b[192];
		system_name_as(h, i, grouped, b, sizeof b);
		w += text_width(h, b);
	}
	return w;
}

/* The last bytes of path that fit in w columns, after "…" (UTF-8 safe). */
static const char *path_tail(hud *h, const char *path, int w)
{
	const char *p = path;
	while (*p && text_width(h, p) > w) {
		p++;
		while ((*p & 0xC0) == 0x80)
			p++;
	}
	return p;
}

static void put_system(hud *h, int y, int *x, int end, size_t i, bool grouped)
{
	const lw_source *s = hud_source(h, i, NULL);
	theme_elem e = !s->failed ? EL_HEADER : s->good ? EL_STALE : EL_CRIT;
	char b[192];
	system_name_as(h, i, grouped, b, sizeof b);
	*x += text_put(h, y, *x, end - *x, b, e);
}

/* Each system in w columns from x. When they do not all fit, those that
 * failed (error, stale) come first, as many others as fit follow, and the
 * rest are counted ("+3"): a failing system is never the one cut off. */
static void draw_systems(hud *h, int y, int x, int w, int sys)
{
	size_t ns = hud_nsources(h);
	int end = x + w;
	if (sys <= w) {
		for (size_t i = 0; i < ns; i++)
			put_system(h, y, &x, end, i, true);
		return;
	}
	size_t shown = 0;
	for (int pass = 0; pass < 2; pass++) {
		for (size_t i = 0; i < ns; i++) {
			bool failed = hud_source(h, i, NULL)->failed;
			if (failed != (pass == 0))
				continue;
			char b[192];
			system_name(h, i, b, sizeof b);
			/* An ok system is drawn only if the count of the rest still fits. */
			int reserve = pass == 0 || shown + 1 == ns ? 0 : 5;
			if (x + text_width(h, b) + reserve > end && !(failed && shown == 0))
				continue;
			put_system(h, y, &x, end, i, false);
			shown++;
		}
	}
	if (shown < ns) {
		char more[32];
		snprintf(more, sizeof more, " +%zu ", ns - shown);
		text_put(h, y, x, end - x, more, EL_HEADER);
	}
}

static void draw(hud *h, int y, int rows)
{
	(void)rows;
	/* Acknowledged alerts are counted apart (ACK n), not in their level. */
	size_t lev[3], acked;
	triage_counts(h, lev, &acked);
	size_t crit = lev[LW_CRIT], warn = lev[LW_WARN], info = lev[LW_INFO];
	char ack[32] = "";
	if (acked)
		snprintf(ack, sizeof ack, "  ACK %zu", acked);
	/* What waits for a human, in every project (w opens the queue). */
	char wait[32] = "", wait_s[24] = "";
	size_t waiting = view_queue_count(h);
	if (waiting) {
		snprintf(wait, sizeof wait, "WAIT %zu  ", waiting);
		snprintf(wait_s, sizeof wait_s, "Q%zu ", waiting);
	}
	char tb[32];
	struct tm tm;
	time_t t = h->reloaded_at;
	localtime_r(&t, &tm);
	strftime(tb, sizeof tb, "%H:%M:%S", &tm);
	text_fill_row(h, y, 0, h->cols, EL_HEADER);

	char where[LW_PATH_MAX + 64];
	const char *dir = hud_where(h, where, sizeof where);
	int sys = systems_width(h, true), dirw = text_width(h, dir);
	/* The right side, longest form that leaves the path 12 columns. */
	char right[160], crit_s[32];
	int form = 0;
	for (;; form++) {
		if (form == 0)
			snprintf(right, sizeof right, " %sCRIT %zu  WARN %zu  INFO %zu%s  reloaded %s ", wait, crit, warn, info, ack,
			         tb);
		else if (form == 1)
			snprintf(right, sizeof right, " %sCRIT %zu  WARN %zu  INFO %zu%s ", wait, crit, warn, info, ack);
		else
			snprintf(right, sizeof right, " %sC%zu W%zu I%zu%s ", wait_s, crit, warn, info, acked ? "+" : "");
		int need = (int)strlen(right) + sys + 2 + (dirw < 12 ? dirw : 12);
		if (form == 2 || need < h->cols)
			break;
	}
	snprintf(crit_s, sizeof crit_s, form == 2 ? "C%zu" : "CRIT %zu", crit);
	int rw = (int)strlen(right);
	int room = h->cols - rw - sys - 1;   /* for the banner, the name and the path */
	int x = 0;
	if (h->opts->banner) {
		/* The demo says so first, and whole: nothing here is a real team's
		 * work. The systems give way to it (draw_systems counts those cut). */
		char b[128];
		snprintf(b, sizeof b, " %s%s ", h->opts->banner, h->sim_paused ? " (paused)" : "");
		int want = text_width(h, b);
		int bw = text_put(h, y, x, want < h->cols - rw ? want : h->cols - rw, b, EL_WARN);
		x += bw;
		room -= bw;
	}
	if (room >= 13 + dirw + 1 || room >= 13 + 24) {
		x += text_put(h, y, x, room, " liza-watch  ", EL_HEADER);
		room -= 13;
	} else {
		x += text_put(h, y, x, room, " ", EL_HEADER);
		room -= 1;
	}
	if (room > 1) {
		if (dirw + 1 <= room) {
			x += text_putf(h, y, x, room, EL_HEADER, "%s ", dir);
		} else {
			x += text_put(h, y, x, room, h->utf8 ? "\u2026" : "~", EL_HEADER);
			x += text_putf(h, y, x, room - 1, EL_HEADER, "%s ", path_tail(h, dir, room - 2));
		}
	}
	draw_systems(h, y, x, h->cols - rw - x, sys);
	int rx = h->cols - rw;
	text_put(h, y, rx, rw, right, EL_HEADER);
	if (crit)   /* after the queue's count, which leads */
		text_put(h, y, rx + 1 + (int)strlen(form == 2 ? wait_s : wait), (int)strlen(crit_s), crit_s, EL_CRIT);
}

static const char *const legend[] = {
	"Top line: the project, each system found ('error': its state cannot be",
	"  read; 'stale': the last good state is shown), alert counts, last reload.",
	"  'ACK n': alerts acknowledged (K), counted apart from their level ('+' when narrow).",
	"  'WAIT n' ('Qn' when narrow): items waiting for a human in every project (w lists them).",
	"  With several projects: 'N projects', then each project once with its",
	"  systems ('alpha: sys1 sys2  beta: sys1'; o narrows).",
	"  '+N': N more systems that did not fit (failing ones are drawn first).",
	NULL,
};
const hud_pane_def pane_header = {
	.name = "header",
	.height = height,
	.draw = draw,
	.redraw_on = HUD_ON_TICK,
	.legend = legend,
};

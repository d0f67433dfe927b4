/* loop.c — the HUD's one event loop: poll() over the terminal, the watcher
 * and the signal pipe. Idle means blocked in poll() with no timeout: a timer
 * is armed only for the next check deadline and, with a live clock, the next
 * minute (ages are shown in whole minutes). */
#include "tui/hud.h"
#include "tui/prompt.h"
#include "tui/term.h"
#include "tui/keymap.h"
#include "tui/pane.h"
#include "tui/mouse.h"
#include "notify/notify.h"
#include "tui/view.h"
#include "tui/act.h"
#include "tui/cmdline.h"
#include "tui/uistate.h"
#include "core/util/escape.h"
#include "core/util/timeparse.h"
#include "live/live.h"
#include "watch/sigpipe.h"
#include <curses.h>
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* ms until the checks must run again, or -1. */
static int timer_ms(const hud *h)
{
	if (lw_clock_fixed())
		return -1;
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	long long now_ms = (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
	long long next = ((long long)ts.tv_sec / 60 + 1) * 60 * 1000;   /* next whole minute */
	if (h->next_deadline != LW_NO_TIME && (long long)h->next_deadline * 1000 < next)
		next = (long long)h->next_deadline * 1000;
	long long d = next - now_ms;
	return d < 0 ? 0 : d > 3600000 ? 3600000 : (int)d;
}

static int min_timeout(int a, int b)
{
	if (a < 0)
		return b;
	if (b < 0)
		return a;
	return a < b ? a : b;
}

static void after_reload(hud *h, const bool *changed)
{
	hud_rebuild(h);
	views_reload(h);   /* the open views follow the tasks as they are now */
	hud_recheck_changed(h, changed);
	h->reloaded_at = lw_now();   /* LIZA_WATCH_NOW fixes it too: screens compare byte for byte */
	h->dirty = DIRTY_ALL;
}

/* Complaints about the config and the theme: all on stderr (printed before
 * the screen is taken, so the scrollback keeps them), the first on the
 * message line with a count of the rest. */
static void show_complaints(hud *h, const char *config, const char *theme_warn)
{
	strbuf all;
	strbuf_init(&all);
	strbuf_adds(&all, config ? config : "");
	strbuf_adds(&all, theme_warn);
	if (all.len) {
		/* Every line goes to the message log, where L shows them inside
		 * the HUD (stderr is hidden behind the screen while it runs). */
		size_t lines = 0;
		for (const char *q = all.buf; *q;) {
			size_t n = strcspn(q, "\n");
			char line[640];
			snprintf(line, sizeof line, "%.*s", (int)n, q);
			hud_log(h, line);
			lines++;
			q += n + (q[n] == '\n');
		}
		int first = (int)strcspn(all.buf, "\n");
		if (lines > 1)
			snprintf(h->message, sizeof h->message, "%.*s (+%zu more: L shows them all)", first, all.buf, lines - 1);
		else
			snprintf(h->message, sizeof h->message, "%.*s", first, all.buf);
		h->message_error = true;
	}
	strbuf_free(&all);
}

int tui_run(lw_fleet *f, const tui_opts *o)
{
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		fputs("liza-watch: the HUD needs a terminal (use check or status in scripts)\n", stderr);
		return 2;
	}
	char why[256];
	if (!term_usable(why, sizeof why)) {
		fprintf(stderr, "liza-watch: %s\n", why);
		return 2;
	}
	hud h;
	memset(&h, 0, sizeof h);
	txrun_init(&h.tx);
	h.fleet = f;
	h.only = -1;
	h.opts = o;
	hud_keymap defaults;
	if (!o->keymap)
		keymap_init(&defaults);
	h.keymap = o->keymap ? o->keymap : &defaults;
	h.focus = &pane_board;
	char warn[1024] = "";
	const char *theme_name = o->theme ? o->theme : o->no_color ? "mono" : "default";
	if (theme_load(&h.th, theme_name, o->theme_dirs, warn, sizeof warn) < 0) {
		if (!o->theme_at) {
			fprintf(stderr, "liza-watch: theme '%s' not found (try default, mono, solarized-dark, high-contrast, or a path)\n", theme_name);
			return 2;
		}
		/* A config's theme that is gone must not keep the HUD from starting. */
		snprintf(warn, sizeof warn, "%s: theme '%.200s' not found; using the default\n", o->theme_at, theme_name);
		theme_load(&h.th, o->no_color ? "mono" : "default", NULL, warn + strlen(warn), sizeof warn - strlen(warn));
	}
	lw_alerts_init(&h.alerts);
	lw_alerts_init(&h.all_alerts);
	/* The feed hears of every reload of every project; acknowledgements are the user's. */
	lw_activity_init(&h.activity, 512);
	h.activity.started = lw_now();   /* the projects loaded just now: what is there was seen now */
	lw_acks_open(&h.acks);
	if (h.acks.problem[0])
		snprintf(warn + strlen(warn), sizeof warn - strlen(warn), "%.900s\n", h.acks.problem);
	for (size_t m = 0; m < f->n; m++) {
		f->v[m].proj.activity = &h.activity;
		f->v[m].proj.label = hud_project_label(&h, m);
	}
	/* Notifications beyond the screen (the HUD rings its own bell). The
	 * first check is their baseline: what is there at start does not notify. */
	notifier nt;
	h.bell_on = notify_hud_bell(o->cfg);   /* the bell follows notify.bell and notify.level */
	if (o->cfg) {
		lw_config quiet = *o->cfg;
		quiet.notify_bell = 0;
		notify_init(&nt, &quiet, STDOUT_FILENO, f->v[0].proj.dir);
		h.notify = &nt;
	}
	/* One watcher per project: a change in one reloads only that one. */
	live *lv = calloc(f->n, sizeof *lv);
	struct pollfd *fds = calloc(f->n + 5, sizeof *fds);
	bool *changed = calloc(f->n, sizeof *changed);   /* which projects the last pass reloaded */
	if (!lv || !fds || !changed) {
		free(lv);
		free(fds);
		free(changed);
		fputs("liza-watch: out of memory\n", stderr);
		return 3;
	}
	for (size_t m = 0; m < f->n; m++) {
		lw_error err;
		lw_error_clear(&err);
		if (live_open(&lv[m], &f->v[m].proj, o->poll, o->poll_ms, &err) < 0) {
			char msg[1200];
			fprintf(stderr, "liza-watch: %s\n", lw_error_format(&err, msg, sizeof msg));
			while (m--)
				live_close(&lv[m]);
			free(lv);
			free(fds);
			free(changed);
			return 3;
		}
	}
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGWINCH };
	int sfd = sigpipe_open(sigs, 4);
	signal(SIGPIPE, SIG_IGN);
	char restored[600] = "";
	if (!o->reset_ui)   /* how the HUD was left: view, sort, filter, project, focus */
		uistate_load(&h, warn, sizeof warn, restored, sizeof restored);
	fputs(warn, stderr);
	hud_dirs_shown(&h);
	term_init(&h);
	mouse_start(&h);
	show_complaints(&h, o->warnings, warn);
	if (!h.message[0] && restored[0])
		hud_message(&h, false, "%s", restored);
	after_reload(&h, NULL);
	/* The first selection: the first task awaiting the operator, else the first task. */
	for (size_t i = 0; i < h.nitems; i++)
		if (h.items[i].task->awaiting_operator) {
			hud_task_key(&h, &h.items[i], h.sel_key, sizeof h.sel_key);
			hud_rebuild(&h);
			break;
		}
	if (!h.sel_key[0]) {
		for (int lane = 0; lane < LANE_COUNT; lane++)
			if (hud_lane_count(&h, lane)) { h.lane = lane; break; }
		hud_select_key(&h);
	}

	int rc = 0, spurious = 0;
	char poll_failed[600] = "";
	while (!h.quit) {
		hud_draw(&h);
		int tx_timeout = txrun_timeout_ms(&h.tx);
		int timeout = min_timeout(timer_ms(&h), tx_timeout);
		int vfd[2];
		views_fds(&h, vfd);   /* a view's pipes (git's while a review loads): never waited on */
		fds[0] = (struct pollfd){ .fd = STDIN_FILENO, .events = POLLIN };
		fds[1] = (struct pollfd){ .fd = sfd, .events = POLLIN };
		fds[2] = (struct pollfd){ .fd = vfd[0], .events = POLLIN };
		fds[3] = (struct pollfd){ .fd = vfd[1], .events = POLLIN };
		fds[4] = (struct pollfd){ .fd = txrun_fd(&h.tx), .events = POLLIN };   /* -1 when idle: poll skips it */
		size_t nfds = 5;
		for (size_t m = 0; m < f->n; m++) {
			live_pollfd(&lv[m], fds, &nfds);
			timeout = min_timeout(timeout, live_timeout_ms(&lv[m]));
		}
		int r = poll(fds, (nfds_t)nfds, timeout);
		if (r < 0 && errno != EINTR) {
			/* Never an exit without a word (it was: EINVAL, 60 polled
			 * projects at ulimit -n 64): said once the terminal is back. */
			live_poll_error(errno, nfds, poll_failed, sizeof poll_failed);
			rc = 3;
			break;
		}
		for (int sig; (sig = sigpipe_next());) {
			if (sig == SIGWINCH) {
				term_resize(&h);
				h.dirty = DIRTY_ALL;
			} else {
				/* Ended by a signal (C-c is SIGINT): the terminal is
				 * restored below, and the status says so, 128 + N, as a
				 * shell reports a process the signal killed. */
				h.quit = true;
				rc = 128 + sig;
			}
		}
		if (fds[0].revents & (POLLHUP | POLLERR | POLLNVAL))
			break;   /* the terminal went away: exit, never spin */
		if ((fds[2].revents | fds[3].revents) && views_pump(&h))
			h.dirty = DIRTY_ALL;
		if (fds[0].revents & POLLIN) {
			int n = 0;
			hud_view_sig before, after;
			panes_sign(&h, &before);
			for (int ch; (ch = getch()) != ERR; n++) {
				if (ch == KEY_RESIZE)
					h.dirty = DIRTY_ALL;
				views_key(&h, ch);   /* the top view's: an overlay, a full view, or the main screen */
			}
			panes_sign(&h, &after);
			h.dirty |= panes_changed(&before, &after);
			if (h.quit)
				break;
			/* Readable yet nothing to read, again and again: the terminal is gone. */
			spurious = n ? 0 : spurious + 1;
			if (spurious > 100)
				break;
		}
		if (txrun_busy(&h.tx)) {
			char before[sizeof h.message];
			memcpy(before, h.message, sizeof before);
			const hud_view_def *top = views_top(&h);
			act_tx_poll(&h);
			if (strcmp(before, h.message) || top != views_top(&h))
				h.dirty = DIRTY_ALL;
			/* Our own write is over: a stat poller (macOS, the BSDs without
			 * libinotify, --poll) would see it only at its next scan, and a
			 * key pressed before that acts on a status no longer true (a
			 * note denied as "changed since it was shown", p asking to pause
			 * again). Reload now; inotify has already told us. */
			for (size_t m = 0; !txrun_busy(&h.tx) && m < f->n; m++)
				if (lv[m].polling)
					lv[m].rescan = true;
		}
		int reloaded = 0;
		for (size_t m = 0; m < f->n; m++) {
			changed[m] = live_process(&lv[m]) > 0;
			reloaded += changed[m];
		}
		if (reloaded)
			after_reload(&h, changed);
		else if ((r == 0 && timeout != tx_timeout) || timer_ms(&h) == 0) {
			hud_recheck(&h);
			h.dirty |= panes_on(HUD_ON_TICK);   /* ages and alerts; a new count changes the layout */
		}
	}
	views_close_all(&h);
	prompt_free(&h);
	act_free();
	cmdline_free();
	uistate_save(&h);
	bool cut = txrun_abandon(&h.tx);
	mouse_stop();
	term_end();
	if (cut)
		esc_print(stderr, "liza-watch: %s: cancelled on quit, nothing written", h.tx_label);
	if (poll_failed[0])
		fprintf(stderr, "liza-watch: %s\n", poll_failed);
	sigpipe_close();
	for (size_t m = 0; m < f->n; m++)
		live_close(&lv[m]);
	free(lv);
	free(fds);
	lw_alerts_free(&h.alerts);
	lw_alerts_free(&h.all_alerts);
	for (size_t m = 0; m < f->n; m++)
		f->v[m].proj.activity = NULL;
	lw_activity_free(&h.activity);
	lw_acks_free(&h.acks);
	hud_checked_free(&h);
	hud_dirs_shown_free(&h);
	free(changed);
	if (h.notify)
		notify_free(h.notify);
	free(h.items);
	hud_log_free(&h);
	return rc;
}

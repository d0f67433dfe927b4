/* follow.c — see follow.h. */
#include "cli/follow.h"
#include "core/model/config.h"
#include "core/util/timeparse.h"
#include "live/live.h"
#include "watch/sigpipe.h"
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static int deadline_ms(time_t deadline)
{
	if (deadline == LW_NO_TIME || lw_clock_fixed())
		return -1;
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	long long d = (long long)deadline * 1000 - ((long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000);
	return d < 0 ? 0 : d > 3600000 ? 3600000 : (int)d;
}

static int min_timeout(int a, int b) { return a < 0 ? b : b < 0 ? a : a < b ? a : b; }

typedef struct member_state {
	live l;
	time_t deadline;
	bool changed, opened;
	size_t systems;           /* systems found so far (state may appear later) */
} member_state;

int follow_run(const lw_opts *o, lw_fleet *f, follow_fn fn, void *ctx)
{
	return follow_run_also(o, f, NULL, fn, ctx);
}

int follow_run_also(const lw_opts *o, lw_fleet *f, char *const *also, follow_fn fn, void *ctx)
{
	member_state *ms = calloc(f->n, sizeof *ms);
	struct pollfd *fds = calloc(f->n + 1, sizeof *fds);
	int rc = EXIT_OK;
	if (!ms || !fds) {
		cli_error("out of memory");
		rc = EXIT_IO;
		goto out;
	}
	for (size_t i = 0; i < f->n; i++) {
		lw_error err;
		lw_error_clear(&err);
		if (live_open(&ms[i].l, &f->v[i].proj, o->poll, o->poll_ms, &err) < 0) {
			char msg[1200];
			cli_error("%s", lw_error_format(&err, msg, sizeof msg));
			rc = EXIT_IO;
			goto out;
		}
		ms[i].opened = true;
		/* Not watched: the actions still show, with the project's next
		 * change (said once, on stderr: stdout stays the stream). */
		if (also && also[i] && live_watch_also(&ms[i].l, also[i], &err) < 0) {
			char msg[1200];
			fprintf(stderr, "liza-watch: %s\n", lw_error_format(&err, msg, sizeof msg));
		}
		ms[i].changed = true;
		ms[i].deadline = LW_NO_TIME;
		ms[i].systems = f->v[i].proj.n;
		/* Nothing yet: say what is awaited (stderr: stdout stays the stream). */
		if (f->v[i].proj.unreadable)
			fprintf(stderr, "liza-watch: %s: cannot be opened; trying again every 2 s\n", f->v[i].proj.dir);
		else if (!ms[i].systems)
			fprintf(stderr, "liza-watch: %s: no agent state yet; waiting for it to appear (%s)\n",
			        f->v[i].proj.dir, lw_project_looked_for());
	}
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };
	int sfd = sigpipe_open(sigs, 3);
	signal(SIGPIPE, SIG_IGN);   /* a closed reader shows as EPIPE on write */
	for (bool go = true; go;) {
		for (size_t i = 0; i < f->n && go; i++) {
			for (; ms[i].systems < f->v[i].proj.n; ms[i].systems++)
				fprintf(stderr, "liza-watch: %s%s%s state found\n", f->n > 1 ? f->v[i].label : "",
				        f->n > 1 ? ": " : "", f->v[i].proj.src[ms[i].systems].adapter->name);
			if (!ms[i].changed)
				continue;
			ms[i].changed = false;
			lw_alerts al;
			lw_alerts_init(&al);
			lw_check_ctx c = { .now = lw_now(), .next_deadline = LW_NO_TIME, .out = &al, .th = &f->v[i].cfg.th };
			lw_project_check(&f->v[i].proj, &c);
			lw_alerts_sort(&al);
			cli_acks_prune(&f->v[i].proj, &al);
			cli_acks_mark(&f->v[i].proj, &al);
			ms[i].deadline = c.next_deadline;
			go = fn(f, i, &al, ctx);
			lw_alerts_free(&al);
		}
		if (!go)
			break;
		int timeout = -1;
		size_t nfds = 0;
		for (size_t i = 0; i < f->n; i++) {
			live_pollfd(&ms[i].l, fds, &nfds);
			timeout = min_timeout(timeout, min_timeout(live_timeout_ms(&ms[i].l), deadline_ms(ms[i].deadline)));
		}
		fds[nfds++] = (struct pollfd){ .fd = sfd, .events = POLLIN };
		int r = poll(fds, (nfds_t)nfds, timeout);
		if (r < 0 && errno != EINTR) {
			char msg[600];
			cli_error("%s", live_poll_error(errno, nfds, msg, sizeof msg));
			rc = EXIT_IO;
			break;
		}
		if (sigpipe_next())
			break;
		for (size_t i = 0; i < f->n; i++)
			ms[i].changed = live_process(&ms[i].l) > 0 ||
			                (ms[i].deadline != LW_NO_TIME && deadline_ms(ms[i].deadline) == 0);
	}
	sigpipe_close();
out:
	for (size_t i = 0; ms && i < f->n; i++)
		if (ms[i].opened)
			live_close(&ms[i].l);
	free(ms);
	free(fds);
	return rc;
}

bool follow_keep(lw_alerts *kept, bool *reported, const lw_fleet *f, size_t i, const lw_alerts *alerts)
{
	lw_alerts_copy(&kept[i], alerts);
	reported[i] = true;
	for (size_t k = 0; k < f->n; k++)
		if (!reported[k])
			return false;
	return true;
}

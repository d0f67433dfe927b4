/* follow.c — see follow.h. */
#include "cli/follow.h"
#include "core/model/config.h"
#include "core/util/timeparse.h"
#include "watch/live.h"
#include "watch/sigpipe.h"
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
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

int follow_run(const lw_opts *o, lw_project *p, follow_fn fn, void *ctx)
{
	live l;
	lw_error err;
	lw_error_clear(&err);
	if (live_open(&l, p, o->poll, o->poll_ms, &err) < 0) {
		char msg[1200];
		cli_error("%s", lw_error_format(&err, msg, sizeof msg));
		return EXIT_IO;
	}
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };
	int sfd = sigpipe_open(sigs, 3);
	signal(SIGPIPE, SIG_IGN);   /* a closed reader shows as EPIPE on write */
	int rc = EXIT_OK;
	bool go = true;
	time_t deadline = LW_NO_TIME;
	bool changed = true;
	size_t systems = p->n;
	/* Nothing yet: say what is awaited (stderr: stdout stays the stream). */
	if (!systems)
		fprintf(stderr, "liza-watch: %s: no agent state yet; waiting for it to appear (%s)\n", p->dir,
		        lw_project_looked_for());
	while (go) {
		for (; systems < p->n; systems++)
			fprintf(stderr, "liza-watch: %s state found\n", p->src[systems].adapter->name);
		if (changed) {
			lw_alerts al;
			lw_alerts_init(&al);
			lw_check_ctx c = { .now = lw_now(), .next_deadline = LW_NO_TIME, .out = &al, .th = &o->cfg->th };
			lw_project_check(p, &c);
			lw_alerts_sort(&al);
			deadline = c.next_deadline;
			go = fn(p, &al, ctx);
			lw_alerts_free(&al);
			if (!go)
				break;
		}
		struct pollfd fds[2] = { { .fd = live_fd(&l), .events = POLLIN }, { .fd = sfd, .events = POLLIN } };
		int timeout = min_timeout(live_timeout_ms(&l), deadline_ms(deadline));
		int r = poll(fds, 2, timeout);
		if (r < 0 && errno != EINTR) {
			rc = EXIT_IO;
			break;
		}
		if (sigpipe_next())
			break;
		changed = live_process(&l) > 0 || (deadline != LW_NO_TIME && deadline_ms(deadline) == 0);
	}
	sigpipe_close();
	live_close(&l);
	return rc;
}

/* sim_loop.c — the simulator in the foreground: tick, then sleep a random
 * 1–2 intervals, until told to stop. A signal ends the sleep at once; a
 * tick in progress finishes first, so no write is ever cut short (and the
 * lock dies with us anyway). */
#include "sim/sim.h"
#include "core/util/timeparse.h"
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t stop_requested;

static void on_stop(int sig)
{
	(void)sig;
	stop_requested = 1;
}

/* Returns false when asked to stop while sleeping. */
static bool nap(int ms)
{
	struct timespec ts = { .tv_sec = ms / 1000, .tv_nsec = (long)(ms % 1000) * 1000000L };
	while (!stop_requested && nanosleep(&ts, &ts) < 0 && errno == EINTR)
		;
	return !stop_requested;
}

static volatile sig_atomic_t paused;
static void on_pause(int sig) { (void)sig; paused = !paused; }

int sim_loop(sim_team *t, const sim_loop_opts *o)
{
	struct sigaction sa, old;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_stop;   /* no SA_RESTART: a signal must end nanosleep */
	sigemptyset(&sa.sa_mask);
	static const int sigs[] = { SIGTERM, SIGINT, SIGHUP };
	for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++)
		/* A signal ignored on purpose (nohup; ^C left to the HUD) stays ignored. */
		if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
			sigaction(sigs[i], &sa, NULL);
	if (o->pausable) {
		struct sigaction pa;
		memset(&pa, 0, sizeof pa);
		pa.sa_handler = on_pause;
		sigemptyset(&pa.sa_mask);
		sigaction(SIGUSR1, &pa, NULL);
	}
	int interval = o->interval_ms > 0 ? o->interval_ms : 1000;
	unsigned failing = 0;
	if (o->wait_first && !nap(interval + (int)sim_below(&t->rng, (unsigned)interval + 1)))
		return 0;
	for (long n = 0; !stop_requested && (o->ticks <= 0 || n < o->ticks); n++) {
		/* The portable half of "die with the parent": prctl covers Linux,
		 * this covers the rest (we were reparented to init or a reaper). */
		if (o->parent > 0 && getppid() != o->parent)
			break;
		if (paused) {   /* the operator is reading: no tick until resumed */
			n--;
			if (!nap(200))
				break;
			continue;
		}
		failing = sim_team_tick(t, lw_now(), o->report, o->ctx) == t->n ? failing + 1 : 0;
		if (o->after_tick)
			o->after_tick(o->after_ctx);
		if (failing >= 10)
			return 1;
		if (o->ticks > 0 && n + 1 >= o->ticks)
			break;
		if (!nap(interval + (int)sim_below(&t->rng, (unsigned)interval + 1)))
			break;
	}
	return 0;
}

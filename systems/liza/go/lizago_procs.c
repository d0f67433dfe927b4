/* lizago_procs.c — the Go watcher's process checks (internal/commands
 * watch.go checkRegisteredAgentsWithoutLiveProcess and
 * checkRunningTasksWithoutLiveProcess): an agent row's recorded pid must name
 * a live process while its lease or its task says it runs.
 *
 * A pid means something only on the host (and in the pid namespace) of the
 * agents, so the probe is off unless LIZA_WATCH_PROBE_PIDS=1 says liza-watch
 * runs there. The probe is kill(pid, 0), which sends nothing: ESRCH is a dead
 * process, success or EPERM a live one. Liza also reads the live process's
 * command line to call a reused pid "mismatched"; liza-watch does not, so it
 * reports only what Liza reports as dead (or no pid at all), never more.
 * Nothing from the state is ever executed. */
#include "systems/liza/go/lizago_procs.h"
#include "systems/liza/go/lizago_rule.h"
#include "core/util/inputs.h"
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

enum { PROBE_EVERY = 10 };   /* watch.go DefaultCheckInterval */

typedef enum { PID_NONE, PID_ALIVE, PID_DEAD, PID_UNKNOWN } pid_state;

static const char *const detail[] = { "no pid recorded", "process is alive", "process does not exist",
                                      "process could not be probed" };

static pid_state probe(long long pid)
{
	if (pid <= 0)
		return PID_NONE;
	if (pid > INT_MAX)
		return PID_UNKNOWN;   /* no pid_t names it: nothing to ask the kernel */
	if (kill((pid_t)pid, 0) == 0 || errno == EPERM)
		return PID_ALIVE;
	return errno == ESRCH ? PID_DEAD : PID_UNKNOWN;
}

/* procscan IsLiveOrUnknown is false for a dead pid and for none recorded. */
static bool gone(pid_state s) { return s == PID_NONE || s == PID_DEAD; }

static long long pid_of(const lg_agent *a)
{
	long long pid;
	return doc_int(doc_get(doc_deref(a->node), "pid"), &pid) == DOC_OK ? pid : 0;
}

bool lizago_procs_enabled(void)
{
	const char *e = lw_getenv("LIZA_WATCH_PROBE_PIDS");
	return e && strcmp(e, "1") == 0;
}

static bool own_pair(const lg_task *t) { return t->role_pair && t->pair && t->st.pair == t->pair; }

void lizago_procs(lizago_check_ctx *c)
{
	if (!lizago_procs_enabled())
		return;
	const lizago_state *st = c->st;
	time_t now = c->ctx->now;
	/* the answer changes with no file changing: look again, never reuse */
	lw_inputs_taint();
	lw_check_deadline(c->ctx, now + PROBE_EVERY);
	for (size_t i = 0; i < st->nagents; i++) {
		const lg_agent *a = &st->agents[i];
		if (a->lease_expires == LW_NO_TIME || a->lease_expires <= now)
			continue;
		if (a->current_task && *a->current_task && a->status &&
		    (!strcmp(a->status, "WORKING") || !strcmp(a->status, "REVIEWING") || !strcmp(a->status, "HANDOFF")))
			continue;
		long long pid = pid_of(a);
		pid_state s = probe(pid);
		if (gone(s))
			lw_check_emit(c->ctx, LW_CRIT, "liza", "registered_agent_process", a->id, NULL, LW_NO_TIME,
			              "agent %s has active lease but no live process (pid %lld: %s)", a->id, pid, detail[s]);
	}
	if (st->pipeline_missing)
		return;   /* Liza's check needs the pipeline resolver */
	for (size_t i = 0; i < st->ntasks; i++) {
		const lg_task *t = &st->tasks[i];
		const char *owner = NULL, *kind = NULL;
		if (t->st.cat == LGC_EXECUTING) {
			if (t->assigned_to && *t->assigned_to && t->assigned_to[0] != '$')
				owner = t->assigned_to, kind = "doer";
		} else if (own_pair(t) && (t->st.cat == LGC_REVIEWING || t->st.cat == LGC_REVIEWING2)) {
			if (t->reviewing_by && *t->reviewing_by)
				owner = t->reviewing_by, kind = "reviewer";
		}
		if (!owner)
			continue;
		const lg_agent *a = lizago_check_agent(c, owner);
		if (!a) {
			lw_check_emit(c->ctx, LW_CRIT, "liza", "dead_agent_process", t->id, NULL, LW_NO_TIME,
			              "%s: status %s has %s %s but no registered agent", t->id, t->status, kind, owner);
			continue;
		}
		long long pid = pid_of(a);
		pid_state s = probe(pid);
		if (gone(s))
			lw_check_emit(c->ctx, LW_CRIT, "liza", "dead_agent_process", t->id, NULL, LW_NO_TIME,
			              "%s: status %s has %s %s but no live process (pid %lld: %s)", t->id, t->status, kind,
			              owner, pid, detail[s]);
	}
}

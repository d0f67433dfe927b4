/* lizago_settings.c — which liza.* settings today's Liza (the Go
 * generation) honours, and the values its checks use. Liza's own watcher
 * has constants where the shell era had the seed's thresholds; liza-watch
 * honours a threshold the user sets in both generations (docs/systems/
 * liza-go.md says where that departs from Go), and reports a setting the Go
 * generation has no check for, once per value, as WARN setting_ignored:
 * never a silent no-op. The liza.* rows themselves (and the generations
 * their help names) are in liza_adapter.c. */
#include "systems/liza/go/lizago_settings.h"
#include "systems/liza/go/lizago_rule.h"
#include "systems/liza/liza_thresholds.h"
#include "core/model/config.h"
#include <stdio.h>
#include <string.h>

static const liza_thresholds *user(const lizago_check_ctx *c)
{
	return lw_thresholds_of(c->ctx->th, &lw_adapter_liza);
}

static const liza_thresholds *builtin(void) { return lw_thresholds_of(NULL, &lw_adapter_liza); }

/* The Go constants the honoured settings replace (models.LeaseExpiryGracePeriod,
 * models.VerdictHandoffGrace, watch.go StaleDraftThreshold, StallThreshold). */
enum { GO_LEASE_GRACE = 120, GO_VERDICT_GRACE = 120, GO_STALE_DRAFT = 30 * 60, GO_STALLED = 30 * 60 };

/* A user's value, or Go's constant while the setting holds its built-in
 * (the shell era's) value. */
static long long pick(long long set, long long shell_default, long long go)
{
	return set != shell_default ? set : go;
}

long long lizago_setting_lease_grace(const lizago_check_ctx *c)
{
	return pick(user(c)->lease_grace, builtin()->lease_grace, GO_LEASE_GRACE);
}

long long lizago_setting_verdict_grace(const lizago_check_ctx *c)
{
	return pick(user(c)->orphan_grace, builtin()->orphan_grace, GO_VERDICT_GRACE);
}

long long lizago_setting_stale_draft(const lizago_check_ctx *c)
{
	return pick(user(c)->stale_draft, builtin()->stale_draft, GO_STALE_DRAFT);
}

long long lizago_setting_stalled(const lizago_check_ctx *c)
{
	return pick(user(c)->stalled, builtin()->stalled, GO_STALLED);
}

/* The settings only the shell era's checks read, and why today's Liza has
 * no use for them. */
static const struct {
	const char *name;
	size_t off, count;
	const char *why;
} shell_only[] = {
	{ "liza.heartbeat-factor", offsetof(liza_thresholds, heartbeat_factor), 1,
	  "agent_stale is the shell era's check; today's Liza judges an agent by its lease" },
	{ "liza.approved-unmerged", offsetof(liza_thresholds, approved_unmerged), 1,
	  "today's Liza has no approved_unmerged check" },
	{ "liza.checkpoint", offsetof(liza_thresholds, checkpoint), LIZA_CHECKPOINT_LEVELS,
	  "today's Liza raises awaiting_human at a sprint CHECKPOINT (no checkpoint_stale, _stuck, _abandoned)" },
	{ "liza.pause", offsetof(liza_thresholds, pause), LIZA_PAUSE_LEVELS,
	  "today's Liza has no PAUSE file: mode PAUSED raises awaiting_human at once" },
	{ "liza.failure-risk-cycles", offsetof(liza_thresholds, failure_risk_cycles), 1,
	  "failure_risk is the shell era's check" },
};

void lizago_settings(lizago_check_ctx *c)
{
	const char *u = (const char *)user(c), *b = (const char *)builtin();
	for (size_t i = 0; i < sizeof shell_only / sizeof *shell_only; i++) {
		const long long *set = (const long long *)(u + shell_only[i].off);
		const long long *def = (const long long *)(b + shell_only[i].off);
		if (memcmp(set, def, shell_only[i].count * sizeof *set) == 0)
			continue;
		char val[96] = "", one[32];
		for (size_t k = 0; k < shell_only[i].count; k++) {
			if (strcmp(shell_only[i].name, "liza.heartbeat-factor") == 0 ||
			    strcmp(shell_only[i].name, "liza.failure-risk-cycles") == 0)
				snprintf(one, sizeof one, "%lld", set[k]);
			else
				lw_format_duration(set[k], one, sizeof one);
			size_t n = strlen(val);
			snprintf(val + n, sizeof val - n, "%s%s", k ? "," : "", one);
		}
		/* the value is the alert's key: a new value is a new report */
		lw_check_emit(c->ctx, LW_WARN, "liza", "setting_ignored", shell_only[i].name, val, LW_NO_TIME,
		              "%s = %s is set, but this project is today's Liza (Go), which ignores it: %s",
		              shell_only[i].name, val, shell_only[i].why);
	}
}

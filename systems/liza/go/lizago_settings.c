/* lizago_settings.c — which liza.* settings today's Liza (the Go
 * generation) honours, and the values its checks use. Liza's own watcher
 * has constants where the shell era had the seed's thresholds; liza-watch
 * honours a threshold the user sets in both generations (docs/systems/
 * liza-go.md says where that departs from Go), and reports a setting the Go
 * generation has no check for, once per value, as WARN setting_ignored:
 * never a silent no-op. The liza.* rows themselves, which generations
 * read each and why Go ignores the others, are declared once in
 * systems/liza/liza_settings.h. */
#include "systems/liza/go/lizago_settings.h"
#include "systems/liza/go/lizago_rule.h"
#include "systems/liza/liza_settings.h"
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
 * no use for them: the rows of liza_settings.h that Go does not read. */
typedef struct setting_row {
	const char *name;
	lw_setting_kind kind;
	size_t off;
	int count;
	unsigned readers;
	const char *why;
} setting_row;
#define ROW(name, kind, off, count, min, max, readers, doc, why) \
	{ name, kind, (off) & ~LW_SETTING_SYSTEM, (count) ? (count) : 1, readers, why },
static const setting_row rows[] = { LIZA_SETTINGS(ROW) };
#undef ROW

void lizago_settings(lizago_check_ctx *c)
{
	const char *u = (const char *)user(c), *b = (const char *)builtin();
	for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
		const setting_row *r = &rows[i];
		if (r->readers & LIZA_READ_GO)
			continue;
		const long long *set = (const long long *)(u + r->off);
		const long long *def = (const long long *)(b + r->off);
		if (memcmp(set, def, (size_t)r->count * sizeof *set) == 0)
			continue;
		char val[96] = "", one[32];
		for (int k = 0; k < r->count; k++) {
			if (r->kind == SET_COUNT)
				snprintf(one, sizeof one, "%lld", set[k]);
			else
				lw_format_duration(set[k], one, sizeof one);
			size_t n = strlen(val);
			snprintf(val + n, sizeof val - n, "%s%s", k ? "," : "", one);
		}
		/* the value is the alert's key: a new value is a new report */
		lw_check_emit(c->ctx, LW_WARN, "liza", "setting_ignored", r->name, val, LW_NO_TIME,
		              "%s = %s is set, but this project is today's Liza (Go), which ignores it: %s",
		              r->name, val, r->why);
	}
}

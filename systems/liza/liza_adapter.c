/* liza_adapter.c — Liza as an lw_adapter: detection and the watch list. */
#include "systems/liza/liza.h"
#include "systems/liza/lizago.h"
#include "core/util/fileio.h"
#include "core/util/inputs.h"
#include <stdio.h>
#include <sys/stat.h>

static bool liza_detect(const char *dir, char *root, size_t n)
{
	struct stat st;
	lw_path_join(root, n, dir, ".liza");
	return lw_stat(root, &st, LW_STAT_TYPE) == 0 && S_ISDIR(st.st_mode);
}

static void liza_watch_paths(const lw_source *src, lw_watch_add_fn add, void *ctx)
{
	static const char *const files[] = { "state.yaml", "log.yaml", "PAUSE", "ABORT", "CHECKPOINT" };
	char p[LW_PATH_MAX];
	for (size_t i = 0; i < sizeof files / sizeof *files; i++)
		add(lw_path_join(p, sizeof p, src->root, files[i]), false, ctx);
}

static int liza_adapter_load(const lw_source *src, lw_snapshot *snap, lw_error *err)
{
	return liza_load(src->root, src->good, snap, err);
}

static void liza_adapter_check(const lw_source *src, const lw_snapshot *snap, lw_check_ctx *ctx)
{
	(void)src;
	liza_check(snap->sys, snap, ctx);
}

static int liza_adapter_transition(const lw_source *src, const tx_request *rq, tx_result *res)
{
	return liza_transition(src->root, rq, res);
}

static void liza_adapter_detail(const lw_source *src, const lw_task *t, time_t now, strbuf *out)
{
	if (src->good && lizago_is(src->good->sys))
		lizago_detail(src->good->sys, t, now, out);
}

const lw_adapter lw_adapter_liza = {
	.name = "liza",
	.detect = liza_detect,
	.watch_paths = liza_watch_paths,
	.load = liza_adapter_load,
	.check = liza_adapter_check,
	.tx = &liza_tx_table,
	.advise = liza_advise,
	.transition = liza_adapter_transition,
	.review = liza_review,
	.detail = liza_adapter_detail,
};

/* liza_detect.c — which generation of Liza wrote a state.yaml: the one
 * place that tells them apart (the loader records the answer in the
 * snapshot; every later choice reads it there). Only the Go program writes
 * the top-level keys below (models.State); the scripts never did. A task's
 * role_pair is required by Go Liza for every task of a pipeline goal and
 * unknown to the scripts; a status only a role-pair pipeline declares
 * settles the rest. */
#include "systems/liza/liza_gen.h"
#include "systems/liza/go/lizago_pipeline.h"
#include "core/util/fileio.h"
#include <stdlib.h>
#include <string.h>

static const char *const shell_statuses[] = {
	"DRAFT", "UNCLAIMED", "CLAIMED", "READY_FOR_REVIEW", "REJECTED", "APPROVED", "MERGED", "BLOCKED",
	"ABANDONED", "SUPERSEDED", "INTEGRATION_FAILED",
};

static bool shell_status(const char *s)
{
	for (size_t i = 0; i < sizeof shell_statuses / sizeof *shell_statuses; i++)
		if (strcmp(shell_statuses[i], s) == 0)
			return true;
	return false;
}

liza_gen_id liza_detect(const doc *d)
{
	const doc_node *root = d ? doc_deref(d->root) : NULL;
	if (!doc_is_map(root))
		return LIZA_GEN_SHELL;
	static const char *const go_keys[] = {
		"pipeline_version", "agent_health", "quarantined_verdicts", "sprint_history",
		"pending_checkpoint_summary", "proof_reaffirmations", "validation_readiness",
	};
	for (size_t i = 0; i < sizeof go_keys / sizeof *go_keys; i++)
		if (doc_get_key(root, go_keys[i]))
			return LIZA_GEN_GO;
	for (const doc_node *t = doc_seq_first(doc_get(root, "tasks")); t; t = t->next) {
		const doc_node *tm = doc_deref(t);
		if (!doc_is_map(tm))
			continue;
		if (doc_str(doc_get(tm, "role_pair")))
			return LIZA_GEN_GO;
		const char *s = doc_str(doc_get(tm, "status"));
		if (s && !shell_status(s) && lizago_resolve(&lg_embedded_pipeline, s).cat != LGC_UNKNOWN)
			return LIZA_GEN_GO;
	}
	return LIZA_GEN_SHELL;
}

liza_gen_id liza_detect_file(const char *dir)
{
	char path[LW_PATH_MAX];
	char *buf;
	size_t len;
	lw_error err;
	lw_path_join(path, sizeof path, dir, "state.yaml");
	if (lw_read_file(path, doc_default_limits.max_bytes, &buf, &len, &err) != LW_READ_OK)
		return LIZA_GEN_SHELL;
	doc d;
	liza_gen_id g = doc_parse(&d, buf, len, path, NULL, &err) == 0 ? liza_detect(&d) : LIZA_GEN_SHELL;
	doc_free(&d);
	free(buf);
	return g;
}

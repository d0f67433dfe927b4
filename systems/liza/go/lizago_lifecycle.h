/* lizago_lifecycle.h — the lifecycle receipt today's Liza stamps on a task
 * when one of its operations completes (internal/ops CompleteLifecycleRequest,
 * models.TaskTransitionID, models.AdvanceLifecycle): the revision and the
 * completion sequence advance, and a receipt names the request (operation,
 * actor, the transition it expected, its payload's digest) and the
 * transition it produced. Digests are SHA-256 over the JSON Go's
 * encoding/json writes for the same values. */
#ifndef LW_LIZAGO_LIFECYCLE_H
#define LW_LIZAGO_LIFECYCLE_H
#include <stdbool.h>
#include <stddef.h>
#include "core/doc/doc.h"
#include "core/doc/arena.h"
#include "core/edit/edit.h"
#include "core/util/strbuf.h"

/* What models.TaskTransitionID reads of a task. Strings are NULL for a nil
 * pointer; times are their text as the file holds them (NULL: zero time). */
typedef struct lg_boundary {
	const char *id, *created, *status;
	unsigned long long revision;
	long long attempt, iteration, review_cycles;
	size_t history;
	const char *assignee, *reviewer, *review_commit;
	bool has_last;
	const char *last_time, *last_event, *last_agent, *last_commit;
} lg_boundary;

/* The boundary of a task as the file holds it. false (why in *why) when
 * the task declares validation prerequisites, whose contract digest is not
 * reproduced. */
bool lizago_boundary_of(const doc_node *task, lg_boundary *b, const char **why);

/* models.TaskTransitionID: 64 hex digits into out. */
const char *lizago_transition_id(const lg_boundary *b, char out[65]);

/* Go's encoding/json for a string (quotes included): <, >, & and U+2028/9
 * escaped as Go escapes them. */
void lizago_json_str(strbuf *out, const char *s);

/* The receipt a completed operation adds to task.lifecycle, in the same
 * write: the new lifecycle mapping (revision + 1, completion_sequence + 1,
 * the kept receipts and this one, the preparation gone) as an edit value
 * allocated in a. pre: the task before the operation; post: after it,
 * revision included. projection: its pairs (n). NULL and *why set when the
 * lifecycle holds a preparation at this boundary (Liza refuses then). */
const edit_value *lizago_lifecycle_receipt(arena *a, const doc_node *task, const lg_boundary *pre,
                                           lg_boundary *post, const char *operation, const char *actor,
                                           const char *payload_json, const edit_pair *projection, size_t n,
                                           const char **why);

#endif

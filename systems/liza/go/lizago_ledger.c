/* lizago_ledger.c — the consumption ledger of runtime inputs
 * (`state.runtime_inputs`, ADR-0169), as models.RuntimeInputInstanceViolations
 * (internal/models/runtime_inputs.go, liza-mas/liza 84e4390) judges it for
 * statevalidate's validateRuntimeInputLedger (validate_state.go): each
 * operator-recorded instance in a known state whose record agrees with it
 * (available: no terminal record; consumed: a consumption record;
 * invalidated: an invalidation record), a known consumption, a single_use
 * one bound to at most one task, and key_id, envelope and names present.
 * The ledger holds locators and names, never values; messages name only
 * the instance's id, as Liza's do. A broken ledger is INVALID STATE to
 * Liza: CRIT invalid_state. (Its transition rules compare a write's
 * pre-image, which a watcher that never holds one cannot judge.) */
#include "systems/liza/go/lizago_ledger.h"
#include "systems/liza/go/lizago_rule.h"
#include <stdio.h>
#include <string.h>

#define RULE "runtime_input_ledger"

/* A pointer field Go's decoder leaves nil: absent or null. */
static bool present(const doc_node *n) { return n && !doc_is_null(n); }

static void say(lizago_check_ctx *c, const doc_node *at, const char *id, const char *what, const char *fmt)
{
	char key[80];
	snprintf(key, sizeof key, "%.60s:%s", id, what);
	lizago_check_broken(c, "runtime_inputs", at, RULE, key, fmt, id);
}

void lizago_ledger(lizago_check_ctx *c)
{
	const doc_node *ledger = doc_deref(doc_get(c->st->root, "runtime_inputs"));
	if (!doc_is_map(ledger))
		return;   /* absent, or a shape Go's decoder refuses: another rule */
	for (const doc_node *k = doc_map_first(ledger); k; k = doc_map_next(k)) {
		const char *id = doc_str(k);
		const doc_node *in = doc_deref(k->next);
		if (!id || !doc_is_map(in))
			continue;
		const char *state = doc_str(doc_get(in, "state"));
		bool consumed = present(doc_get(in, "consumed")), invalidated = present(doc_get(in, "invalidated"));
		state = state ? state : "";
		if (!strcmp(state, "available")) {
			if (consumed || invalidated)
				say(c, in, id, "terminal", "runtime_inputs[%s] is available but carries a terminal record");
		} else if (!strcmp(state, "consumed")) {
			if (!consumed)
				say(c, in, id, "consumed", "runtime_inputs[%s] is consumed without a consumption record");
		} else if (!strcmp(state, "invalidated")) {
			if (!invalidated)
				say(c, in, id, "invalidated", "runtime_inputs[%s] is invalidated without an invalidation record");
		} else {
			say(c, in, id, "state", "runtime_inputs[%s] has unknown state");
		}
		const char *use = doc_str(doc_get(in, "consumption"));
		use = use ? use : "";
		if (strcmp(use, "single_use") != 0 && strcmp(use, "reusable") != 0)
			say(c, in, id, "consumption", "runtime_inputs[%s] has unknown consumption");
		if (!strcmp(use, "single_use") && doc_len(doc_get(in, "tasks")) > 1)
			say(c, in, id, "single", "runtime_inputs[%s] is single_use but bound to more than one task");
		const char *key_id = doc_str(doc_get(in, "key_id")), *envelope = doc_str(doc_get(in, "envelope"));
		if (!key_id || !*key_id || !envelope || !*envelope || doc_len(doc_get(in, "names")) == 0)
			say(c, in, id, "missing", "runtime_inputs[%s] is missing key_id, envelope or names");
	}
}

/* action.c — see action.h. */
#include "core/model/action.h"
#include "core/model/adapter.h"
#include <string.h>

unsigned lw_action_state(const lw_source *src)
{
	unsigned st = 0;
	for (size_t i = 0; src && src->good && i < src->good->nworkflows; i++)
		st |= src->good->workflows[i].state;
	return st;
}

bool lw_action_state_ok(const lw_action *a, const lw_source *src)
{
	unsigned st = lw_action_state(src);
	return (st & a->when) == a->when && !(st & a->unless);
}

const tx_row *lw_action_lever(const lw_adapter *ad, const char *event)
{
	const tx_row *r = ad->tx ? tx_lever(ad->tx, event) : NULL;
	return r ? r : ad->tx_more ? tx_lever(ad->tx_more, event) : NULL;
}

const lw_action *lw_action_next(const lw_adapter *ad, const char *name, lw_action_scope scope, const lw_action *from)
{
	size_t i = from ? (size_t)(from - ad->actions) + 1 : 0;
	for (; i < ad->nactions; i++)
		if (ad->actions[i].scope == scope && strcmp(ad->actions[i].name, name) == 0)
			return &ad->actions[i];
	return NULL;
}

size_t lw_actions_all(const lw_action **out, size_t max)
{
	size_t n = 0;
	for (const lw_adapter *const *a = lw_adapters; *a; a++)
		for (size_t i = 0; i < (*a)->nactions && n < max; i++) {
			size_t k = 0;
			while (k < n && strcmp(out[k]->name, (*a)->actions[i].name) != 0)
				k++;
			if (k == n)
				out[n++] = &(*a)->actions[i];
		}
	return n;
}

/* The state test of the declared rows that fire event in scope: true when
 * none is declared (the event is the table's alone) or one lets it run. */
static bool declared_ok(const lw_source *src, const char *event, lw_action_scope scope)
{
	const lw_adapter *ad = src->adapter;
	bool declared = false;
	for (size_t i = 0; i < ad->nactions; i++) {
		const lw_action *a = &ad->actions[i];
		if (a->scope != scope || !a->event || strcmp(a->event, event) != 0)
			continue;
		if (lw_action_state_ok(a, src))
			return true;
		declared = true;
	}
	return !declared;
}

bool lw_action_task_event_ok(const lw_source *src, const tx_table *t, const char *status, const char *event)
{
	char why[256];
	const tx_row *r = t && status ? tx_lookup(t, status, event, why, sizeof why) : NULL;
	return r && r->from && declared_ok(src, event, LW_ACT_TASK);
}

bool lw_action_lever_event_ok(const lw_source *src, const char *event)
{
	return lw_action_lever(src->adapter, event) && declared_ok(src, event, LW_ACT_LEVER);
}

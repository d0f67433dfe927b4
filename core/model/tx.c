/* tx.c — table lookups for the transition engine. */
#include "core/model/tx.h"
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static bool from_matches(const tx_row *r, const char *from)
{
	return r->from && (strcmp(r->from, "*") == 0 || (from && strcmp(r->from, from) == 0));
}

const tx_row *tx_lookup(const tx_table *t, const char *from, const char *event, char *why, size_t n)
{
	bool known = false;
	char allowed[256] = "";
	size_t used = 0;
	for (size_t i = 0; i < t->n; i++) {
		const tx_row *r = &t->rows[i];
		if (strcmp(r->event, event) != 0)
			continue;
		known = true;
		if (!r->from)
			return r;             /* a lever applies whatever the state */
		if (from_matches(r, from))
			return r;
		if (used < sizeof allowed)
			used += (size_t)snprintf(allowed + used, sizeof allowed - used, "%s%s", used ? ", " : "", r->from);
	}
	if (!known) {
		size_t u = (size_t)snprintf(why, n, "%s has no transition '%s'; it has:", t->system, event);
		for (size_t i = 0; i < t->n && u < n; i++) {
			bool seen = false;
			for (size_t j = 0; j < i; j++)
				seen |= strcmp(t->rows[j].event, t->rows[i].event) == 0;
			if (!seen)
				u += (size_t)snprintf(why + u, n - u, " %s", t->rows[i].event);
		}
	} else {
		snprintf(why, n, "%s is not allowed from %s (only from %s)", event, from ? from : "no state", allowed);
	}
	return NULL;
}

size_t tx_rows_from(const tx_table *t, const char *from, const tx_row **out, size_t max)
{
	size_t k = 0;
	for (size_t i = 0; i < t->n && k < max; i++)
		if (from_matches(&t->rows[i], from))
			out[k++] = &t->rows[i];
	return k;
}

const tx_row *tx_lever(const tx_table *t, const char *event)
{
	for (size_t i = 0; i < t->n; i++)
		if (!t->rows[i].from && strcmp(t->rows[i].event, event) == 0)
			return &t->rows[i];
	return NULL;
}

/* A message wrapped on its way up ("%s; nothing written" around the
 * store's "…: nothing written") says it once. */
static void say_once(char *m)
{
	static const char *const tails[] = { "; nothing written", " (nothing written)" };
	static const char said[] = "nothing written";
	size_t n = strlen(m);
	for (size_t i = 0; i < sizeof tails / sizeof *tails; i++) {
		size_t t = strlen(tails[i]);
		if (n < t || strcmp(m + n - t, tails[i]) != 0)
			continue;
		char *first = strstr(m, said);
		if (first && first < m + n - t)
			m[n - t] = '\0';
		return;
	}
}

void tx_set(tx_result *r, tx_rc rc, const char *fmt, ...)
{
	r->rc = rc;
	/* A note belongs to a success ("merge it yourself", "next: …"): one
	 * left by an edit that ran before the write failed would read as if
	 * the transition had gone through. A failure says its reason alone. */
	if (rc != TX_DONE)
		r->note[0] = '\0';
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(r->message, sizeof r->message, fmt, ap);
	va_end(ap);
	say_once(r->message);
}

/* lizago_hygiene.c — today's Liza's state hygiene (internal/statehygiene
 * hygiene.go ValidateState, the first validator statevalidate
 * collectStateViolations runs): no string anywhere in the state may be a raw
 * provider transcript, and no human-readable text field (message, summary,
 * excerpt, note, reason, command, hypothesis, next_step) may exceed 4096
 * bytes. Liza stops at the first offence; so does this, one CRIT
 * invalid_state (rule state_hygiene) naming the path as Liza names it
 * ("state.anomalies[0].details.message"). One walk over the tree: linear in
 * the bytes of the state. */
#include "systems/liza/go/lizago_hygiene.h"
#include "systems/liza/go/lizago_rule.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

enum { MAX_TEXT = 4096, MAX_PATH_LEN = 512 };   /* statehygiene.MaxStateTextBytes */

#define OUTPUTS ".liza/agent-outputs"

static bool capped(const char *field)
{
	static const char *const names[] = { "message", "summary", "excerpt", "note",
	                                     "reason", "command", "hypothesis", "next_step" };
	for (size_t i = 0; field && i < sizeof names / sizeof *names; i++)
		if (strcasecmp(field, names[i]) == 0)
			return true;
	return false;
}

/* Bytes of a Unicode space (unicode.IsSpace) beginning at s, else 0. */
static size_t space_len(const unsigned char *s, size_t left)
{
	if (*s == ' ' || (*s >= '\t' && *s <= '\r'))
		return 1;
	if (left >= 2 && s[0] == 0xC2 && (s[1] == 0x85 || s[1] == 0xA0))
		return 2;
	if (left >= 3) {
		if (s[0] == 0xE1 && s[1] == 0x9A && s[2] == 0x80)
			return 3;
		if (s[0] == 0xE2 && s[1] == 0x80 && (s[2] <= 0x8A || s[2] == 0xA8 || s[2] == 0xA9 || s[2] == 0xAF) &&
		    s[2] >= 0x80)
			return 3;
		if (s[0] == 0xE2 && s[1] == 0x81 && s[2] == 0x9F)
			return 3;
		if (s[0] == 0xE3 && s[1] == 0x80 && s[2] == 0x80)
			return 3;
	}
	return 0;
}

/* statehygiene.IsTranscriptPayload on the text with every space removed and
 * letters lowered. Its first test (the text decodes as JSON holding an
 * item.completed or command_execution-with-output object) always implies the
 * same keys in the compacted text, unless the JSON spells them with \u
 * escapes, which this does not decode. */
bool lizago_hygiene_transcript(const char *s)
{
	size_t n = strlen(s), k = 0;
	char small[512];   /* most state strings: no allocation */
	char *c = n < sizeof small ? small : malloc(n + 1);
	if (!c)
		return false;
	for (size_t i = 0; i < n;) {
		size_t sp = space_len((const unsigned char *)s + i, n - i);
		if (sp) {
			i += sp;
			continue;
		}
		char ch = s[i++];
		c[k++] = (ch >= 'A' && ch <= 'Z') ? (char)(ch - 'A' + 'a') : ch;
	}
	c[k] = 0;
	bool hit = strstr(c, "\"type\":\"item.completed\"") ||
	           (strstr(c, "\"type\":\"command_execution\"") && strstr(c, "\"aggregated_output\"")) ||
	           (strstr(c, "item.completed") && strstr(c, "command_execution") && strstr(c, "aggregated_output")) ||
	           strstr(c, "\\\"type\\\":\\\"item.completed\\\"");
	if (c != small)
		free(c);
	return hit;
}

typedef struct walk {
	lizago_check_ctx *c;
	char path[MAX_PATH_LEN];
	bool found;
} walk;

static void visit(walk *w, const doc_node *n, size_t plen, const char *field, unsigned depth)
{
	n = doc_deref(n);
	if (!n || w->found || depth > 64)
		return;
	if (doc_is_scalar(n)) {
		const char *s = doc_str(n);
		if (!s)
			return;
		size_t len = strlen(s);
		if (lizago_hygiene_transcript(s)) {
			w->found = true;
			lizago_check_broken(w->c, w->path, n, "state_hygiene", NULL,
			                    "%s contains raw provider transcript payload; store raw evidence under " OUTPUTS
			                    " and keep only a bounded summary/log_ref in state.yaml", w->path);
		} else if (capped(field) && len > MAX_TEXT && lizago_check_is_string(n)) {
			w->found = true;
			lizago_check_broken(w->c, w->path, n, "state_hygiene", NULL,
			                    "%s is %zu bytes, exceeds %d-byte state text limit; store raw evidence under " OUTPUTS
			                    " and keep a bounded summary/log_ref in state.yaml", w->path, len, MAX_TEXT);
		}
		return;
	}
	if (doc_is_seq(n)) {
		size_t i = 0;
		for (const doc_node *e = doc_seq_first(n); e && !w->found; e = e->next, i++) {
			snprintf(w->path + plen, sizeof w->path - plen, "[%zu]", i);
			visit(w, e, strlen(w->path), field, depth + 1);
			w->path[plen] = 0;
		}
		return;
	}
	for (const doc_node *k = doc_map_first(n); k && !w->found; k = doc_map_next(k)) {
		const char *name = doc_str(k);
		if (!name)
			continue;
		snprintf(w->path + plen, sizeof w->path - plen, ".%s", name);
		visit(w, k->next, strlen(w->path), name, depth + 1);
		w->path[plen] = 0;
	}
}

void lizago_hygiene(lizago_check_ctx *c)
{
	walk w = { .c = c };
	strcpy(w.path, "state");
	visit(&w, c->st->root, strlen(w.path), "", 0);
}

/* lizago_runtime.c — a task's runtime_inputs (and each output entry's), as
 * models.RuntimeInputViolations (internal/models/runtime_inputs.go,
 * liza-mas/liza 84e4390) judges them for statevalidate's
 * validateTaskInvariants and validateTaskOutput (validate_task.go): the
 * live-validation inputs a task's gate hands its commands (ADR-0169). Each
 * declaration needs a well-formed unique id, 1..64 of the carrier's own
 * validation commands, a dotted recipe name, single_use or reusable, 1..64
 * variable names no other declaration delivers and that are neither
 * process-critical nor Liza's own namespace (they are stripped from every
 * session), files among its own env, and an `after` order without cycles.
 * A state breaking these is INVALID STATE to Liza, so CRIT invalid_state
 * here; messages are Go's, naming indices and never the values. */
#include "systems/liza/go/lizago_runtime.h"
#include "systems/liza/go/lizago_prereq.h"
#include "systems/liza/go/lizago_rule.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define LIMIT 64   /* runtimeInputLimit */

/* A string field as Go's decoder reads it: absent and null are "". */
static const char *gostr(const doc_node *n)
{
	const char *s = doc_is_null(n) ? "" : doc_str(n);
	return s ? s : "";
}

static bool id_ok(const char *s)
{
	size_t n = strlen(s);
	return n > 0 && n <= 128 && strchr("abcdefghijklmnopqrstuvwxyz0123456789", s[0]) && s[0] &&
	       strspn(s, "abcdefghijklmnopqrstuvwxyz0123456789._-") == n;
}

/* RuntimeInputRecipePattern: dotted segments, each [a-z0-9][a-z0-9_-]*. */
static bool recipe_ok(const char *s)
{
	if (strlen(s) > 256)
		return false;
	for (;;) {
		if (!*s || !strchr("abcdefghijklmnopqrstuvwxyz0123456789", *s))
			return false;
		s += strspn(s, "abcdefghijklmnopqrstuvwxyz0123456789_-");
		if (!*s)
			return true;
		if (*s++ != '.')
			return false;
	}
}

/* runtimeInputNameReserved: process variables, compared case-blind, and
 * the prefixes whose variables processes or Liza itself read (Liza's brand
 * and its legacy one are both LIZA_). */
static bool reserved(const char *name)
{
	static const char *const names[] = { "PATH", "HOME", "USER", "LOGNAME", "SHELL", "PWD", "TMPDIR", "TEMP", "TMP",
		                             "TERM", "LANG", "TZ" };
	static const char *const prefixes[] = { "LC_", "LD_", "DYLD_", "LIZA_" };
	for (size_t i = 0; i < sizeof names / sizeof *names; i++)
		if (!strcasecmp(name, names[i]))
			return true;
	for (size_t i = 0; i < sizeof prefixes / sizeof *prefixes; i++)
		if (!strncasecmp(name, prefixes[i], strlen(prefixes[i])))
			return true;
	return false;
}

static bool in_list(const doc_node *seq, const char *s, const doc_node *upto)
{
	for (const doc_node *e = doc_seq_first(seq); e && e != upto; e = e->next)
		if (!strcmp(gostr(doc_deref(e)), s))
			return true;
	return false;
}

/* The index of the declaration whose (accepted) id is s, or -1. */
static long find_id(const char *const *ids, size_t n, const char *s)
{
	for (size_t i = 0; i < n; i++)
		if (ids[i] && !strcmp(ids[i], s))
			return (long)i;
	return -1;
}

typedef struct {
	lizago_check_ctx *c;
	const lg_task *t;
	const char *where;   /* "" or "output[i]: " as validateTaskOutput wraps it */
	const char *tag;     /* tells a task's violations from an entry's */
} say_ctx;

static void say(say_ctx *s, const doc_node *at, const char *key, const char *what)
{
	char k[128];
	snprintf(k, sizeof k, "%s%s", s->tag, key);
	lizago_check_broken(s->c, s->t->id, at ? at : s->t->node, "runtime_inputs", k, "task %s %s%s", s->t->id,
	                    s->where, what);
}

/* runtimeInputAfterCycle: is there a cycle through `after` edges between
 * accepted ids (self edges aside)? Kahn's order, so no recursion depth a
 * hostile file could choose. */
static bool after_cycle(const doc_node **in, size_t n, const char *const *ids)
{
	size_t *deg = calloc(n ? n : 1, sizeof *deg), *queue = malloc((n ? n : 1) * sizeof *queue);
	bool cycle = false;
	if (!deg || !queue)
		goto out;
	for (size_t i = 0; i < n; i++)
		for (const doc_node *a = doc_seq_first(doc_get(in[i], "after")); a; a = a->next) {
			long j = find_id(ids, n, gostr(doc_deref(a)));
			if (j >= 0 && (size_t)j != i)
				deg[j]++;
		}
	size_t head = 0, tail = 0;
	for (size_t i = 0; i < n; i++)
		if (!deg[i])
			queue[tail++] = i;
	while (head < tail) {
		size_t i = queue[head++];
		for (const doc_node *a = doc_seq_first(doc_get(in[i], "after")); a; a = a->next) {
			long j = find_id(ids, n, gostr(doc_deref(a)));
			if (j >= 0 && (size_t)j != i && --deg[j] == 0)
				queue[tail++] = (size_t)j;
		}
	}
	cycle = tail < n;
out:
	free(deg);
	free(queue);
	return cycle;
}

static void check_inputs(say_ctx *s, const doc_node *commands, const doc_node *list)
{
	size_t n = doc_len(list);
	if (!doc_is_seq(list) || n == 0)
		return;
	const doc_node **in = calloc(n, sizeof *in);
	const char **ids = calloc(n, sizeof *ids);
	const char **names = NULL;   /* accepted env names, with their owners */
	size_t *owner = NULL, nnames = 0, cap = 0;
	char msg[200], key[64];
	if (!in || !ids)
		goto out;
	size_t i = 0;
	for (const doc_node *e = doc_seq_first(list); e; e = e->next)
		in[i++] = doc_deref(e);
	if (n > LIMIT)
		say(s, list, "limit", "runtime_inputs exceeds 64 declarations");
	for (i = 0; i < n; i++) {
		const char *id = gostr(doc_get(in[i], "id"));
		snprintf(key, sizeof key, "[%zu]id", i);
		if (!id_ok(id)) {
			snprintf(msg, sizeof msg, "runtime_inputs[%zu].id must match [a-z0-9][a-z0-9._-]* (at most 128 bytes)", i);
			say(s, in[i], key, msg);
		} else if (find_id(ids, n, id) >= 0) {
			snprintf(msg, sizeof msg, "runtime_inputs[%zu].id duplicates another declaration", i);
			say(s, in[i], key, msg);
		} else {
			ids[i] = id;
		}
	}
	for (i = 0; i < n; i++) {
		const doc_node *cmds = doc_get(in[i], "commands"), *env = doc_get(in[i], "env");
		size_t j = 0;
		if (doc_len(cmds) == 0 || doc_len(cmds) > LIMIT) {
			snprintf(key, sizeof key, "[%zu]commands", i);
			snprintf(msg, sizeof msg, "runtime_inputs[%zu].commands requires 1 to 64 canonical commands", i);
			say(s, in[i], key, msg);
		}
		for (const doc_node *e = doc_seq_first(cmds); e; e = e->next, j++) {
			const char *cmd = gostr(doc_deref(e));
			if (!in_list(commands, cmd, NULL)) {
				snprintf(key, sizeof key, "[%zu]commands[%zu]canon", i, j);
				snprintf(msg, sizeof msg,
				         "runtime_inputs[%zu].commands[%zu] must equal one of the entry's validation commands", i, j);
				say(s, e, key, msg);
			}
			if (in_list(cmds, cmd, e)) {
				snprintf(key, sizeof key, "[%zu]commands[%zu]dup", i, j);
				snprintf(msg, sizeof msg, "runtime_inputs[%zu].commands[%zu] duplicates another command", i, j);
				say(s, e, key, msg);
			}
		}
		if (!recipe_ok(gostr(doc_get(in[i], "recipe")))) {
			snprintf(key, sizeof key, "[%zu]recipe", i);
			snprintf(msg, sizeof msg, "runtime_inputs[%zu].recipe must be a dotted registry name", i);
			say(s, in[i], key, msg);
		}
		const char *use = gostr(doc_get(in[i], "consumption"));
		if (strcmp(use, "single_use") != 0 && strcmp(use, "reusable") != 0) {
			snprintf(key, sizeof key, "[%zu]consumption", i);
			snprintf(msg, sizeof msg, "runtime_inputs[%zu].consumption must be single_use or reusable", i);
			say(s, in[i], key, msg);
		}
		if (doc_len(env) == 0 || doc_len(env) > LIMIT) {
			snprintf(key, sizeof key, "[%zu]env", i);
			snprintf(msg, sizeof msg, "runtime_inputs[%zu].env requires 1 to 64 variable names", i);
			say(s, in[i], key, msg);
		}
		size_t first_own = nnames;   /* this declaration's accepted names start here */
		j = 0;
		for (const doc_node *e = doc_seq_first(env); e; e = e->next, j++) {
			const char *name = gostr(doc_deref(e));
			snprintf(key, sizeof key, "[%zu]env[%zu]", i, j);
			if (!lizago_prereq_env_name(name)) {
				snprintf(msg, sizeof msg, "runtime_inputs[%zu].env[%zu] must be a variable identifier of at most 256 bytes", i, j);
				say(s, e, key, msg);
				continue;
			}
			if (reserved(name)) {
				snprintf(msg, sizeof msg, "runtime_inputs[%zu].env[%zu] is reserved: process variables and the LIZA_ "
				         "namespace are never stripped from sessions", i, j);
				say(s, e, key, msg);
				continue;
			}
			size_t k;
			for (k = 0; k < nnames && strcmp(names[k], name) != 0; k++)
				;
			if (k < nnames) {
				if (owner[k] == i)
					snprintf(msg, sizeof msg, "runtime_inputs[%zu].env[%zu] duplicates another variable of this declaration", i, j);
				else
					snprintf(msg, sizeof msg, "runtime_inputs[%zu].env[%zu] is already delivered by runtime_inputs[%zu]", i, j, owner[k]);
				say(s, e, key, msg);
				continue;
			}
			if (nnames == cap) {
				size_t ncap = cap ? cap * 2 : 16;
				const char **nn = realloc(names, ncap * sizeof *nn);
				if (nn)
					names = nn;
				size_t *no = nn ? realloc(owner, ncap * sizeof *no) : NULL;
				if (no)
					owner = no;
				if (!nn || !no)
					goto out;
				cap = ncap;
			}
			names[nnames] = name;
			owner[nnames++] = i;
		}
		const doc_node *files = doc_get(in[i], "files");
		j = 0;
		for (const doc_node *e = doc_seq_first(files); e; e = e->next, j++) {
			const char *name = gostr(doc_deref(e));
			bool own = false;
			for (size_t k = first_own; k < nnames; k++)
				own = own || !strcmp(names[k], name);
			if (!own || in_list(files, name, e)) {
				snprintf(key, sizeof key, "[%zu]files[%zu]", i, j);
				snprintf(msg, sizeof msg, "runtime_inputs[%zu].files[%zu] must name a distinct variable of this declaration's env", i, j);
				say(s, e, key, msg);
			}
		}
		j = 0;
		for (const doc_node *e = doc_seq_first(doc_get(in[i], "after")); e; e = e->next, j++) {
			long other = find_id(ids, n, gostr(doc_deref(e)));
			if (other < 0 || (size_t)other == i) {
				snprintf(key, sizeof key, "[%zu]after[%zu]", i, j);
				snprintf(msg, sizeof msg, "runtime_inputs[%zu].after[%zu] must name another declaration of this entry", i, j);
				say(s, e, key, msg);
			}
		}
	}
	if (after_cycle(in, n, ids))
		say(s, list, "cycle", "runtime_inputs after ordering contains a cycle");
out:
	free(in);
	free(ids);
	free(names);
	free(owner);
}

void lizago_runtime(lizago_check_ctx *c, const lg_task *t)
{
	say_ctx s = { c, t, "", "" };
	check_inputs(&s, doc_get(t->node, "validation"), doc_get(t->node, "runtime_inputs"));
	size_t i = 0;
	for (const doc_node *e = doc_seq_first(doc_get(t->node, "output")); e; e = e->next, i++) {
		const doc_node *o = doc_deref(e);
		char where[40], tag[32];
		snprintf(where, sizeof where, "output[%zu]: ", i);
		snprintf(tag, sizeof tag, "o%zu", i);
		say_ctx so = { c, t, where, tag };
		check_inputs(&so, doc_get(o, "validation"), doc_get(o, "runtime_inputs"));
	}
}

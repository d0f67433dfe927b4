/* lizago_prereq.c — a task's validation_prerequisites (and each output
 * entry's), as models.ValidationPrerequisiteViolations judges them
 * (models/validation_prerequisites.go, liza-mas/liza 0323e95), called by
 * validateTaskInvariants and validateTaskOutput: one declaration per
 * validation command, each naming a distinct command and at least one
 * check, within Liza's bounds. Messages name fields and indices, never the
 * commands, as Liza's do. ValidationCommandViolations, which Go also runs
 * here, is reported once, by lizago_safety.c. */
#include "systems/liza/go/lizago_prereq.h"
#include "systems/liza/go/lizago_rule.h"
#include <stdio.h>
#include <string.h>

#define broken(c, t, key, ...) lizago_check_broken(c, (t)->id, (t)->node, "validation_prerequisites", key, __VA_ARGS__)

/* prerequisiteEnvName: a variable identifier of at most 256 bytes. */
bool lizago_prereq_env_name(const char *s)
{
	size_t n = s ? strlen(s) : 0;
	return n > 0 && n <= 256 && !(s[0] >= '0' && s[0] <= '9') &&
	       strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_") == n;
}

static bool bounded(const char *s) { return s && strlen(s) <= 4096; }

/* The bytes one declaration adds to the contract's 65536-byte total: its
 * command, env names, executables and probe arguments (models/
 * validation_prerequisites.go, 0323e95). */
static size_t prereq_bytes(const doc_node *p)
{
	size_t n = doc_str(doc_get(p, "command")) ? strlen(doc_str(doc_get(p, "command"))) : 0;
	for (const doc_node *x = doc_seq_first(doc_get(p, "env")); x; x = x->next)
		n += doc_str(x) ? strlen(doc_str(x)) : 0;
	for (const doc_node *x = doc_seq_first(doc_get(p, "executables")); x; x = x->next)
		n += doc_str(x) ? strlen(doc_str(x)) : 0;
	for (const doc_node *x = doc_seq_first(doc_get(p, "probes")); x; x = x->next)
		for (const doc_node *a = doc_seq_first(x); a; a = a->next)
			n += doc_str(a) ? strlen(doc_str(a)) : 0;
	return n;
}

static void contract(lizago_check_ctx *c, const lg_task *t, const doc_node *owner, const char *where)
{
	const doc_node *pre = doc_get(owner, "validation_prerequisites"), *cmds = doc_get(owner, "validation");
	size_t np = doc_len(pre), nc = doc_len(cmds);
	if (np == 0)
		return;
	char pfx[48], key[96];
	snprintf(pfx, sizeof pfx, "%s%s", where, *where ? ": " : "");
#define V(k, ...) do { snprintf(key, sizeof key, "%s%s", where, k); broken(c, t, key, __VA_ARGS__); } while (0)
	if (np != nc)
		V("count", "task %s %svalidation_prerequisites requires one declaration per validation command (maximum 64)",
		  t->id, pfx);
	if (nc > 64)
		V("max", "task %s %svalidation_prerequisites requires one declaration per validation command (maximum 64): "
		  "validation has more than 64 commands", t->id, pfx);
	size_t i = 0;
	for (const doc_node *e = doc_seq_first(cmds); e; e = e->next, i++) {
		const char *cmd = doc_str(e);
		char k[32];
		snprintf(k, sizeof k, "cmd%zu", i);
		if (!bounded(cmd))
			V(k, "task %s %svalidation[%zu] exceeds bounds or contains NUL", t->id, pfx, i);
		for (const doc_node *p = doc_seq_first(cmds); p != e; p = p->next)
			if (cmd && doc_str(p) && strcmp(cmd, doc_str(p)) == 0) {
				snprintf(k, sizeof k, "dup%zu", i);
				V(k, "task %s %svalidation[%zu] duplicates a canonical command", t->id, pfx, i);
				break;
			}
	}
	i = 0;
	size_t bytes = 0;
	bool bytes_said = false;
	for (const doc_node *e = doc_seq_first(pre); e; e = e->next, i++) {
		const doc_node *p = doc_deref(e);
		const char *cmd = doc_str(doc_get(p, "command"));
		bool known = false, taken = false;
		for (const doc_node *x = doc_seq_first(cmds); x && cmd; x = x->next)
			known |= doc_str(x) && strcmp(doc_str(x), cmd) == 0;
		for (const doc_node *q = doc_seq_first(pre); q != e && cmd; q = q->next) {
			const char *o = doc_str(doc_get(doc_deref(q), "command"));
			taken |= o && strcmp(o, cmd) == 0;
		}
		char k[32];
		snprintf(k, sizeof k, "p%zu", i);
		if (!known || taken)
			V(k, "task %s %svalidation_prerequisites[%zu].command must identify a distinct canonical command", t->id,
			  pfx, i);
		bytes += prereq_bytes(p);
		if (bytes > 65536 && !bytes_said) {
			bytes_said = true;
			V("bytes", "task %s %svalidation_prerequisites exceeds the 65536 byte contract limit", t->id, pfx);
		}
		static const char *const lists[] = { "env", "executables", "probes" };
		size_t total = 0;
		for (size_t l = 0; l < 3; l++) {
			size_t m = doc_len(doc_get(p, lists[l]));
			total += m;
			snprintf(k, sizeof k, "p%zu-%s", i, lists[l]);
			if (m > 64)
				V(k, "task %s %svalidation_prerequisites[%zu] exceeds the 64 checks per list limit (%s)", t->id, pfx,
				  i, lists[l]);
		}
		snprintf(k, sizeof k, "p%zu-none", i);
		if (total == 0)
			V(k, "task %s %svalidation_prerequisites[%zu] requires at least one check", t->id, pfx, i);
		size_t j = 0;
		for (const doc_node *x = doc_seq_first(doc_get(p, "env")); x; x = x->next, j++)
			if (!lizago_prereq_env_name(doc_str(x))) {
				snprintf(k, sizeof k, "p%zu-env%zu", i, j);
				V(k, "task %s %svalidation_prerequisites[%zu].env[%zu] must be a variable identifier of at most 256 "
				  "bytes", t->id, pfx, i, j);
			}
		j = 0;
		for (const doc_node *x = doc_seq_first(doc_get(p, "executables")); x; x = x->next, j++)
			if (!bounded(doc_str(x)) || lizago_check_blank(doc_str(x))) {
				snprintf(k, sizeof k, "p%zu-exe%zu", i, j);
				V(k, "task %s %svalidation_prerequisites[%zu].executables[%zu] is empty or invalid", t->id, pfx, i, j);
			}
		j = 0;
		for (const doc_node *x = doc_seq_first(doc_get(p, "probes")); x; x = x->next, j++) {
			size_t argc = doc_len(x), a = 0;
			snprintf(k, sizeof k, "p%zu-probe%zu", i, j);
			if (argc == 0 || argc > 32)
				V(k, "task %s %svalidation_prerequisites[%zu].probes[%zu] requires 1 to 32 argv entries", t->id, pfx,
				  i, j);
			for (const doc_node *arg = doc_seq_first(x); arg; arg = arg->next, a++)
				if (!bounded(doc_str(arg)) || (a == 0 && lizago_check_blank(doc_str(arg)))) {
					snprintf(k, sizeof k, "p%zu-probe%zu-%zu", i, j, a);
					V(k, "task %s %svalidation_prerequisites[%zu].probes[%zu][%zu] is invalid", t->id, pfx, i, j, a);
				}
		}
	}
#undef V
}

void lizago_prereq(lizago_check_ctx *c, const lg_task *t)
{
	contract(c, t, t->node, "");
	size_t i = 0;
	for (const doc_node *e = doc_seq_first(doc_get(t->node, "output")); e; e = e->next, i++) {
		char where[32];
		snprintf(where, sizeof where, "output[%zu]", i);
		contract(c, t, doc_deref(e), where);
	}
}

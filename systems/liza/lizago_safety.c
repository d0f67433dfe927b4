/* lizago_safety.c — the safety of a task's validation commands, as
 * models.ValidationSafetyViolations (internal/models/task.go, liza-mas/liza
 * 03b359a) judges them for statevalidate's validateTaskInvariants (the
 * task's `validation`) and validateTaskOutput (each output entry's, named
 * `output[i].validation`): every command non-blank, without surrounding
 * whitespace and on one line (ValidationCommandViolations), and under
 * `destructive_db: true` at least one command, each opening with Liza's
 * break-glass marker. A watcher sees a state where a destructive command
 * would run without the marker the gate asks for; Liza's validator calls
 * that INVALID STATE, so this says it too (CRIT invalid_state). Messages
 * are Go's, naming indices, never the commands. */
#include "systems/liza/lizago_check.h"
#include <stdio.h>
#include <string.h>

/* models.DestructiveDBAllowMarker: brand.EnvName("ALLOW_DESTRUCTIVE_DB") with
 * Liza's own brand; a rebranded build also accepts this legacy one. */
#define MARKER "LIZA_ALLOW_DESTRUCTIVE_DB=1"

static bool space(char ch) { return ch == ' ' || (ch >= '\t' && ch <= '\r'); }

/* Go's YAML decoder reads only true/True/TRUE as a true bool. */
bool lizago_safety_true(const doc_node *n)
{
	const char *s = doc_str(n);
	return s && (!strcmp(s, "true") || !strcmp(s, "True") || !strcmp(s, "TRUE"));
}

/* hasLeadingDestructiveDBAllowMarker: the prefix, then a blank, then a
 * command that is neither a comment nor a separator. */
static bool marked_with(const char *cmd, const char *prefix)
{
	size_t n = strlen(prefix);
	if (strncmp(cmd, prefix, n) != 0 || (cmd[n] != ' ' && cmd[n] != '\t'))
		return false;
	const char *rest = cmd + n;
	while (*rest && space(*rest))
		rest++;
	return *rest && *rest != '#' && !strchr(";&|", *rest);
}

bool lizago_safety_marked(const char *cmd)
{
	return cmd && (marked_with(cmd, MARKER) || marked_with(cmd, "env " MARKER));
}

/* ValidationSafetyViolations(field, commands, destructive): each defect once,
 * reported under rule as its caller wraps it: "task ID<sep><defect>" (sep
 * " " in validateTaskInvariants / validateTaskOutput, ": " where
 * validateDependencies wraps ValidateCodingAllocationOutput). Returns the
 * number found; first_only reports only the first, Go's
 * ValidateValidationSafety. */
size_t lizago_safety_check(lizago_check_ctx *c, const lg_task *t, const char *rule, const char *sep,
                           const char *field, const doc_node *cmds, bool destructive, bool first_only)
{
	size_t found = 0, i = 0;
	char key[96];
#define SAY(k, ...) do { \
		if (!first_only || found == 0) { \
			snprintf(key, sizeof key, "%s%s", field, k); \
			lizago_check_broken(c, t->id, t->node, rule, key, __VA_ARGS__); \
		} \
		found++; \
	} while (0)
	for (const doc_node *e = doc_seq_first(cmds); e; e = e->next, i++) {
		const char *cmd = doc_is_null(e) ? "" : doc_str(e);   /* Go decodes a null entry as "" */
		char k[32];
		if (!cmd)
			continue;   /* a collection: the decoder refuses the file, another rule */
		if (lizago_check_blank(cmd)) {
			snprintf(k, sizeof k, "[%zu]empty", i);
			SAY(k, "task %s%s%s[%zu] must not be empty", t->id, sep, field, i);
			continue;
		}
		if (space(cmd[0]) || space(cmd[strlen(cmd) - 1])) {
			snprintf(k, sizeof k, "[%zu]trim", i);
			SAY(k, "task %s%s%s[%zu] must not have leading or trailing whitespace", t->id, sep, field, i);
		}
		if (strpbrk(cmd, "\r\n")) {
			snprintf(k, sizeof k, "[%zu]line", i);
			SAY(k, "task %s%s%s[%zu] must be a single-line command", t->id, sep, field, i);
		}
	}
	if (!destructive)
		return found;
	if (doc_len(cmds) == 0) {
		SAY("-destructive", "task %s%s%s destructive_db requires at least one validation command", t->id, sep, field);
		return found;
	}
	i = 0;
	for (const doc_node *e = doc_seq_first(cmds); e; e = e->next, i++)
		if (!lizago_safety_marked(doc_str(e))) {
			char k[40];
			snprintf(k, sizeof k, "[%zu]marker", i);
			SAY(k, "task %s%s%s[%zu] destructive_db requires command to start with %s or env %s", t->id, sep, field, i,
			    MARKER, MARKER);
		}
#undef SAY
	return found;
}

void lizago_safety(lizago_check_ctx *c, const lg_task *t)
{
	lizago_safety_check(c, t, "validation_safety", " ", "validation", doc_get(t->node, "validation"),
	                    lizago_safety_true(doc_get(t->node, "destructive_db")), false);
	size_t i = 0;
	for (const doc_node *e = doc_seq_first(doc_get(t->node, "output")); e; e = e->next, i++) {
		const doc_node *o = doc_deref(e);
		char field[48];
		snprintf(field, sizeof field, "output[%zu].validation", i);
		lizago_safety_check(c, t, "validation_safety", " ", field, doc_get(o, "validation"),
		                    lizago_safety_true(doc_get(o, "destructive_db")), false);
	}
}

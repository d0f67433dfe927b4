/* rcs_modes.c — workflow names: the seed's renaming (forge = ralph,
 * blueprint = ralplan), which workflows the contract tracks, and the mode
 * file naming scheme. */
#include "systems/rcs/rcs.h"
#include <string.h>
#include <strings.h>

typedef struct mode_info {
	const char *canon, *upstream;   /* upstream: the .omx spelling, when it differs */
	bool standalone;
	bool omx_only;                  /* known to the current package, not to the seed */
} mode_info;

static const mode_info modes[] = {
	{ "team", NULL, false, false },
	{ "forge", "ralph", false, false },
	{ "ultrawork", NULL, false, false },
	{ "autopilot", NULL, true, false },
	{ "autoresearch", NULL, true, false },
	{ "blueprint", "ralplan", false, false },
	{ "ultraqa", NULL, true, false },
	{ "deep-interview", NULL, true, false },
	{ "ultragoal", NULL, false, true },
};

static const mode_info *find(const char *name)
{
	if (!name)
		return NULL;
	for (size_t i = 0; i < sizeof modes / sizeof *modes; i++)
		if (strcmp(name, modes[i].canon) == 0 || (modes[i].upstream && strcmp(name, modes[i].upstream) == 0))
			return &modes[i];
	return NULL;
}

const char *rcs_canon(const char *name)
{
	const mode_info *m = find(name);
	return m ? m->canon : name;
}

bool rcs_tracked(const char *canon)
{
	const mode_info *m = find(canon);
	return m && !m->omx_only;
}

bool rcs_is_omx(const char *surface) { return surface && strcmp(surface, "omx") == 0; }

bool rcs_known(const char *canon, const char *surface)
{
	const mode_info *m = find(canon);
	return m && (!m->omx_only || rcs_is_omx(surface));
}

bool rcs_standalone(const char *canon)
{
	const mode_info *m = find(canon);
	return m && m->standalone;
}

const char *rcs_disk_name(const char *canon, const char *surface)
{
	const mode_info *m = find(canon);
	if (!m)
		return canon;
	return surface && strcmp(surface, "omx") == 0 && m->upstream ? m->upstream : m->canon;
}

const char *rcs_mode_of_file(arena *a, const char *filename)
{
	static const char suffix[] = "-state.json";
	size_t n = strlen(filename), s = sizeof suffix - 1;
	if (n <= s || strcmp(filename + n - s, suffix) != 0 || filename[0] == '.')
		return NULL;
	if (strcmp(filename, "skill-active-state.json") == 0)
		return NULL;
	return arena_strndup(a, filename, n - s);
}

/* s, trimmed at both ends of the characters in trim (upstream's readers
 * trim differently), is one of words, in any case. */
static bool one_of(const char *s, const char *trim, const char *const *words, size_t nwords)
{
	while (*s && strchr(trim, *s))
		s++;
	size_t n = strlen(s);
	while (n && strchr(trim, s[n - 1]))
		n--;
	for (size_t i = 0; i < nwords; i++)
		if (strlen(words[i]) == n && strncasecmp(s, words[i], n) == 0)
			return true;
	return false;
}

/* run-outcome.js: the words normalizeRunOutcome and
 * normalizeTerminalLifecycleOutcome read as terminal (trimmed, any case). */
static bool terminal_word(const char *s)
{
	static const char *const words[] = {
		"finish", "finished", "complete", "completed", "done", "blocked", "blocked-on-user", "blocked_on_user",
		"failed", "fail", "error", "cancelled", "canceled", "cancel", "aborted", "abort", "userinterlude",
		"user-interlude", "interrupted", "interrupt", "askuserquestion", "ask-user-question", "askuser", "question",
	};
	return s && one_of(s, " \t\n\r", words, sizeof words / sizeof *words);
}

bool rcs_omx_running_phase(const char *phase)
{
	static const char *const over[] = { "complete", "completed", "cancelled", "canceled", "failed", "cleared" };
	return !phase || !one_of(phase, " ", over, sizeof over / sizeof *over);
}

bool rcs_omx_terminal(const doc_node *root)
{
	bool on = true;
	if (doc_bool(doc_get(root, "active"), &on) == DOC_OK && !on)
		return true;
	const char *phase = doc_str(doc_get(root, "phase"));
	if (phase && (terminal_word(phase) || strcasecmp(phase, "cleared") == 0))
		return true;
	const char *done = doc_str(doc_get(root, "completed_at"));
	while (done && *done == ' ')
		done++;
	if (done && *done)
		return true;
	return terminal_word(doc_str(doc_get(root, "run_outcome"))) ||
	       terminal_word(doc_str(doc_get(root, doc_get(root, "lifecycle_outcome") ? "lifecycle_outcome"
	                                                                              : "terminal_outcome")));
}

bool rcs_session_id_ok(const char *id)
{
	size_t n = id ? strlen(id) : 0;
	if (n < 1 || n > 64)
		return false;
	for (size_t i = 0; i < n; i++) {
		char c = id[i];
		if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-'))
			return false;
	}
	return true;
}

const char *rcs_surface_of(const char *base)
{
	/* The folder found decides how messages name the tools. */
	static const char tail[] = ".omx/state";
	size_t n = strlen(base), t = sizeof tail - 1;
	while (n > 1 && base[n - 1] == '/')
		n--;
	if (n >= t && strncmp(base + n - t, tail, t) == 0 && (n == t || base[n - t - 1] == '/'))
		return "omx";
	return "rcs";
}

/* gen_words.h — vocabulary for gen_liza.c, so generated descriptions,
 * reasons and questions vary in length and content like real ones do.
 * Included by gen_liza.c only. */
#ifndef LW_GEN_WORDS_H
#define LW_GEN_WORDS_H

static const char *const gw_verbs[] = {
	"Implement", "Refactor", "Document", "Fix", "Add tests for", "Migrate", "Harden",
	"Profile", "Split", "Remove", "Cache", "Validate",
};

static const char *const gw_objects[] = {
	"the config loader", "CLI argument parsing", "the HTTP client retry logic",
	"session token refresh", "the billing export job", "pagination in the search API",
	"the markdown renderer", "rate limiting on the public endpoints",
	"the database migration runner", "error messages shown to operators",
	"the websocket reconnect path", "the nightly report generator",
	"input validation for uploaded CSV files", "the plugin registry",
};

static const char *const gw_areas[] = {
	"vision", "api", "cli", "storage", "auth", "billing", "search", "ui", "ops", "docs",
};

static const char *const gw_done[] = {
	"make test passes and the new endpoint returns 200 with a JSON body",
	"python -m app --help lists the new flag",
	"README documents both invocations",
	"integration tests cover the retry path and the timeout path",
	"p95 latency under 50 ms in the load test",
	"no warning from the linter on the touched files",
};

static const char *const gw_files[] = {
	"src/http/client.py", "src/cli/main.py", "src/store/migrate.py", "src/auth/token.py",
	"src/search/query.py", "tests/test_api.py", "src/billing/export.py",
};

static const char *const gw_problems[] = {
	"uses str | None (Python 3.10+)", "swallows the exception and returns None",
	"the retry loop never gives up", "SQL built by string concatenation",
	"no test for the empty input", "reads the whole file into memory",
	"the lock is taken after the read",
};

static const char *const gw_why[] = {
	"spec requires Python 3.8", "callers cannot tell failure from an empty result",
	"a dead server hangs the worker forever", "injection risk on user input",
	"the empty case is the common one in production", "uploads reach 2 GB",
	"two writers can lose an update",
};

static const char *const gw_fixes[] = {
	"use Optional[str]", "raise and let the caller decide", "cap the attempts and back off",
	"use bound parameters", "add a parametrised test", "stream it line by line",
	"take the lock first, then read under it",
};

static const char *const gw_block_reasons[] = {
	"spec is ambiguous about the error format",
	"needs credentials for the staging database",
	"upstream API changed its pagination without notice",
	"depends on a decision about the storage engine",
};

static const char *const gw_questions[] = {
	"Should errors be JSON or plain text?",
	"Who can grant access to staging?",
	"Do we pin the old API version or migrate now?",
	"SQLite or Postgres for the first release?",
};

#endif

/* liza_sim_text.c — the cast's words: what the simulated planner drafts,
 * why the reviewer rejects, what blocks a coder. All on the example's goal
 * (retries with backoff), so the demo reads like one project. */
#include "systems/liza/shell/liza_sim.h"

#define N(a) (sizeof a / sizeof *a)

const liza_sim_task_text liza_sim_new_tasks[] = {
	{ "retry-budget", "Cap the total time spent retrying one request", "no request retries for more than 30 s in total" },
	{ "retry-after", "Honour Retry-After on 429 and 503", "a Retry-After of N s delays the next try by N s" },
	{ "timeout-config", "Configurable connect and read timeouts", "HTTP_TIMEOUT_MS read from the environment" },
	{ "retry-logging", "Log every retry at debug level", "one debug line per retry, no secrets in it" },
	{ "chaos-tests", "Chaos tests with random 5xx injection", "suite passes with 30 % of requests failing" },
	{ "jitter-seed", "Seedable jitter for reproducible tests", "RETRY_SEED makes the backoff sequence repeatable" },
	{ "dead-letter", "Dead-letter requests that exhaust their retries", "an exhausted request lands in the DLQ with its error" },
	{ "retry-dashboard", "Dashboard of retries per endpoint", "retry_total shown per endpoint, last 24 h" },
	{ "search-api", "Apply retries to SearchAPI.query()", "query() retries on 502/503/504 only" },
	{ "webhook-retry", "Retry outgoing webhooks with backoff", "a failed webhook is retried 5 times over 10 min" },
};
const size_t liza_sim_n_new_tasks = N(liza_sim_new_tasks);

const char *const liza_sim_rejections[] = {
	"No test for the 503 path",
	"Backoff cap not applied on the last retry",
	"Retries a non-idempotent call without a key",
	"Jitter uses a global RNG: flaky under parallel tests",
	"Logs the API key in the retry message",
	"done_when not met: 504 is not retried",
};
const size_t liza_sim_n_rejections = N(liza_sim_rejections);

const liza_sim_block_text liza_sim_blocks[] = {
	{ "spec does not say whether streaming calls are retried", "Retry streaming responses or fail fast?" },
	{ "retry.md and vision.md disagree on the backoff cap", "Is the cap 30 s (retry.md) or 60 s (vision.md)?" },
	{ "reproducing the failure needs a staging credential", "Who can grant a staging API key?" },
};
const size_t liza_sim_n_blocks = N(liza_sim_blocks);

const liza_sim_discovery_text liza_sim_discoveries[] = {
	{ "Token refresh races with retries: a 401 is retried with the stale token",
	  "New task: refresh the token before retrying a 401",
	  { "token-refresh", "Refresh the auth token before retrying a 401", "a 401 triggers one refresh, then one retry" } },
	{ "Connection pool leaks a socket on every retried timeout",
	  "New task: close the connection before retrying",
	  { "pool-leak", "Close pooled connections on retried timeouts", "1,000 timeouts leave the pool size unchanged" } },
};
const size_t liza_sim_n_discoveries = N(liza_sim_discoveries);

const char *const liza_sim_rescope_reasons[] = {
	"wrong granularity: split transport and policy",
	"ambiguity: two coders read the spec differently",
};
const size_t liza_sim_n_rescope_reasons = N(liza_sim_rescope_reasons);

/* store_sweep.c — crash leftovers: a temp whose writer was killed between
 * creating and renaming it stays forever (tens of MB on a large state). Its
 * name carries the writer's pid, so the next writer removes it once that
 * process is gone; a live writer's temp is never touched. A name is no
 * proof (a project can plant ".state.yaml.4000000.lw-AbCdEf"): only a temp
 * whose name carries a valid proof — made by the layer that holds the
 * user's key and registered here (store_temp_prover) — is removed.
 *
 * The kinds of temporary names are the store's: its own temps, and the
 * prefixes others register as theirs to keep (core/txn's records). */
#include "core/store/store_internal.h"
#include <dirent.h>
#include "core/util/fileio.h"
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#define KEEP_MAX 8

static const store_temp_proof *prover;
static const char *keep[KEEP_MAX];
static size_t nkeep;

void store_temp_prover(const store_temp_proof *p)
{
	prover = p;
}

const store_temp_proof *store_temp_proof_get(void)
{
	return prover;
}

void store_temp_keep(const char *prefix)
{
	for (size_t i = 0; i < nkeep; i++)
		if (strcmp(keep[i], prefix) == 0)
			return;
	if (nkeep < KEEP_MAX)
		keep[nkeep++] = prefix;
}

static bool kept(const char *b)
{
	for (size_t i = 0; i < nkeep; i++)
		if (strncmp(b, keep[i], strlen(keep[i])) == 0)
			return true;
	return false;
}

/* The last ".lw-" of b: the tag. */
static const char *tag_of(const char *b)
{
	const char *last = NULL;
	for (const char *p = strstr(b, ".lw-"); p; p = strstr(p + 1, ".lw-"))
		last = p;
	return last;
}

/* Where the proof of b starts (after ".<pid>."), or NULL if it has none:
 * 32 hex digits or more before the tag (a pid has 10 at most). */
static const char *proof_of(const char *b, const char *tag)
{
	const char *dot = tag;
	while (dot > b && dot[-1] != '.')
		dot--;
	if (tag - dot < 32 || dot - b < 2)
		return NULL;
	for (const char *c = dot; c < tag; c++)
		if (!((*c >= '0' && *c <= '9') || (*c >= 'a' && *c <= 'f')))
			return NULL;
	return dot;
}

long store_temp_pid(const char *b)
{
	if (!store_is_temp_name(b))
		return 0;
	const char *end = tag_of(b);
	const char *pr = proof_of(b, end);
	const char *d = pr ? pr - 1 : end;   /* the '.' after the pid */
	const char *s = d;
	while (s > b && s[-1] >= '0' && s[-1] <= '9')
		s--;
	if (s == d || s == b || s[-1] != '.')
		return 0;
	return strtol(s, NULL, 10);
}

static bool dead(long pid)
{
	return pid > 0 && pid != (long)getpid() && kill((pid_t)pid, 0) != 0 && errno == ESRCH;
}

/* b names a temp of ours: its proof holds for this folder. */
static bool proven(const char *b, const struct stat *dir)
{
	const char *end = tag_of(b);
	const char *pr = end ? proof_of(b, end) : NULL;
	if (!pr || !prover || !prover->check)
		return false;
	char head[NAME_MAX + 1], tag[NAME_MAX + 1];
	if ((size_t)(pr - b) >= sizeof head || (size_t)(end - pr) >= sizeof tag)
		return false;
	memcpy(head, b, (size_t)(pr - b));
	head[pr - b] = '\0';
	memcpy(tag, pr, (size_t)(end - pr));
	tag[end - pr] = '\0';
	return prover->check((unsigned long long)dir->st_dev, (unsigned long long)dir->st_ino, head, tag);
}

size_t store_sweep_dir(const char *dir)
{
	/* readdir itself: the shared listing hides dot names, and ours are. */
	DIR *d = opendir(dir);
	if (!d)
		return 0;
	struct stat ds;
	if (fstat(dirfd(d), &ds) != 0) {
		closedir(d);
		return 0;
	}
	size_t n = 0;
	char p[LW_PATH_MAX];
	struct dirent *e;
	while ((e = readdir(d))) {
		const char *b = e->d_name;
		if (kept(b) || !dead(store_temp_pid(b)) || !proven(b, &ds))
			continue;
		if (store_unlink(lw_path_join(p, sizeof p, dir, b)) == 0)
			n++;
	}
	closedir(d);
	return n;
}

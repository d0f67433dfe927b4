/* fleet.c — see fleet.h. */
#include "core/model/fleet.h"
#include "core/util/fileio.h"
#include "core/util/inputs.h"
#include "core/util/userdirs.h"
#include <pwd.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static bool is_dir(const char *p)
{
	struct stat st;
	return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

static int add_dir(char ***dirs, size_t *n, const char *d, lw_error *err)
{
	for (size_t i = 0; i < *n; i++)
		if (strcmp((*dirs)[i], d) == 0)
			return 0;
	if (*n >= LW_MAX_PROJECTS) {
		lw_error_set(err, d, 0, 0, "more than %d projects", LW_MAX_PROJECTS);
		return -1;
	}
	char **v = realloc(*dirs, (*n + 1) * sizeof *v);
	if (!v) {
		lw_error_set(err, d, 0, 0, "out of memory");
		return -1;
	}
	*dirs = v;
	v[(*n)++] = strdup(d);
	return 0;
}

/* ~ and ~/x from $HOME, ~user and ~user/x from the password database. */
static void expand_tilde(const char *typed, char *out, size_t n)
{
	snprintf(out, n, "%s", typed);
	if (typed[0] != '~')
		return;
	const char *rest = typed + 1 + strcspn(typed + 1, "/");
	const char *home = NULL;
	if (rest == typed + 1) {
		home = lw_user_home();
	} else {
		char user[256];
		size_t ul = (size_t)(rest - typed - 1);
		if (ul >= sizeof user)
			return;
		memcpy(user, typed + 1, ul);
		user[ul] = '\0';
		/* The password database is not an input the record can replay. */
		lw_inputs_taint();
		struct passwd *pw = getpwnam(user);
		home = pw ? pw->pw_dir : NULL;
	}
	if (home && *home)
		snprintf(out, n, "%s%s", home, rest);
}

int lw_fleet_expand(const char *spec, char ***dirs, size_t *n, lw_error *err)
{
	*dirs = NULL;
	*n = 0;
	char *copy = strdup(spec), *save = NULL;
	int rc = 0;
	for (char *tok = strtok_r(copy, ",", &save); tok && rc == 0; tok = strtok_r(NULL, ",", &save)) {
		while (*tok == ' ' || *tok == '\t')
			tok++;
		size_t len = strlen(tok);
		while (len && (tok[len - 1] == ' ' || tok[len - 1] == '\t'))
			tok[--len] = '\0';
		if (!len)
			continue;
		bool pattern = strpbrk(tok, "*?[") != NULL;
		glob_t g;
		/* ~ expanded here, without a shell (GLOB_TILDE is not POSIX);
		 * GLOB_NOCHECK returns a plain entry as written when it matches
		 * nothing. */
		char named[LW_PATH_MAX];
		expand_tilde(tok, named, sizeof named);
		int gr = glob(named, GLOB_NOCHECK | GLOB_MARK, NULL, &g);
		if (gr != 0) {
			lw_error_set(err, tok, 0, 0, "cannot expand");
			rc = -1;
			break;
		}
		for (size_t i = 0; i < g.gl_pathc && rc == 0; i++) {
			char *p = g.gl_pathv[i];
			size_t pl = strlen(p);
			if (pl > 1 && p[pl - 1] == '/')
				p[pl - 1] = '\0';   /* GLOB_MARK's slash on directories */
			if (!is_dir(p)) {
				if (!pattern) {
					lw_error_set(err, p, 0, 0, "projects: not a directory");
					rc = -1;
				}
				continue;
			}
			rc = add_dir(dirs, n, p, err);
		}
		globfree(&g);
	}
	free(copy);
	if (rc < 0) {
		lw_fleet_free_dirs(*dirs, *n);
		*dirs = NULL;
		*n = 0;
	}
	return rc;
}

bool lw_fleet_resolve(const char *typed, char *out, size_t n)
{
	char named[LW_PATH_MAX];
	expand_tilde(typed, named, sizeof named);
	if (lw_realpath(named, out, n) == 0)
		return true;
	snprintf(out, n, "%s", named);
	return false;
}

void lw_fleet_free_dirs(char **dirs, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(dirs[i]);
	free(dirs);
}

/* The last `parts` components of dir ("." and trailing slashes ignored). */
static void tail_of(const char *dir, int parts, char *out, size_t n)
{
	size_t len = strlen(dir);
	while (len > 1 && dir[len - 1] == '/')
		len--;
	size_t start = len;
	for (int k = 0; k < parts && start > 0; k++) {
		if (k)
			start--;   /* the slash between */
		while (start > 0 && dir[start - 1] != '/')
			start--;
	}
	snprintf(out, n, "%.*s", (int)(len - start), dir + start);
	if (!*out || strcmp(out, ".") == 0) {
		char cwd[LW_PATH_MAX];
		if (getcwd(cwd, sizeof cwd) && strcmp(dir, ".") == 0)
			tail_of(cwd, parts, out, n);
		else
			snprintf(out, n, "%s", dir);
	}
}

void lw_fleet_label(lw_fleet *f)
{
	for (int parts = 1; parts <= 8; parts++) {
		bool clash = false;
		for (size_t i = 0; i < f->n; i++)
			tail_of(f->v[i].proj.dir, parts, f->v[i].label, sizeof f->v[i].label);
		for (size_t i = 0; i < f->n && !clash; i++)
			for (size_t j = i + 1; j < f->n && !clash; j++)
				clash = strcmp(f->v[i].label, f->v[j].label) == 0;
		if (!clash)
			return;
	}
	/* Still alike (the same directory written two ways): number them. */
	for (size_t i = 0; i < f->n; i++) {
		char num[24];
		int w = snprintf(num, sizeof num, "#%zu", i + 1);
		size_t keep = strlen(f->v[i].label);
		if (keep + (size_t)w >= sizeof f->v[i].label)
			keep = sizeof f->v[i].label - (size_t)w - 1;
		memcpy(f->v[i].label + keep, num, (size_t)w + 1);
	}
}

void lw_fleet_free(lw_fleet *f)
{
	for (size_t i = 0; i < f->n; i++) {
		lw_project_close(&f->v[i].proj);
		lw_config_free(&f->v[i].cfg);
	}
	free(f->v);
	f->v = NULL;
	f->n = 0;
}

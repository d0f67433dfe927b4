/* fleet.h — several projects watched by one process (`-C` repeated, or the
 * user's `projects` setting with globs such as ~/work/<glob>). Each member is a
 * project of its own with its own config (the user's file, then that
 * project's .liza-watch), so thresholds stay per project; a change in one
 * member reloads only that member. Each has a short label for lines and
 * metrics: its directory's last component, with the parent's added when two
 * would read the same. */
#ifndef LW_FLEET_H
#define LW_FLEET_H
#include "core/model/adapter.h"
#include "core/model/config.h"

enum { LW_MAX_PROJECTS = 64, LW_LABEL_MAX = 96 };

typedef struct lw_member {
	char label[LW_LABEL_MAX];
	lw_project proj;
	lw_config cfg;
} lw_member;

typedef struct lw_fleet {
	lw_member *v;             /* malloc'd: a project is large */
	size_t n;
} lw_fleet;

/* The directories a `projects` value names: comma-separated entries, each
 * a directory or a glob (~ expanded); globs keep only directories, sorted,
 * without duplicates. -1 with err when an entry without glob characters is
 * not a directory, or when more than LW_MAX_PROJECTS match. *dirs is
 * malloc'd (lw_fleet_free_dirs). */
int  lw_fleet_expand(const char *spec, char ***dirs, size_t *n, lw_error *err);
void lw_fleet_free_dirs(char **dirs, size_t n);
/* A folder as the user named it made the project's one canonical root: a
 * leading ~ or ~user expanded (a quoted -C '~/x', where no shell did it),
 * then every symlink, "." and "..", and trailing slash resolved (realpath).
 * So `cd p && liza-watch`, -C p, -C p/, -C ./p, -C link-to-p and -C ~/p
 * are one project, reading the same .liza-watch. false when it cannot be
 * resolved: out is then the name with ~ expanded (opening it says why). */
bool lw_fleet_resolve(const char *typed, char *out, size_t n);
/* Labels for the members' directories: unique, short. */
void lw_fleet_label(lw_fleet *f);
void lw_fleet_free(lw_fleet *f);

#endif

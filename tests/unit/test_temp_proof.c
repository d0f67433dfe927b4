/* test_temp_proof.c — a temp is swept only when its name proves it is ours
 * (an HMAC under the user's key, core/txn/txn_proof.c) and its writer is
 * gone (issue 34). A project can plant files with our temps' shape — the
 * old name without proof, a proof made up, a real proof copied from
 * another folder, a proof of a live pid — and none is ever removed; a temp
 * left by a writer killed mid-write is, in the state folder and in the
 * folders below it that recovery looks at (RCS's sessions/<id>/). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "core/store/store.h"
#include "core/txn/txn.h"
#include "core/txn/txn_proof.h"
#include <dirent.h>
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/wait.h>

static int rm_entry(const char *p, const struct stat *st, int type, struct FTW *f)
{
	(void)st; (void)type; (void)f;
	remove(p);
	return 0;
}

static void put(const char *dir, const char *name, const char *text)
{
	char p[PATH_MAX];
	snprintf(p, sizeof p, "%s/%s", dir, name);
	FILE *f = fopen(p, "wb");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static bool there(const char *dir, const char *name)
{
	char p[PATH_MAX];
	snprintf(p, sizeof p, "%s/%s", dir, name);
	return access(p, F_OK) == 0;
}

/* The name of the one temp of ours for base in dir (none: ""). */
static void find_temp(const char *dir, const char *base, char *out, size_t n)
{
	DIR *d = opendir(dir);
	assert_non_null(d);
	out[0] = '\0';
	size_t bl = strlen(base);
	struct dirent *e;
	while ((e = readdir(d)))
		if (e->d_name[0] == '.' && strncmp(e->d_name + 1, base, bl) == 0 && store_is_temp_name(e->d_name))
			snprintf(out, n, "%s", e->d_name);
	closedir(d);
}

/* A writer killed between creating its temp and renaming it: a child
 * writes the temp and dies without a word (as kill -9 leaves it). */
static void killed_writer(const char *path)
{
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		txn_proof_temps();
		char target[PATH_MAX], tmp[PATH_MAX];
		lw_error err;
		lw_error_clear(&err);
		_exit(store_temp_write(path, "{\"half\":", 8, target, tmp, &err) == STORE_OK ? 0 : 1);
	}
	int st;
	assert_int_equal(waitpid(pid, &st, 0), pid);
	assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 0);
}

static void tmpdir(char *dir, size_t n)
{
	snprintf(dir, n, "/tmp/lw-tproof-XXXXXX");
	assert_non_null(mkdtemp(dir));
}

static void planted_never_swept_real_one_is(void **st)
{
	(void)st;
	char dir[64], other[64], path[PATH_MAX], real[NAME_MAX + 1];
	tmpdir(dir, sizeof dir);
	tmpdir(other, sizeof other);
	put(dir, "state.json", "{}\n");
	snprintf(path, sizeof path, "%s/state.json", dir);
	txn_proof_temps();
	killed_writer(path);
	find_temp(dir, "state.json", real, sizeof real);
	assert_true(real[0] != '\0');
	assert_true(store_temp_pid(real) > 0);
	/* The same real name planted in another folder proves nothing there. */
	put(other, real, "copied");
	/* Planted: the old shape without proof, and made-up proofs. */
	const char *planted[] = {
		".state.json.4000000.lw-AbCdEf",
		".state.json.4000000.0123456789abcdef0123456789abcdef01234567.lw-AbCdEf",
		".state.json.4000000.ffffffffffffffffffffffffffffffffffffffff.lw-XyZ123",
	};
	for (size_t i = 0; i < 3; i++)
		put(dir, planted[i], "planted");
	store_sweep_dir(dir);
	store_sweep_dir(other);
	for (size_t i = 0; i < 3; i++)
		assert_true(there(dir, planted[i]));
	assert_true(there(other, real));
	assert_false(there(dir, real));   /* ours, its writer dead: swept */
	assert_true(there(dir, "state.json"));
	nftw(dir, rm_entry, 8, FTW_DEPTH | FTW_PHYS);
	nftw(other, rm_entry, 8, FTW_DEPTH | FTW_PHYS);
}

/* A proof altered by one digit, or moved to another pid, is no proof. */
static void altered_proof_not_swept(void **st)
{
	(void)st;
	char dir[64], path[PATH_MAX], real[NAME_MAX + 1], bent[NAME_MAX + 1];
	tmpdir(dir, sizeof dir);
	put(dir, "state.json", "{}\n");
	snprintf(path, sizeof path, "%s/state.json", dir);
	txn_proof_temps();
	killed_writer(path);
	find_temp(dir, "state.json", real, sizeof real);
	assert_true(real[0] != '\0');
	/* One hex digit of the MAC changed. */
	snprintf(bent, sizeof bent, "%s", real);
	char *tag = strstr(bent, ".lw-");
	tag[-1] = tag[-1] == '0' ? '1' : '0';
	char a[PATH_MAX], b[PATH_MAX];
	snprintf(a, sizeof a, "%s/%s", dir, real);
	snprintf(b, sizeof b, "%s/%s", dir, bent);
	assert_int_equal(rename(a, b), 0);
	store_sweep_dir(dir);
	assert_true(there(dir, bent));
	nftw(dir, rm_entry, 8, FTW_DEPTH | FTW_PHYS);
}

/* The next read (recovery at a project's open, txn_recover_dir on the
 * state folder) sweeps the folders below it too: RCS's sessions/<id>/.
 * Below a state folder only: recovering the project folder itself (a
 * system whose state lives there) never walks the project. */
static void recovery_sweeps_sessions(void **st)
{
	(void)st;
	char dir[64], state[128], sess[256], path[PATH_MAX], real[NAME_MAX + 1];
	tmpdir(dir, sizeof dir);
	snprintf(state, sizeof state, "%s/state", dir);
	assert_int_equal(mkdir(state, 0755), 0);
	snprintf(sess, sizeof sess, "%s/sessions", state);
	assert_int_equal(mkdir(sess, 0755), 0);
	snprintf(sess, sizeof sess, "%s/sessions/s1", state);
	assert_int_equal(mkdir(sess, 0755), 0);
	put(sess, "skill-active-state.json", "{}\n");
	snprintf(path, sizeof path, "%s/skill-active-state.json", sess);
	txn_proof_temps();
	killed_writer(path);
	find_temp(sess, "skill-active-state.json", real, sizeof real);
	assert_true(real[0] != '\0');
	put(sess, ".skill-active-state.json.4000000.lw-AbCdEf", "planted");
	lw_error err;
	assert_int_equal(store_root_enter(dir, &err), STORE_OK);
	txn_recover_dir(dir);   /* the project folder: not walked */
	assert_true(there(sess, real));
	txn_recover_dir(state);
	store_root_leave();
	assert_false(there(sess, real));
	assert_true(there(sess, ".skill-active-state.json.4000000.lw-AbCdEf"));
	assert_true(there(sess, "skill-active-state.json"));
	nftw(dir, rm_entry, 8, FTW_DEPTH | FTW_PHYS);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(planted_never_swept_real_one_is),
		cmocka_unit_test(altered_proof_not_swept),
		cmocka_unit_test(recovery_sweeps_sessions),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

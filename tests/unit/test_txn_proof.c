/* test_txn_proof.c — the proof a commit record carries (core/txn/
 * txn_proof.h): it checks for the record and project it was made for, and
 * for nothing else; the key is made once, 0600 in a 0700 folder, and a
 * missing, garbage or too-open key proves nothing and is left as it is. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "core/txn/txn_proof.h"
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/wait.h>

static char home[64], proj[128], other[128], keyp[200];
static const char rec[] = "liza-watch-tx 4 root\nlock\t.liza/state.yaml.lock\nend\n";

static int rm_entry(const char *p, const struct stat *st, int type, struct FTW *f)
{
	(void)st; (void)type; (void)f;
	remove(p);
	return 0;
}

static int setup(void **state)
{
	(void)state;
	snprintf(home, sizeof home, "/tmp/lw-proof.XXXXXX");
	if (!mkdtemp(home))
		return -1;
	snprintf(proj, sizeof proj, "%s/proj", home);
	snprintf(other, sizeof other, "%s/other", home);
	mkdir(proj, 0755);
	mkdir(other, 0755);
	char st[100];
	snprintf(st, sizeof st, "%s/state", home);
	setenv("XDG_STATE_HOME", st, 1);
	snprintf(keyp, sizeof keyp, "%s/liza-watch/key", st);
	txn_proof_forget();
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	nftw(home, rm_entry, 8, FTW_DEPTH | FTW_PHYS);
	txn_proof_forget();
	return 0;
}

static void mac_of(const char *base, const char *buf, size_t len, char *hex)
{
	char why[600];
	assert_int_equal(txn_proof_mac(base, buf, len, true, hex, why, sizeof why), 0);
}

static void checks_only_what_it_was_made_for(void **state)
{
	(void)state;
	char hex[TXN_PROOF_HEX + 1], why[600];
	mac_of(proj, rec, strlen(rec), hex);
	assert_int_equal(strlen(hex), TXN_PROOF_HEX);
	assert_true(txn_proof_check(proj, rec, strlen(rec), hex, why, sizeof why));
	/* a flipped byte anywhere in the record */
	char *alt = strdup(rec);
	for (size_t i = 0; i < strlen(rec); i += 7) {
		alt[i] ^= 1;
		assert_false(txn_proof_check(proj, alt, strlen(rec), hex, why, sizeof why));
		assert_non_null(strstr(why, "does not match"));
		alt[i] ^= 1;
	}
	free(alt);
	/* a flipped digit of the proof */
	hex[10] = hex[10] == '0' ? '1' : '0';
	assert_false(txn_proof_check(proj, rec, strlen(rec), hex, why, sizeof why));
	hex[10] = '\0';   /* cut short */
	assert_false(txn_proof_check(proj, rec, strlen(rec), hex, why, sizeof why));
	/* another project's */
	mac_of(other, rec, strlen(rec), hex);
	assert_false(txn_proof_check(proj, rec, strlen(rec), hex, why, sizeof why));
	/* the same path, another folder (removed and made again: another inode) */
	mac_of(proj, rec, strlen(rec), hex);
	char moved[160];
	snprintf(moved, sizeof moved, "%s/was", home);
	assert_int_equal(rename(proj, moved), 0);
	assert_int_equal(mkdir(proj, 0755), 0);
	assert_false(txn_proof_check(proj, rec, strlen(rec), hex, why, sizeof why));
}

static void key_made_once_private(void **state)
{
	(void)state;
	char hex[TXN_PROOF_HEX + 1], why[600];
	/* a reader never makes the key: nothing it reads can be proven */
	assert_int_equal(txn_proof_mac(proj, rec, strlen(rec), false, hex, why, sizeof why), -1);
	assert_non_null(strstr(why, "no commit key"));
	assert_int_equal(access(keyp, F_OK), -1);
	mac_of(proj, rec, strlen(rec), hex);
	struct stat st;
	assert_int_equal(lstat(keyp, &st), 0);
	assert_true(S_ISREG(st.st_mode));
	assert_int_equal(st.st_mode & 0777, 0600);
	assert_int_equal(st.st_size, TXN_PROOF_KEY_BYTES);
	char dir[200];
	snprintf(dir, sizeof dir, "%s", keyp);
	*strrchr(dir, '/') = '\0';
	assert_int_equal(stat(dir, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0700);
	/* the key read again by another process proves the same */
	txn_proof_forget();
	assert_true(txn_proof_check(proj, rec, strlen(rec), hex, why, sizeof why));
}

/* Two processes making the key at once agree on one. */
static void key_race_gives_one_key(void **state)
{
	(void)state;
	int p[2][2];
	for (int i = 0; i < 2; i++)
		assert_int_equal(pipe(p[i]), 0);
	pid_t kids[2];
	for (int i = 0; i < 2; i++) {
		kids[i] = fork();
		if (kids[i] == 0) {
			char hex[TXN_PROOF_HEX + 1], why[600];
			txn_proof_forget();
			int ok = txn_proof_mac(proj, rec, strlen(rec), true, hex, why, sizeof why) == 0;
			ssize_t w = ok ? write(p[i][1], hex, TXN_PROOF_HEX) : 0;
			_exit(w == TXN_PROOF_HEX ? 0 : 1);
		}
	}
	char got[2][TXN_PROOF_HEX + 1] = { { 0 } };
	for (int i = 0; i < 2; i++) {
		int st;
		assert_int_equal(waitpid(kids[i], &st, 0), kids[i]);
		assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 0);
		assert_int_equal(read(p[i][0], got[i], TXN_PROOF_HEX), TXN_PROOF_HEX);
		close(p[i][0]);
		close(p[i][1]);
	}
	assert_string_equal(got[0], got[1]);
	char why[600];
	assert_true(txn_proof_check(proj, rec, strlen(rec), got[0], why, sizeof why));
}

static void put_key(const char *bytes, size_t n, mode_t mode)
{
	char dir[200];
	snprintf(dir, sizeof dir, "%s", keyp);
	*strrchr(dir, '/') = '\0';
	char up[200];
	snprintf(up, sizeof up, "%s", dir);
	*strrchr(up, '/') = '\0';
	mkdir(up, 0700);
	mkdir(dir, 0700);
	int fd = open(keyp, O_WRONLY | O_CREAT | O_TRUNC, mode);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, bytes, n), (ssize_t)n);
	fchmod(fd, mode);
	close(fd);
}

/* A key that is not what we make proves nothing and is never replaced. */
static void bad_keys_prove_nothing(void **state)
{
	(void)state;
	char hex[TXN_PROOF_HEX + 1], why[600];
	memset(hex, '0', TXN_PROOF_HEX);
	hex[TXN_PROOF_HEX] = '\0';
	const struct {
		const char *bytes;
		size_t n;
		mode_t mode;
		const char *says;
	} bad[] = {
		{ "garbage\n", 8, 0600, "not 32 bytes" },
		{ "", 0, 0600, "not 32 bytes" },
		{ "0123456789abcdef0123456789abcdef", 32, 0644, "must be 0600" },
	};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		txn_proof_forget();
		put_key(bad[i].bytes, bad[i].n, bad[i].mode);
		assert_false(txn_proof_check(proj, rec, strlen(rec), hex, why, sizeof why));
		assert_non_null(strstr(why, bad[i].says));
		/* a writer refuses too, and leaves the file for the user */
		assert_int_equal(txn_proof_mac(proj, rec, strlen(rec), true, hex, why, sizeof why), -1);
		struct stat st;
		assert_int_equal(stat(keyp, &st), 0);
		assert_int_equal(st.st_size, (off_t)bad[i].n);
		unlink(keyp);
	}
	/* a symlink where the key goes is not followed */
	txn_proof_forget();
	char target[160];
	snprintf(target, sizeof target, "%s/elsewhere", home);
	put_key("0123456789abcdef0123456789abcdef", 32, 0600);
	assert_int_equal(rename(keyp, target), 0);
	assert_int_equal(symlink(target, keyp), 0);
	assert_int_equal(txn_proof_mac(proj, rec, strlen(rec), true, hex, why, sizeof why), -1);
	/* and no state folder at all: relative or missing */
	txn_proof_forget();
	setenv("XDG_STATE_HOME", "rel/state", 1);
	char *h = getenv("HOME") ? strdup(getenv("HOME")) : NULL;
	setenv("HOME", ".", 1);
	assert_int_equal(txn_proof_mac(proj, rec, strlen(rec), true, hex, why, sizeof why), -1);
	assert_non_null(strstr(why, "no state folder"));
	assert_int_equal(access("rel", F_OK), -1);
	if (h)
		setenv("HOME", h, 1);
	free(h);
}

#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(checks_only_what_it_was_made_for),
		T(key_made_once_private),
		T(key_race_gives_one_key),
		T(bad_keys_prove_nothing),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

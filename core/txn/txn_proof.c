/* txn_proof.c — see txn_proof.h. The key is the user's, never the
 * project's: its folder is named from absolute XDG_STATE_HOME or HOME only
 * (a relative one would put it in whatever folder we run in: the project).
 * It is made once, atomically: 32 random bytes written to a temp of our
 * own (O_EXCL, 0600), synced, then link(2)ed to the name — link fails with
 * EEXIST when another liza-watch made the key meanwhile, and then theirs is
 * read: two processes starting at once agree on one key, and no reader can
 * see a half-written one. A key file that is not a regular file of ours,
 * is readable by others or is not 32 bytes is never used and never
 * replaced: it is named in the message, for the user to look at. */
#include "core/txn/txn_proof.h"
#include "core/store/store.h"
#include "core/txn/txn_journal.h"
#include "core/util/userdirs.h"
#include "platform/platform.h"   /* the key's random bytes */
#include <errno.h>
#include <fcntl.h>
#include <nettle/hmac.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

static struct {
	bool have;
	char path[4200];
	unsigned char key[TXN_PROOF_KEY_BYTES];
} cache;

void txn_proof_forget(void)
{
	memset(&cache, 0, sizeof cache);
}

/* The user's state folder (core/util/userdirs: absolute XDG_STATE_HOME or
 * HOME only), with room left for the key's and temps' names. */
static bool state_dir(char *out, size_t n)
{
	return lw_user_state_dir(out, n) && strlen(out) < n - 8;
}

bool txn_proof_key_path(char *out, size_t n)
{
	char d[4096];
	return state_dir(d, sizeof d) && (size_t)snprintf(out, n, "%s/key", d) < n;
}

/* mkdir -p, each new folder 0700. */
static int make_dirs(const char *dir)
{
	char d[4096];
	snprintf(d, sizeof d, "%s", dir);
	for (char *s = d + 1;; s++) {
		if (*s && *s != '/')
			continue;
		char c = *s;
		*s = '\0';
		if (mkdir(d, 0700) < 0 && errno != EEXIST)
			return -1;
		*s = c;
		if (!c)
			return 0;
	}
}

/* Make the key at path unless one is there: 0 (made, or made by another
 * process meanwhile), or -1 with errno. */
static int key_make(const char *dir, const char *path)
{
	if (make_dirs(dir) < 0)
		return -1;
	char tmp[4200];
	snprintf(tmp, sizeof tmp, "%s/.key.%ld.XXXXXX", dir, (long)getpid());
	/* mkostemp is not POSIX.1-2008: mkstemp, then close-on-exec at once.
	 * A child forked by another thread in that instant would inherit an
	 * empty temp, never the key (written below). */
	int fd = mkstemp(tmp);
	if (fd < 0)
		return -1;
	(void)fcntl(fd, F_SETFD, FD_CLOEXEC);
	unsigned char k[TXN_PROOF_KEY_BYTES];
	int rc = fchmod(fd, 0600) == 0 && platform_random(k, sizeof k) && write(fd, k, sizeof k) == (ssize_t)sizeof k &&
	                 fsync(fd) == 0
	             ? 0
	             : -1;
	memset(k, 0, sizeof k);
	int e = errno;
	close(fd);
	if (rc == 0 && link(tmp, path) != 0 && errno != EEXIST) {
		e = errno;
		rc = -1;
	}
	unlink(tmp);
	errno = e;
	return rc;
}

static int key_load(bool create, char *why, size_t wn)
{
	char dir[4096], path[4200];
	if (!state_dir(dir, sizeof dir)) {
		snprintf(why, wn, "no state folder for the commit key (set XDG_STATE_HOME or HOME to an absolute path)");
		return -1;
	}
	snprintf(path, sizeof path, "%s/key", dir);
	if (cache.have && strcmp(cache.path, path) == 0)
		return 0;
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0 && errno == ENOENT && create) {
		if (key_make(dir, path) < 0) {
			snprintf(why, wn, "cannot make the commit key %s: %s", path, strerror(errno));
			return -1;
		}
		fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	}
	if (fd < 0) {
		snprintf(why, wn, errno == ENOENT ? "no commit key %s (this user's liza-watch never wrote a record)"
		                                  : "cannot read the commit key %s: %s",
		         path, strerror(errno));
		return -1;
	}
	struct stat st;
	const char *bad = NULL;
	if (fstat(fd, &st) != 0)
		bad = strerror(errno);
	else if (!S_ISREG(st.st_mode))
		bad = "not a regular file";
	else if (st.st_uid != geteuid())
		bad = "owned by another user";
	else if (st.st_mode & 077)
		bad = "readable or writable by others (must be 0600)";
	else if (st.st_size != TXN_PROOF_KEY_BYTES)
		bad = "not 32 bytes";
	unsigned char k[TXN_PROOF_KEY_BYTES];
	if (!bad && read(fd, k, sizeof k) != (ssize_t)sizeof k)
		bad = "cannot be read whole";
	close(fd);
	if (bad) {
		snprintf(why, wn, "the commit key %s is unusable: %s; left as it is", path, bad);
		return -1;
	}
	memcpy(cache.key, k, sizeof k);
	memset(k, 0, sizeof k);
	snprintf(cache.path, sizeof cache.path, "%s", path);
	cache.have = true;
	return 0;
}

static int mac_id(const char *id, size_t n, const char *buf, size_t len, bool create, uint8_t *d, char *why,
                  size_t wn);

/* The project's identity: its canonical folder and that folder's inode, so
 * a record copied into another project (or into a folder recreated under
 * the same name) proves nothing there. */
static int mac_raw(const char *base, const char *buf, size_t len, bool create, uint8_t *d, char *why, size_t wn)
{
	struct stat st;
	if (stat(base, &st) != 0) {
		snprintf(why, wn, "cannot stat the project folder %s: %s", base, strerror(errno));
		return -1;
	}
	char id[4200];
	int n = snprintf(id, sizeof id, "liza-watch-tx proof%c%s%c%llu:%llu%c", 0, base, 0, (unsigned long long)st.st_dev,
	                 (unsigned long long)st.st_ino, 0);
	return mac_id(id, (size_t)n, buf, len, create, d, why, wn);
}

static int mac_id(const char *id, size_t n, const char *buf, size_t len, bool create, uint8_t *d, char *why, size_t wn)
{
	if (key_load(create, why, wn) < 0)
		return -1;
	struct hmac_sha256_ctx c;
	hmac_sha256_set_key(&c, sizeof cache.key, cache.key);
	hmac_sha256_update(&c, n, (const uint8_t *)id);
	hmac_sha256_update(&c, len, (const uint8_t *)buf);
	hmac_sha256_digest(&c, SHA256_DIGEST_SIZE, d);
	return 0;
}

int txn_proof_mac(const char *base, const char *buf, size_t len, bool create, char *hex, char *why, size_t wn)
{
	uint8_t d[SHA256_DIGEST_SIZE];
	if (mac_raw(base, buf, len, create, d, why, wn) < 0)
		return -1;
	for (size_t i = 0; i < sizeof d; i++)
		snprintf(hex + 2 * i, 3, "%02x", d[i]);
	return 0;
}

bool txn_proof_check(const char *base, const char *buf, size_t len, const char *hex, char *why, size_t wn)
{
	char want[TXN_PROOF_HEX + 1];
	if (txn_proof_mac(base, buf, len, false, want, why, wn) < 0)
		return false;
	/* Every byte compared, whatever the first difference. */
	unsigned diff = strlen(hex) != TXN_PROOF_HEX;
	for (size_t i = 0; i < TXN_PROOF_HEX && hex[i]; i++)
		diff |= (unsigned)(want[i] ^ hex[i]);
	if (diff)
		snprintf(why, wn, "its proof does not match (altered, another project's, or not written by this "
		                  "user's liza-watch)");
	return !diff;
}

/* A temp's proof (store.h, store_temp_proof): a nonce and the MAC of the
 * temp's name before it, its folder's device and inode, and that nonce.
 * The folder, not a path: the sweep and the writer may spell it apart. */
static bool temp_mac(unsigned long long dev, unsigned long long ino, const char *name, const char *nonce, bool create,
                     char *mac)
{
	char id[96], why[200];
	int n = snprintf(id, sizeof id, "liza-watch temp%c%llu:%llu%c%s%c", 0, dev, ino, 0, nonce, 0);
	uint8_t d[SHA256_DIGEST_SIZE];
	if (mac_id(id, (size_t)n, name, strlen(name), create, d, why, sizeof why) < 0)
		return false;
	for (size_t i = 0; i < TXN_TEMP_MAC_HEX / 2; i++)
		snprintf(mac + 2 * i, 3, "%02x", d[i]);
	return true;
}

static bool temp_make(unsigned long long dev, unsigned long long ino, const char *name, char *tag, size_t n)
{
	unsigned char r[TXN_TEMP_NONCE_HEX / 2];
	char nonce[TXN_TEMP_NONCE_HEX + 1], mac[TXN_TEMP_MAC_HEX + 1];
	if (n < sizeof nonce + TXN_TEMP_MAC_HEX || !platform_random(r, sizeof r))
		return false;
	for (size_t i = 0; i < sizeof r; i++)
		snprintf(nonce + 2 * i, 3, "%02x", r[i]);
	if (!temp_mac(dev, ino, name, nonce, true, mac))
		return false;
	snprintf(tag, n, "%s%s", nonce, mac);
	return true;
}

static bool temp_check(unsigned long long dev, unsigned long long ino, const char *name, const char *tag)
{
	char nonce[TXN_TEMP_NONCE_HEX + 1], mac[TXN_TEMP_MAC_HEX + 1];
	if (strlen(tag) != TXN_TEMP_NONCE_HEX + TXN_TEMP_MAC_HEX)
		return false;
	memcpy(nonce, tag, TXN_TEMP_NONCE_HEX);
	nonce[TXN_TEMP_NONCE_HEX] = '\0';
	if (!temp_mac(dev, ino, name, nonce, false, mac))
		return false;   /* no key: nothing of ours was made without one */
	unsigned diff = 0;
	for (size_t i = 0; i < TXN_TEMP_MAC_HEX; i++)
		diff |= (unsigned)(mac[i] ^ tag[TXN_TEMP_NONCE_HEX + i]);
	return !diff;
}

void txn_proof_temps(void)
{
	static const store_temp_proof p = { .make = temp_make, .check = temp_check };
	store_temp_prover(&p);
	store_temp_keep(TXN_JOURNAL_PREFIX);   /* records: recovered (txn_recover.c), never swept */
}

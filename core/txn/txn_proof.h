/* txn_proof.h — proof that a commit record was written by this user's
 * liza-watch for this project (internal to core/txn).
 *
 * A record is a file in the project, and anyone who can write there can
 * plant one: recovery acts only on a record whose last line is an
 * HMAC-SHA256 (Nettle) over its whole content and the project's identity
 * (the canonical folder its names start from, and that folder's device
 * and inode), keyed by a secret only this user can read:
 * $XDG_STATE_HOME/liza-watch/key (else ~/.local/state/liza-watch/key;
 * relative values are ignored, as the XDG spec says), 32 random bytes,
 * made 0600 in a 0700 folder on the first commit that needs it. */
#ifndef LW_TXN_PROOF_H
#define LW_TXN_PROOF_H
#include <stdbool.h>
#include <stddef.h>

#define TXN_PROOF_HEX 64          /* hex digits of the MAC */
#define TXN_PROOF_KEY_BYTES 32

/* The MAC of buf[0..len) for the project folder base (canonical), as hex
 * into hex (TXN_PROOF_HEX + 1). create: make the key when there is none
 * (a writer); a reader never does. 0, or -1 with why (no state folder, the
 * key file unreadable, not ours, not 0600, not 32 bytes). */
int  txn_proof_mac(const char *base, const char *buf, size_t len, bool create, char *hex, char *why, size_t wn);
/* True when hex is the MAC of buf for base; else why says what is wrong
 * (no key, another project's or altered record). */
bool txn_proof_check(const char *base, const char *buf, size_t len, const char *hex, char *why, size_t wn);
/* The key file's path into out: false when no state folder can be named. */
bool txn_proof_key_path(char *out, size_t n);
/* Temps prove they are ours too: a 16-hex nonce and 24 hex of an HMAC
 * under the same key in their name (store.h, store_temp_proof). Registers
 * that proof, and the records' name as one the sweep leaves alone, with
 * the store; called before any temp is made or swept. */
#define TXN_TEMP_NONCE_HEX 16
#define TXN_TEMP_MAC_HEX 24
void txn_proof_temps(void);
/* Forget the key read (tests change the state folder between cases). */
void txn_proof_forget(void);

#endif

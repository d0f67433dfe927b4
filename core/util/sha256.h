/* sha256.h — SHA-256 (FIPS 180-4) through Nettle, for digests another
 * program computes and compares (today's Liza names lifecycle transitions
 * and request payloads by their SHA-256); not for anything secret. */
#ifndef LW_SHA256_H
#define LW_SHA256_H
#include <stddef.h>
#include <stdint.h>
#include <nettle/sha2.h>

typedef struct lw_sha256 {
	struct sha256_ctx ctx;
} lw_sha256;

void lw_sha256_init(lw_sha256 *s);
void lw_sha256_update(lw_sha256 *s, const void *data, size_t n);
/* 64 lowercase hex digits and a NUL into out[65]. */
char *lw_sha256_hex(lw_sha256 *s, char out[65]);
/* One call: the digest of n bytes, as hex. */
char *lw_sha256_hex_of(const void *data, size_t n, char out[65]);

#endif

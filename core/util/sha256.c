/* sha256.c — see sha256.h: a thin face on Nettle's SHA-256, so the callers
 * keep one small API and hex output. */
#include "core/util/sha256.h"
#include <stdio.h>

void lw_sha256_init(lw_sha256 *s) { sha256_init(&s->ctx); }

void lw_sha256_update(lw_sha256 *s, const void *data, size_t n) { sha256_update(&s->ctx, n, data); }

char *lw_sha256_hex(lw_sha256 *s, char out[65])
{
	uint8_t d[SHA256_DIGEST_SIZE];
	sha256_digest(&s->ctx, sizeof d, d);
	for (size_t i = 0; i < sizeof d; i++)
		snprintf(out + 2 * i, 3, "%02x", d[i]);
	return out;
}

char *lw_sha256_hex_of(const void *data, size_t n, char out[65])
{
	lw_sha256 s;
	lw_sha256_init(&s);
	lw_sha256_update(&s, data, n);
	return lw_sha256_hex(&s, out);
}

/* hash.h — a fast 128-bit fingerprint of bytes, to tell "the same contents"
 * without keeping them (the status cache). Not cryptographic: it guards
 * against accidents, not against someone who writes the state files (they
 * decide what the status line says anyway). */
#ifndef LW_HASH_H
#define LW_HASH_H
#include <stddef.h>
#include <stdint.h>

typedef struct lw_hash128 {
	uint64_t lo, hi;
} lw_hash128;

lw_hash128 lw_hash_bytes(const void *data, size_t n);
/* 32 lowercase hex digits and a NUL into out[33]. */
char *lw_hash_hex(lw_hash128 h, char out[33]);

#endif

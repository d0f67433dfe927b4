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
/* The same fingerprint over bytes that come in pieces (a file read in
 * chunks): n, the total length, must be known at the start, and the
 * result equals lw_hash_bytes over the whole only when that many bytes
 * were fed. */
typedef struct lw_hash_stream {
	uint64_t a, b;
	unsigned char carry[16];
	size_t carry_n;
} lw_hash_stream;
void lw_hash_stream_init(lw_hash_stream *s, size_t n);
void lw_hash_stream_feed(lw_hash_stream *s, const void *data, size_t len);
lw_hash128 lw_hash_stream_end(lw_hash_stream *s);

/* 32 lowercase hex digits and a NUL into out[33]. */
char *lw_hash_hex(lw_hash128 h, char out[33]);

#endif

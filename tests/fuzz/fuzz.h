/* fuzz.h — what every libFuzzer target shares: the entry points (declared so
 * -Wmissing-prototypes holds) and an assertion that survives -O and NDEBUG.
 * A broken property aborts, so libFuzzer keeps the input as a crash. */
#ifndef LW_FUZZ_H
#define LW_FUZZ_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

#define FUZZ_CHECK(cond, ...)                                                     \
	do {                                                                          \
		if (!(cond)) {                                                            \
			fprintf(stderr, "%s:%d: property failed: %s: ", __FILE__, __LINE__, #cond); \
			fprintf(stderr, __VA_ARGS__);                                         \
			fputc('\n', stderr);                                                  \
			abort();                                                              \
		}                                                                         \
	} while (0)

/* Reads fields off the front of a fuzz input; past the end it yields zeros
 * and empty strings, so a short input is still a whole program. */
typedef struct fuzz_in {
	const uint8_t *p;
	size_t n;
} fuzz_in;

static inline unsigned fuzz_byte(fuzz_in *in)
{
	if (!in->n)
		return 0;
	in->n--;
	return *in->p++;
}

static inline unsigned fuzz_u16(fuzz_in *in)
{
	unsigned hi = fuzz_byte(in);
	return hi << 8 | fuzz_byte(in);
}

/* A length byte, then that many bytes (fewer at the end of the input). */
static inline const char *fuzz_bytes(fuzz_in *in, size_t *len)
{
	size_t l = fuzz_byte(in);
	if (l > in->n)
		l = in->n;
	const char *s = (const char *)in->p;
	in->p += l;
	in->n -= l;
	*len = l;
	return s;
}

#endif

/* strfind.h — substring searches the C library has only as extensions
 * (memmem, strcasestr: in glibc, the BSDs and macOS, in no POSIX), so the
 * program builds against POSIX.1-2008 alone (`make strict-posix`). */
#ifndef LW_STRFIND_H
#define LW_STRFIND_H
#include <stddef.h>

/* The first occurrence of needle (nlen bytes) in hay (hlen bytes), or NULL.
 * An empty needle is found at hay. */
const char *lw_memmem(const char *hay, size_t hlen, const char *needle, size_t nlen);

/* The first occurrence of needle in hay, ASCII letters compared without
 * case (as strcasestr in the C locale), or NULL. */
const char *lw_strcasestr(const char *hay, const char *needle);

#endif

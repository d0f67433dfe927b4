/* keyname.h — key names as the help screen shows them and a config's bind
 * lines write them: "k", "G", "C-l", "Up", "PgDn", "Enter", "F5". */
#ifndef LW_KEYNAME_H
#define LW_KEYNAME_H
#include <stddef.h>

/* The key codes a name stands for (Enter is \n, \r and KEY_ENTER; most
 * names are one code). Returns how many were written to codes, or -1 when
 * the name is not a key. Named keys are case-insensitive ("pgdn"); a single
 * character is itself ("J" is not "j"). */
int keyname_parse(const char *name, int *codes, int max);
/* The name of one key code ("Enter" for \r too). */
const char *keyname_of(int code, char *buf, size_t n);

#endif

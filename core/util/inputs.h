/* inputs.h — a record of what one run read from outside the process: file
 * contents, stat results, folder listings, environment variables.
 *
 * `status` keeps the record next to its output (cli/status_cache.c): a later
 * run reuses the output while every recorded input still reads the same.
 * Since a run is a function of its inputs, and the record is made where the
 * program looks (fileio.c, dirlist.c, lw_getenv), re-observing each input in
 * order and finding the same answers proves the run would repeat itself.
 * tests/e2e/status_cache.sh holds the record against strace, so a new way of
 * looking at the disk that bypasses these primitives fails a test.
 *
 * Recording is off unless started: the HUD and the other commands pay
 * nothing. The recorder is process-wide, like the clock: the primitives sit
 * under every loader and threading a recorder through all of them would
 * change every signature for one command's sake. */
#ifndef LW_INPUTS_H
#define LW_INPUTS_H
#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h>
#include "core/util/strbuf.h"

void lw_inputs_start(void);
/* Stop recording and forget the record. */
void lw_inputs_stop(void);
bool lw_inputs_active(void);
/* The run met something a record cannot describe (a read error, a warning
 * on stderr): its result must not be reused. */
void lw_inputs_taint(void);
bool lw_inputs_tainted(void);

/* How much of a stat result the caller looks at. */
enum { LW_STAT_TYPE = 0, LW_STAT_FULL = 1, LW_STAT_NOFOLLOW = 2 };

/* Observations, made by the primitives. rc/err: what the call returned. */
void lw_input_read(const char *path, int read_rc, const char *buf, size_t len);
void lw_input_tail(const char *path, size_t cap, bool ok, bool partial, const char *buf, size_t len);
void lw_input_stat(const char *path, int how, int rc, int err, const struct stat *st);
/* real: what realpath() made of path (NULL, with err, when it failed). */
void lw_input_real(const char *path, int err, const char *real);
/* names: every entry but "." and "..", in readdir order, each NUL-ended. */
void lw_input_dir(const char *path, bool ok, int err, const char *names, size_t len);

/* getenv(), recorded. Every getenv of core/ and cli/ goes through here. */
const char *lw_getenv(const char *name);
/* A whole number from the environment, recorded: dflt when unset, empty,
 * not a number or outside [min, max] (a typo never sets a wild limit). */
long lw_getenv_long(const char *name, long min, long max, long dflt);

/* The record as text, one line per input ("in KIND PATH RESULT"). */
void lw_inputs_write(strbuf *out);
/* Does one line written by lw_inputs_write (without "in " and the newline)
 * still hold? Observes the input again. */
bool lw_input_holds(const char *line);

/* %XX for bytes that would break a space-separated line. */
void lw_input_encode(strbuf *out, const char *s, size_t n);
/* In place; -1 when s is not a valid encoding. */
int lw_input_decode(char *s);

#endif

/* report_props.h — what every output of the status formatter must be, for
 * any project whatever its files hold:
 *  - plain lines and alert lines: no control bytes (C0, DEL, C1), no bidi
 *    or other format controls, valid UTF-8;
 *  - tmux lines: the same, and every '#' doubled except in the formatter's
 *    own #[style] tokens (so no #(command) and no style from a state file);
 *  - JSON (`status --json`, `check --json`): parses back through doc_parse,
 *    with one entry per source and alert, and every string reads back as
 *    the original text (invalid UTF-8 as U+FFFD).
 * Aborts, through FUZZ_CHECK, on the first violation. */
#ifndef LW_REPORT_PROPS_H
#define LW_REPORT_PROPS_H
#include <stdbool.h>
#include <stddef.h>
#include "cli/report.h"

/* fmt: a status template (NULL for the default line); it must hold no '#'
 * and no control bytes of its own (it is the operator's text, copied). */
void fuzz_report_props(const lw_project *p, const lw_alerts *al, const char *fmt);

/* The single checks, for targets that produce text by other means. */
void fuzz_check_inert(const char *what, const char *s, size_t len, bool tmux);
/* text (len bytes, NULs allowed) as a JSON string must decode to decoded. */
void fuzz_check_json_string(const char *what, const char *text, size_t len, const char *decoded,
                            size_t decoded_len);

#endif

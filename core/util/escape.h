/* escape.h — every string that came from a state file passes through one of
 * these before it reaches a terminal, tmux or a JSON consumer. A state file
 * is written by agents; it must never be able to move our cursor, retitle the
 * terminal, reorder text (bidi overrides) or run a tmux #() command. */
#ifndef LW_ESCAPE_H
#define LW_ESCAPE_H
#include <stdbool.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include "core/util/strbuf.h"

/* One line for a terminal: C0 controls and DEL as caret notation (^[),
 * tab, newlines and U+2028/U+2029 as a space, C1 controls, bidi controls,
 * zero-width characters (U+200B-U+200F, U+2060, U+FEFF), the
 * noncharacters U+FFFE/U+FFFF and invalid UTF-8 as '?'. With utf8 false (a non-UTF-8 locale) every non-ASCII character
 * becomes '?' too. */
void esc_term(strbuf *out, const char *s, size_t len, bool utf8);
/* esc_term, then '#' doubled so tmux prints it literally. */
void esc_tmux(strbuf *out, const char *s, size_t len);
/* A JSON string literal, quotes included; invalid UTF-8 becomes U+FFFD.
 * Controls, format controls, U+2028/U+2029 and U+FFFE/U+FFFF are written
 * as \uXXXX, so any JSON or YAML reader gets the text back exactly. */
void esc_json(strbuf *out, const char *s, size_t len);
void esc_json_str(strbuf *out, const char *s);   /* NULL -> null */

/* A Prometheus/OpenMetrics label value, quotes included: backslash, double
 * quote and newline escaped as the text format asks; other controls, format
 * controls and invalid UTF-8 become U+FFFD, so the exposition always parses. */
void esc_prom_label(strbuf *out, const char *s);
/* The choke point of messages: format, escape the whole line with esc_term
 * (what came from a state file is in it), write it and a newline to f. Every
 * CLI message that may carry a state file's text goes through here. */
void esc_print(FILE *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void esc_vprint(FILE *f, const char *fmt, va_list ap) __attribute__((format(printf, 2, 0)));

/* Text for an HTML page, element content or a quoted attribute value:
 * & < > " ' as character references, so nothing becomes markup; C0
 * controls and DEL in caret notation (^[, visible, as the terminal shows
 * them), newline and tab kept; C1 controls, bidi and zero-width controls,
 * U+2028/U+2029, U+FFFE/U+FFFF and invalid UTF-8 as U+FFFD. */
void esc_html(strbuf *out, const char *s, size_t len);
void esc_html_str(strbuf *out, const char *s);   /* NULL -> nothing */
/* A relative link inside a project for an href: true and the path
 * percent-encoded (only [A-Za-z0-9-._~/] kept) when path is relative, has
 * no scheme, no "..", no backslash, no control and no empty component;
 * false (nothing written) otherwise. So no project string becomes a URL
 * scheme (javascript:) or leaves the project's folder. */
bool esc_html_path(strbuf *out, const char *path);

/* Length of the valid UTF-8 sequence at s (1..4), or 0 when invalid;
 * *cp receives the code point. */
size_t esc_utf8_decode(const unsigned char *s, size_t len, unsigned *cp);

#endif

/* clip.h — text to tmux's paste buffer (clip.c), for the copy keys. */
#ifndef LW_CLIP_H
#define LW_CLIP_H
#include <stdbool.h>

/* Inside tmux ($TMUX): `tmux load-buffer -w -` takes text on its input, as
 * a paste buffer and (-w, tmux 3.2+) on to the outer terminal's clipboard,
 * whatever set-clipboard says of applications' OSC 52 (its default,
 * "external", drops them). true when tmux took it; false outside tmux or
 * when tmux failed (then only OSC 52 is left, and may not arrive). */
bool clip_tmux(const char *text);

#endif

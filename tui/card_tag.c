/* card_tag.c — the tag at the head of a card's second line, which tells
 * task-1 of one project or system from task-1 of another. It yields to the
 * title: the form is chosen once per board from the card width, the same
 * for every card so a column reads evenly — "alpha/foreman", then the
 * project cut to the first letters that tell the projects apart
 * ("a/foreman"), then the system too ("a/f"), then none. The header names
 * every project and system in full. */
#include "tui/card_tag.h"
#include <stdio.h>
#include <string.h>

/* Bytes of name's shortest prefix (whole characters) that no other of the
 * n names shares; the whole name when one is a prefix of it. */
static size_t uniq_prefix(const char *name, const char *const *all, size_t n)
{
	size_t len = strlen(name), k = 0;
	while (k < len) {
		k++;
		while (k < len && ((unsigned char)name[k] & 0xC0) == 0x80)
			k++;
		bool shared = false;
		for (size_t i = 0; i < n && !shared; i++)
			shared = strcmp(all[i], name) != 0 && strncmp(all[i], name, k) == 0;
		if (!shared)
			return k;
	}
	return len;
}

/* The distinct system names shown, in order. */
static size_t systems_shown(const hud *h, const char **out, size_t max)
{
	size_t n = 0;
	for (size_t i = 0, ns = hud_nsources(h); i < ns; i++) {
		const char *name = hud_source(h, i, NULL)->adapter->name;
		bool seen = false;
		for (size_t j = 0; j < n && !seen; j++)
			seen = strcmp(out[j], name) == 0;
		if (!seen && n < max)
			out[n++] = name;
	}
	return n;
}

static void form_tag(const hud *h, const card_tag_plan *p, size_t member, const char *system, char *buf, size_t n)
{
	const char *label = p->projects ? hud_project_label(h, member) : NULL;
	const char *sys[16];
	size_t nsys = systems_shown(h, sys, 16);
	size_t sl = strlen(system), ll = label ? strlen(label) : 0;
	if (p->form >= CARD_TAG_SHORT_SYSTEM)
		sl = uniq_prefix(system, sys, nsys);
	if (label && p->form >= CARD_TAG_SHORT_PROJECT) {
		const char *labels[64];
		size_t nl = 0;
		for (size_t m = 0; m < h->fleet->n && nl < 64; m++)
			labels[nl++] = h->fleet->v[m].label;
		ll = uniq_prefix(label, labels, nl);
	}
	if (!p->systems)
		sl = 0;
	snprintf(buf, n, "%.*s%s%.*s", (int)ll, label ? label : "", label && sl ? "/" : "", (int)sl, system);
}

void card_tag_plan_make(const hud *h, int w, card_tag_plan *p)
{
	memset(p, 0, sizeof p[0]);
	const char *sys[16];
	p->projects = h->only < 0 && h->fleet->n > 1;
	p->systems = systems_shown(h, sys, 16) > 1 || p->projects;
	if (!p->projects && !p->systems) {
		p->form = CARD_TAG_NONE;
		return;
	}
	/* The title keeps at least three fifths of the card, and 4 columns. */
	int budget = (w + 1) * 2 / 5;
	for (p->form = CARD_TAG_FULL; p->form < CARD_TAG_NONE; p->form++) {
		if (p->form == CARD_TAG_SHORT_PROJECT && !p->projects)
			continue;
		/* A tag is a project and a system: the sources shown give every one
		 * (a board of 10,000 cards has a handful). */
		int widest = 0;
		for (size_t i = 0, ns = hud_nsources(h); i < ns; i++) {
			char b[160];
			size_t member = 0;
			const lw_source *src = hud_source(h, i, &member);
			form_tag(h, p, member, src->adapter->name, b, sizeof b);
			int tw = text_width(h, b);
			widest = tw > widest ? tw : widest;
		}
		if (widest <= budget && w - 2 - widest >= 4)
			return;
	}
}

int card_tag(const hud *h, const card_tag_plan *p, const hud_item *it, char *buf, size_t n)
{
	buf[0] = '\0';
	if (p->form == CARD_TAG_NONE || !it->task->system)
		return 0;
	form_tag(h, p, it->member, it->task->system, buf, n);
	return (int)strlen(buf);
}

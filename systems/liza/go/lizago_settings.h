/* lizago_settings.h — the liza.* settings today's Liza honours (lizago_settings.c). */
#ifndef LW_LIZAGO_SETTINGS_H
#define LW_LIZAGO_SETTINGS_H
#include "systems/liza/go/lizago_rule.h"

/* The liza.* settings today's Liza honours (lizago_settings.c): the user's
 * value, else Go's constant; and a WARN setting_ignored for each setting set
 * that only the shell era reads. */
long long lizago_setting_lease_grace(const lizago_check_ctx *c);
long long lizago_setting_verdict_grace(const lizago_check_ctx *c);
long long lizago_setting_stale_draft(const lizago_check_ctx *c);
long long lizago_setting_stalled(const lizago_check_ctx *c);
void lizago_settings(lizago_check_ctx *c);

#endif

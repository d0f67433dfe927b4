/* rcs_tx.h — what rcs_tx.c, rcs_activate.c and rcs_clear.c share. */
#ifndef LW_RCS_TX_H
#define LW_RCS_TX_H
#include "systems/rcs/rcs.h"

/* Load the state folder afresh (what is on disk now); NULL with res set. */
lw_snapshot *rcs_tx_load(const char *base, tx_result *res);
/* <base>/sessions/<sid>, or <base> when sid is NULL. */
const char *rcs_tx_scope(arena *a, const rcs_state *st, const char *sid);
/* A store result: I/O failures become TX_IO in res; other codes pass. */
int rcs_tx_store_rc(int rc, const lw_error *err, tx_result *res);
/* transition rcs:MODE activate; mode is canonical. */
int rcs_activate(const lw_source *src, const tx_request *rq, tx_result *res, const char *mode);
/* transition rcs:MODE clear [--all-sessions]; mode is canonical. */
int rcs_clear(const lw_source *src, const tx_request *rq, tx_result *res, const char *mode);

#endif

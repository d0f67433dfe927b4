/* cmd_stubs.c — commands whose front ends have not landed yet. */
#include "cli/cli.h"

int cmd_approve(const lw_opts *o, int argc, char **argv) { (void)o; (void)argc; (void)argv; cli_error("approve: not built yet"); return EXIT_USAGE; }
int cmd_reject(const lw_opts *o, int argc, char **argv) { (void)o; (void)argc; (void)argv; cli_error("reject: not built yet"); return EXIT_USAGE; }
int cmd_transition(const lw_opts *o, int argc, char **argv) { (void)o; (void)argc; (void)argv; cli_error("transition: not built yet"); return EXIT_USAGE; }
int cmd_demo(const lw_opts *o, int argc, char **argv) { (void)o; (void)argc; (void)argv; cli_error("demo: not built yet"); return EXIT_USAGE; }

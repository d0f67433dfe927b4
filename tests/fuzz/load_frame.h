/* load_frame.h — a fuzz input as a small project on disk, for the loader
 * targets (one per state system).
 *
 * The input is the system's main state file, optionally followed by more
 * files, each after a marker line (paths are relative to the system's
 * folder; ".." and absolute paths are ignored):
 *
 *     <main file bytes>
 *     %%file log.yaml
 *     <bytes>
 *     %%dir sessions/s1
 *     %%link PAUSE -> state.yaml
 *     %%append log.yaml
 *     <bytes appended after the first load; then every source reloads>
 *
 * The project lives in one temp folder made once per process and emptied
 * before every input. Each input is detected, loaded and checked as the
 * HUD does (lw_project_*), and the status formatter's properties are
 * checked on the result (report_props.h). */
#ifndef LW_LOAD_FRAME_H
#define LW_LOAD_FRAME_H
#include <stddef.h>
#include <stdint.h>

typedef struct fuzz_system {
	const char *name;       /* adapter short name: "liza" */
	const char *root;       /* its folder inside the project: ".liza" */
	const char *main_file;  /* the main state file inside root: "state.yaml" */
} fuzz_system;

int fuzz_load_one(const fuzz_system *sys, const uint8_t *data, size_t size);

#endif

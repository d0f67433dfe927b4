/* fuzz_archive.c — the terminal-archive envelope of today's Liza
 * (lizago_archive_envelope) on arbitrary bytes, for a task id taken from
 * the input's first byte. Beyond "no crash, no leak": what it accepts is
 * an object whose task_id is that id and whose value_yaml is non-empty and
 * is what it returns; what it refuses it says why (the reason the one
 * CRIT of an archived task names). */
#include <string.h>
#include <stdlib.h>
#include "systems/liza/go/lizago_archive.h"
#include "tests/fuzz/fuzz.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *id = size && (data[0] & 1) ? "t-2" : "t-1";
	const char *bytes = size ? (const char *)data + 1 : "";
	size_t len = size ? size - 1 : 0;
	arena a;
	arena_init(&a);
	const char *reason = NULL;
	char *yaml = lizago_archive_envelope(&a, bytes, len, id, &reason);
	if (yaml) {
		FUZZ_CHECK(*yaml, "an accepted envelope with an empty value_yaml");
		FUZZ_CHECK(!reason, "accepted and refused at once: %s", reason);
		free(yaml);
	} else {
		FUZZ_CHECK(reason && *reason, "a refusal that says nothing");
	}
	arena_free(&a);
	return 0;
}

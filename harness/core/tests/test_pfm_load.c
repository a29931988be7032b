/* test_pfm_load.c - where libpfm4 cannot be loaded, every call says so
 * instead of failing silently: pfm_load.c built against a library name
 * that does not exist.  (The loaded path is tested by test_counters.) */
#define PFM_LOAD_SONAME "libspbench-no-such-library.so.0"
#include "pfm_load.c"

#include <string.h>

#include "tap.h"

int main(void)
{
	const char *why;

	TAP_CHECK(pfm_load_initialize() == PFM_ERR_NOINIT,
		  "initialize: PFM_ERR_NOINIT");
	TAP_CHECK(pfm_load_encode("cycles", PFM_PLM3, PFM_OS_PERF_EVENT_EXT,
				  NULL) == PFM_ERR_NOINIT,
		  "encode: PFM_ERR_NOINIT");
	why = pfm_load_strerror(PFM_ERR_NOINIT);
	TAP_CHECK(!strncmp(why, "libpfm4 not loaded: ", 20) &&
		  strstr(why, "libspbench-no-such-library.so.0"),
		  "the reason names the library: %s", why);
	pfm_load_terminate();
	TAP_CHECK(pfm_load_initialize() == PFM_ERR_NOINIT,
		  "a second try does not load it either");
	return tap_done();
}

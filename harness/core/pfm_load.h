/* pfm_load.h - libpfm4, loaded with dlopen on first use: its relocations cost
 * a few milliseconds at every start, and most runs (generic events only, or
 * a CPU without a page-walk event) never call it. */
#ifndef SP_PFM_LOAD_H
#define SP_PFM_LOAD_H

#include <perfmon/pfmlib_perf_event.h>

/* PFM_ERR_NOINIT when the library cannot be loaded; why says so. */
pfm_err_t pfm_load_initialize(void);
/* pfm_terminate(), then unloads the library, so that the next call loads and
 * initializes it from scratch: no PMU and no LIBPFM_* setting of the last
 * initialization survives. */
void pfm_load_terminate(void);
int pfm_load_encode(const char *str, int dfl_plm, pfm_os_t os, void *arg);
const char *pfm_load_strerror(int code);

#endif

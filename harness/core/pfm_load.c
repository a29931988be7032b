/* pfm_load.c - the few libpfm4 calls spstat makes, resolved from libpfm.so.4
 * at the first one (see pfm_load.h). */
#include "pfm_load.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#ifndef PFM_LOAD_SONAME
#define PFM_LOAD_SONAME "libpfm.so.4"
#endif

static struct {
	int tried;
	void *handle;
	pfm_err_t (*initialize)(void);
	void (*terminate)(void);
	pfm_err_t (*encode)(const char *, int, pfm_os_t, void *);
	const char *(*strerror)(int);
	char why[192];
} lib;

static int load(void)
{
	void *h;

	if (lib.tried)
		return lib.encode ? 0 : -1;
	lib.tried = 1;
	h = dlopen(PFM_LOAD_SONAME, RTLD_NOW | RTLD_LOCAL);
	if (!h) {
		snprintf(lib.why, sizeof(lib.why), "libpfm4 not loaded: %s", dlerror());
		return -1;
	}
	*(void **)&lib.initialize = dlsym(h, "pfm_initialize");
	*(void **)&lib.terminate = dlsym(h, "pfm_terminate");
	*(void **)&lib.strerror = dlsym(h, "pfm_strerror");
	*(void **)&lib.encode = dlsym(h, "pfm_get_os_event_encoding");
	if (!lib.initialize || !lib.terminate || !lib.strerror || !lib.encode) {
		snprintf(lib.why, sizeof(lib.why),
			 "libpfm4 not loaded: " PFM_LOAD_SONAME
			 " lacks a symbol spstat calls");
		lib.encode = NULL;
		dlclose(h);
		return -1;
	}
	lib.handle = h;
	return 0;
}

pfm_err_t pfm_load_initialize(void)
{
	return load() == 0 ? lib.initialize() : PFM_ERR_NOINIT;
}

/* libpfm4's pfm_terminate() leaves every PMU it activated marked active (it
 * never clears PFMLIB_PMU_FL_ACTIVE, and a forced pfm_initialize() activates
 * the forced PMU without clearing the others), so only unloading it gives the
 * next pfm_initialize() a clean library.  Where it could not be loaded, the
 * reason stays and it is not tried again. */
void pfm_load_terminate(void)
{
	if (!lib.handle)
		return;
	lib.terminate();
	dlclose(lib.handle);
	memset(&lib, 0, sizeof(lib));
}

int pfm_load_encode(const char *str, int dfl_plm, pfm_os_t os, void *arg)
{
	return load() == 0 ? lib.encode(str, dfl_plm, os, arg) : PFM_ERR_NOINIT;
}

const char *pfm_load_strerror(int code)
{
	if (load() != 0)
		return lib.why;
	return lib.strerror(code);
}

/*
 * host_env.c - env.h for the native unit tests: the C library's memory,
 * fatal errors as a failed test, and stack extents a test sets itself.
 */
#include <stdio.h>
#include <stdlib.h>

#include "env.h"
#include "host_env.h"

struct host_extent host_extent;

void *ts_alloc(size_t n)
{
	void *p = calloc(1, n ? n : 1);

	if (!p)
		ts_fatal("out of memory");
	return p;
}

void ts_free(void *p)
{
	free(p);
}

void ts_fatal(const char *msg)
{
	printf("not ok - fatal: %s\n", msg);
	exit(1);
}

int ts_extent(uint64_t addr, uint64_t *start, uint64_t *end, int *dir)
{
	if (!host_extent.end || addr < host_extent.start ||
	    addr >= host_extent.end)
		return 0;
	*start = host_extent.start;
	*end = host_extent.end;
	*dir = host_extent.dir;
	return 1;
}

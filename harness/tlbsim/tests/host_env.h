/* host_env.h - the mapping the unit tests' ts_extent() reports. */
#ifndef TS_HOST_ENV_H
#define TS_HOST_ENV_H

#include <stdint.h>

struct host_extent {
	uint64_t start, end;
	int dir;
};

extern struct host_extent host_extent;

#endif

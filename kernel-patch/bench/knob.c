// SPDX-License-Identifier: GPL-2.0
/*
 * knob.c - reads and writes the sysfs knobs the guest benchmarks set
 * (knob.h), one copy for resv_bench and resv_adversary.
 */
#include "knob.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int knob_write(const char *path, const char *value)
{
	int fd = open(path, O_WRONLY);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = write(fd, value, strlen(value));
	close(fd);
	return n < 0 ? -1 : 0;
}

int knob_read(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");
	char *l, *r;

	if (!f)
		return -1;
	if (!fgets(buf, len, f)) {
		fclose(f);
		errno = errno ? errno : EIO;
		return -1;
	}
	fclose(f);
	buf[strcspn(buf, "\n")] = 0;
	l = strchr(buf, '[');
	r = strchr(buf, ']');
	if (l && r && l < r) {
		memmove(buf, l + 1, r - l - 1);
		buf[r - l - 1] = 0;
	}
	return 0;
}

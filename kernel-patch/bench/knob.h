/* SPDX-License-Identifier: GPL-2.0 */
/*
 * knob.h - the sysfs knobs the guest benchmarks save, set and restore:
 * their value (the bracketed choice of a list such as THP's "always
 * [madvise] never") and a write that signal handlers may use.
 */
#ifndef SP_BENCH_KNOB_H
#define SP_BENCH_KNOB_H

#include <stddef.h>

/* 0, or -1 with errno set; async-signal-safe (open, write, close). */
int knob_write(const char *path, const char *value);
/* The knob's value into buf: 0, or -1 with errno set. */
int knob_read(const char *path, char *buf, size_t len);

#endif

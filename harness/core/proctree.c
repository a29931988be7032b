/* proctree.c - finds the newest leaf of a process tree from /proc, for the
 * sampling of a launcher's work (see proctree.h). */
#include "proctree.h"

#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* PPid and start time (field 22) of pid from /proc/PID/stat; 0 on success. */
static int stat_fields(pid_t pid, pid_t *ppid, unsigned long long *start)
{
	char path[64], buf[1024];
	unsigned long long v = 0;
	char *p, *end;
	size_t n;
	FILE *f;
	int field;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	f = fopen(path, "r");
	if (!f)
		return -1;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	/* the command name may hold spaces and ')': fields start after the last ')' */
	p = strrchr(buf, ')');
	if (!p || p[1] != ' ' || p[2] == 'Z' || p[2] == 'X')
		return -1;
	p += 2;
	/* p is at field 3 (state) */
	for (field = 3; field <= 22 && *p; field++) {
		if (field == 4)
			*ppid = (pid_t)strtol(p, NULL, 10);
		if (field == 22)
			v = strtoull(p, NULL, 10);
		end = strchr(p, ' ');
		if (!end)
			break;
		p = end + 1;
	}
	if (field <= 22)
		return -1;
	*start = v;
	return 0;
}

/* The live child of parent that started last, or 0. */
static pid_t newest_child(pid_t parent)
{
	unsigned long long best_start = 0, start;
	pid_t best = 0, pid, ppid;
	struct dirent *d;
	DIR *dir = opendir("/proc");

	if (!dir)
		return 0;
	while ((d = readdir(dir))) {
		if (!isdigit((unsigned char)d->d_name[0]))
			continue;
		pid = (pid_t)strtol(d->d_name, NULL, 10);
		if (stat_fields(pid, &ppid, &start) < 0 || ppid != parent)
			continue;
		if (!best || start > best_start ||
		    (start == best_start && pid > best)) {
			best = pid;
			best_start = start;
		}
	}
	closedir(dir);
	return best;
}

pid_t proctree_leaf(pid_t root)
{
	pid_t at = root, next;

	/* a bound, in case of a pid reused into a loop while scanning */
	for (int depth = 0; depth < 64; depth++) {
		next = newest_child(at);
		if (!next)
			break;
		at = next;
	}
	return at;
}

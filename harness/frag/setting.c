/* setting.c - the sysctls spfrag changes for a while, because they would
 * hide or undo the fragmentation it makes: each one's old value is saved
 * before the first change and written back on every way out spfrag
 * controls (spbench's settings journal covers a SIGKILL). */
#include "frag.h"

#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static struct frag_setting *held;

static bool write_all(const char *path, const char *v, size_t n)
{
	int fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC);
	bool ok;

	if (fd < 0)
		return false;
	ok = write(fd, v, n) == (ssize_t)n;
	close(fd);
	return ok;
}

static ssize_t read_value(const char *path, char *buf, size_t size)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = read(fd, buf, size - 1);
	close(fd);
	buf[n > 0 ? n : 0] = '\0';
	return n;
}

int frag_setting_hold(struct frag_setting *s, const char *value)
{
	bool first = s->len <= 0;

	if (first && read_value(s->path, s->old, sizeof(s->old)) <= 0)
		return -1;
	if (!write_all(s->path, value, strlen(value))) {
		if (first)
			s->len = 0;
		return -1;
	}
	/* as the kernel shows it: it may round what it was given */
	if (read_value(s->path, s->set, sizeof(s->set)) <= 0)
		s->set[0] = '\0';
	s->len = (ssize_t)strlen(s->old);
	if (!s->listed) {
		s->next = held;
		held = s;
		s->listed = true;
	}
	return 0;
}

void frag_setting_restore(struct frag_setting *s)
{
	char now[sizeof(s->set)];

	if (s->len <= 0)
		return;
	if (s->set[0] && read_value(s->path, now, sizeof(now)) > 0 &&
	    strcmp(now, s->set)) {
		s->len = 0;
		return;
	}
	if (write_all(s->path, s->old, s->len))
		s->len = 0;
	else
		fprintf(stderr, "spfrag: could not put %s back to %.*s\n",
			s->path, (int)s->len, s->old);
}

void frag_settings_restore_all(void)
{
	for (struct frag_setting *s = held; s; s = s->next)
		frag_setting_restore(s);
}

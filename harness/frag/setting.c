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
	int fd = open(path, O_WRONLY | O_CLOEXEC);
	bool ok;

	if (fd < 0)
		return false;
	ok = write(fd, v, n) == (ssize_t)n;
	close(fd);
	return ok;
}

int frag_setting_hold(struct frag_setting *s, const char *value)
{
	int fd;

	if (s->len > 0)
		return write_all(s->path, value, strlen(value)) ? 0 : -1;
	fd = open(s->path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	s->len = read(fd, s->old, sizeof(s->old) - 1);
	close(fd);
	if (s->len <= 0 || !write_all(s->path, value, strlen(value))) {
		s->len = 0;
		return -1;
	}
	if (!s->listed) {
		s->next = held;
		held = s;
		s->listed = true;
	}
	return 0;
}

void frag_setting_restore(struct frag_setting *s)
{
	if (s->len <= 0)
		return;
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

/* atomic_file.c - whole-file writes by temporary file and rename, for the
 * workloads' programs (atomic_file.h). */
#include "atomic_file.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void say(const struct atomic_file *af, const char *what,
		const char *name, int err)
{
	fprintf(stderr, "%s: %s %s: %s\n", af->prog, what, name,
		err ? strerror(err) : "write error");
}

int atomic_file_dir(const char *prog, const char *dir)
{
	if (mkdir(dir, 0777) && errno != EEXIST) {
		fprintf(stderr, "%s: cannot create %s: %s\n", prog, dir,
			strerror(errno));
		return -1;
	}
	return 0;
}

FILE *atomic_file_open_in(struct atomic_file *af, const char *prog,
			  const char *dir, const char *name)
{
	char *path;
	FILE *f;

	af->owned = NULL;
	if (atomic_file_dir(prog, dir))
		return NULL;
	if (asprintf(&path, "%s/%s", dir, name) < 0) {
		fprintf(stderr, "%s: out of memory\n", prog);
		return NULL;
	}
	f = atomic_file_open(af, prog, path);
	if (f)
		af->owned = path;
	else
		free(path);
	return f;
}

FILE *atomic_file_open(struct atomic_file *af, const char *prog,
		       const char *path)
{
	int fd;

	af->prog = prog;
	af->path = path;
	af->f = NULL;
	af->owned = NULL;
	/* mkstemp, not the pid: a name of one length whatever the pid, so
	 * that a program's memory accesses (counted under sptlb) do not
	 * change with the number of digits of its pid. */
	if (asprintf(&af->tmp, "%s.tmp.XXXXXX", path) < 0) {
		af->tmp = NULL;
		say(af, "cannot create", path, errno);
		return NULL;
	}
	fd = mkstemp(af->tmp);
	if (fd >= 0 && fchmod(fd, 0644) == 0)
		af->f = fdopen(fd, "w");
	if (!af->f) {
		say(af, "cannot create", af->tmp, errno);
		if (fd >= 0) {
			close(fd);
			unlink(af->tmp);
		}
		free(af->tmp);
		af->tmp = NULL;
	}
	return af->f;
}

int atomic_file_commit(struct atomic_file *af)
{
	int bad = ferror(af->f), ret = 0;

	if (fclose(af->f) || bad) {
		say(af, "cannot write", af->tmp, errno);
		ret = -1;
	} else if (rename(af->tmp, af->path)) {
		say(af, "cannot rename to", af->path, errno);
		ret = -1;
	}
	if (ret)
		unlink(af->tmp);
	free(af->tmp);
	free(af->owned);
	af->tmp = af->owned = NULL;
	af->f = NULL;
	return ret;
}

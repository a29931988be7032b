/* test_atomic_file.c - a file written through atomic_file.h holds the old
 * content or the whole new one: the new one after a commit, the old one
 * (and no temporary file beside it) when the temporary file cannot be
 * created, written or renamed, each failure told in one line. */
#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "atomic_file.h"
#include "tap.h"

#define NOBODY 65534

static char dir[64], path[128];

static void put(const char *p, const char *text)
{
	FILE *f = fopen(p, "w");

	if (!f || fputs(text, f) < 0 || fclose(f))
		TAP_CHECK(0, "cannot set up %s", p);
}

/* The whole of path, or "" when it cannot be read as a file. */
static const char *content(const char *p)
{
	static char buf[256];
	FILE *f = fopen(p, "r");
	size_t n = f ? fread(buf, 1, sizeof(buf) - 1, f) : 0;

	if (f)
		fclose(f);
	buf[n] = '\0';
	return buf;
}

/* Whether dir holds out.txt and nothing else. */
static int only_out(void)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int others = 0, out = 0;

	while (d && (e = readdir(d))) {
		if (!strcmp(e->d_name, "out.txt"))
			out++;
		else if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			others++;
	}
	if (d)
		closedir(d);
	return out == 1 && !others;
}

/* Writes text to path through atomic_file; 0 when committed. */
static int write_whole(const char *text)
{
	struct atomic_file af;
	FILE *f = atomic_file_open(&af, "prog", path);

	if (!f)
		return -1;
	fputs(text, f);
	return atomic_file_commit(&af);
}

/* NOT_OWNER: a user whom the folder's mode stops (nobody, when the test
 * runs as root, whom no mode stops). */
enum limit { NONE, SMALL_FILES, NOT_OWNER };

/* write_whole(text) in a child under the limit; its exit status, and what
 * it printed on stderr in err. */
static int write_in_child(enum limit limit, const char *text, char *err,
			  size_t len)
{
	int fds[2], status;
	ssize_t n;
	pid_t pid;

	fflush(stdout);
	if (pipe(fds) || (pid = fork()) < 0)
		return -1;
	if (pid == 0) {
		struct rlimit small = { 16, 16 };

		dup2(fds[1], STDERR_FILENO);
		close(fds[0]);
		if (limit == SMALL_FILES) {
			signal(SIGXFSZ, SIG_IGN);
			setrlimit(RLIMIT_FSIZE, &small);
		}
		if (limit == NOT_OWNER && geteuid() == 0 &&
		    (setgid(NOBODY) || setuid(NOBODY)))
			_exit(3);
		_exit(write_whole(text) ? 1 : 0);
	}
	close(fds[1]);
	n = read(fds[0], err, len - 1);
	err[n > 0 ? n : 0] = '\0';
	close(fds[0]);
	waitpid(pid, &status, 0);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static int one_line(const char *err, const char *start, const char *end)
{
	size_t n = strlen(err);

	return !strncmp(err, start, strlen(start)) && n > strlen(end) &&
	       !strcmp(err + n - strlen(end), end) &&
	       strchr(err, '\n') == err + n - 1;
}

static void commits(void)
{
	TAP_CHECK(write_whole("first\n") == 0 &&
		  !strcmp(content(path), "first\n"),
		  "a new file gets its content");
	TAP_CHECK(only_out(), "and no temporary file");
	TAP_CHECK(write_whole("second, longer\n") == 0 &&
		  !strcmp(content(path), "second, longer\n"),
		  "an old file is replaced whole");
	TAP_CHECK(only_out(), "and no temporary file");
}

static void write_fails(void)
{
	char err[512];

	put(path, "old\n");
	TAP_CHECK(write_in_child(SMALL_FILES, "more than sixteen bytes\n", err,
				 sizeof(err)) == 1,
		  "a write past the file size limit fails");
	TAP_CHECK(!strcmp(content(path), "old\n"), "the old content stays");
	TAP_CHECK(only_out(), "no temporary file is left");
	TAP_CHECK(one_line(err, "prog: cannot write ", ": File too large\n"),
		  "one line says so: %.*s", (int)strcspn(err, "\n"), err);
}

static void create_fails(void)
{
	char err[512];
	int rc;

	put(path, "old\n");
	chmod(dir, 0555);
	rc = write_in_child(NOT_OWNER, "new\n", err, sizeof(err));
	chmod(dir, 0755);
	TAP_CHECK(rc == 1, "a folder the writer cannot write fails (%d)", rc);
	TAP_CHECK(!strcmp(content(path), "old\n"), "the old content stays");
	TAP_CHECK(only_out(), "no temporary file is left");
	TAP_CHECK(one_line(err, "prog: cannot create ",
			   ": Permission denied\n") && strstr(err, ".tmp."),
		  "one line names the temporary file: %.*s",
		  (int)strcspn(err, "\n"), err);
}

static void rename_fails(void)
{
	char inner[160], err[512];

	unlink(path);
	mkdir(path, 0755);
	snprintf(inner, sizeof(inner), "%s/keep", path);
	put(inner, "kept\n");
	TAP_CHECK(write_in_child(NONE, "new\n", err, sizeof(err)) == 1,
		  "a rename over a folder that is not empty fails");
	TAP_CHECK(!strcmp(content(inner), "kept\n"),
		  "what was there stays");
	TAP_CHECK(only_out(), "no temporary file is left");
	TAP_CHECK(one_line(err, "prog: cannot rename to ", "\n") &&
		  strstr(err, path), "one line names the file: %.*s",
		  (int)strcspn(err, "\n"), err);
	unlink(inner);
	rmdir(path);
}

/* atomic_file_open_in makes the folder, then writes the file in it; a
 * folder that cannot be made is one line and no file. */
static void in_folder(void)
{
	char sub[128], file[160], blocked[160];
	struct atomic_file af;
	FILE *f;

	snprintf(sub, sizeof(sub), "%s/made", dir);
	snprintf(file, sizeof(file), "%s/in.txt", sub);
	f = atomic_file_open_in(&af, "prog", sub, "in.txt");
	TAP_CHECK(f && fputs("inside\n", f) >= 0 && atomic_file_commit(&af) == 0 &&
		  !strcmp(content(file), "inside\n"),
		  "a file in a folder made for it");
	f = atomic_file_open_in(&af, "prog", sub, "in.txt");
	TAP_CHECK(f && fputs("again\n", f) >= 0 && atomic_file_commit(&af) == 0 &&
		  !strcmp(content(file), "again\n"),
		  "and again into the folder now there");
	unlink(file);
	rmdir(sub);
	/* a folder under a file cannot be made */
	put(path, "x\n");
	snprintf(blocked, sizeof(blocked), "%s/sub", path);
	TAP_CHECK(atomic_file_dir("prog", blocked) == -1 &&
		  atomic_file_open_in(&af, "prog", blocked, "f") == NULL,
		  "a folder that cannot be made fails");
}

int main(void)
{
	/* Under /tmp, which every user can enter, for the writer that is
	 * not root. */
	snprintf(dir, sizeof(dir), "/tmp/atomic_file.XXXXXX");
	if (!mkdtemp(dir)) {
		TAP_CHECK(0, "a temporary folder");
		return tap_done();
	}
	chmod(dir, 0755);
	snprintf(path, sizeof(path), "%s/out.txt", dir);
	commits();
	write_fails();
	create_fails();
	rename_fails();
	in_folder();
	unlink(path);
	rmdir(dir);
	return tap_done();
}

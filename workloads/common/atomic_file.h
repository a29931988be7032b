/* atomic_file.h - how the workloads' programs write a file that others
 * read: into a temporary file beside it, renamed over it when complete, so
 * that a reader finds the old content or the new, never a part.  A
 * failure is one line on stderr and leaves no temporary file. */
#ifndef SP_WORKLOAD_ATOMIC_FILE_H
#define SP_WORKLOAD_ATOMIC_FILE_H

#include <stdio.h>

struct atomic_file {
	const char *prog;	/* names the program in the error line */
	const char *path;
	char *tmp;		/* PATH.tmp.PID */
	char *owned;		/* the path atomic_file_open_in made, or NULL */
	FILE *f;
};

/* Makes the folder dir unless it exists: 0, or -1 after "PROG: cannot
 * create DIR: why". */
int atomic_file_dir(const char *prog, const char *dir);

/* atomic_file_open for the file name in the folder dir, which is made
 * first when missing (as atomic_file_dir). */
FILE *atomic_file_open_in(struct atomic_file *af, const char *prog,
			  const char *dir, const char *name);

/* Creates the temporary file for path; its stream, or NULL after
 * "PROG: cannot create TMP: why".  prog and path must outlive af. */
FILE *atomic_file_open(struct atomic_file *af, const char *prog,
		       const char *path);

/* Closes the stream and renames the file to its path: 0, or -1 after one
 * line ("cannot write TMP" or "cannot rename to PATH") with the temporary
 * file removed. */
int atomic_file_commit(struct atomic_file *af);

#endif

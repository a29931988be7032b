/* web_report.h - what sp-web-run and sp-web-check agree on: the trace's
 * expectation (expect.txt from sp-web-gen) and the test of httperf's
 * report against it. */
#ifndef SP_WEB_REPORT_H
#define SP_WEB_REPORT_H

#include <stddef.h>

struct web_expect {
	long files;
	long long tree_bytes;
	long requests;
	long long bytes;	/* content bytes of all requests together */
};

/* Reads DIR/expect.txt; 0, or -1 with one line of reason in err. */
int web_read_expect(const char *dir, struct web_expect *e, char *err,
		    size_t len);

/* Checks httperf's report in path: every request made and answered with a
 * 2xx, no error of any kind, and the mean content size httperf prints
 * equal to the expected bytes / requests as httperf rounds it.  0, or -1
 * with one line of reason in err. */
int web_check_report(const char *path, const struct web_expect *e,
		     char *err, size_t len);

/* Checks the server's log in path (merecat at level info): the content
 * bytes its exit statistics count must be the expected bytes exactly.
 * 0, or -1 with one line of reason in err. */
int web_check_server_log(const char *path, const struct web_expect *e,
			 char *err, size_t len);

#endif

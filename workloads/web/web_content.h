/* web_content.h - what sp-web-gen writes into each file of the site and
 * sp-web-check holds the served bytes to: the file's own path and line
 * numbers, line after line, cut at its size, so that every file differs
 * and a misplaced byte range shows. */
#ifndef SP_WEB_CONTENT_H
#define SP_WEB_CONTENT_H

#include <stdio.h>

/* The longest path the generator makes, and the room a line may need. */
#define WEB_PATH_MAX 48
#define WEB_LINE_MAX 80

/* Fills buf (room for bytes + WEB_LINE_MAX) with the first bytes bytes of
 * the file at path. */
static inline void web_content(const char *path, long bytes, char *buf)
{
	long n = 0;

	for (long line = 0; n < bytes; line++)
		n += snprintf(buf + n, WEB_LINE_MAX, "%s line %ld\n", path,
			      line);
}

#endif

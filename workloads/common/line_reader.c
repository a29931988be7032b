/* line_reader.c - the output checks' strict reader of keyed lines
 * (line_reader.h). */
#include "line_reader.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

void lr_fail(struct line_reader *rd, const char *fmt, ...)
{
	char msg[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	check_fail("%s%sline %ld: %s", rd->what, *rd->what ? ", " : "",
		   rd->line, msg);
}

void lr_open(struct line_reader *rd, const char *path, const char *what)
{
	rd->what = what;
	rd->line = 0;
	rd->held = 0;
	rd->buf[0] = '\0';
	rd->pos = rd->buf;
	rd->f = fopen(path, "r");
	if (!rd->f)
		check_fail("cannot open %s: %s", path, strerror(errno));
}

void lr_close(struct line_reader *rd)
{
	fclose(rd->f);
}

int lr_next(struct line_reader *rd)
{
	if (rd->held) {
		rd->held = 0;
		return 1;
	}
	if (feof(rd->f))	/* line already counts the one after the last */
		return 0;
	rd->line++;
	if (!fgets(rd->buf, sizeof(rd->buf), rd->f))
		return 0;
	if (!strchr(rd->buf, '\n'))
		lr_fail(rd, "too long or unterminated");
	*strchr(rd->buf, '\n') = '\0';
	rd->pos = rd->buf;
	return 1;
}

void lr_unread(struct line_reader *rd)
{
	rd->held = 1;
}

int lr_is_key(struct line_reader *rd, const char *key)
{
	size_t len = strlen(key);

	if (strncmp(rd->buf, key, len) || rd->buf[len] != ' ')
		return 0;
	rd->pos = rd->buf + len;
	return 1;
}

int lr_is_word(struct line_reader *rd, const char *word)
{
	size_t len = strlen(word);
	char *s = rd->pos + 1;

	if (*rd->pos != ' ' || strncmp(s, word, len) ||
	    (s[len] && s[len] != ' '))
		return 0;
	rd->pos = s + len;
	return 1;
}

void lr_expect(struct line_reader *rd, const char *key)
{
	if (!lr_next(rd))
		lr_fail(rd, "missing '%s'", key);
	if (!lr_is_key(rd, key))
		lr_fail(rd, "expected '%s'", key);
}

/* The start of the next word, one space on. */
static char *word_start(struct line_reader *rd, const char *kind)
{
	if (*rd->pos != ' ' || rd->pos[1] == ' ' || !rd->pos[1])
		lr_fail(rd, "a %s is missing", kind);
	return rd->pos + 1;
}

char *lr_word(struct line_reader *rd, char *out, size_t size)
{
	char *s = word_start(rd, "word");
	size_t n = strcspn(s, " ");

	if (n >= size)
		lr_fail(rd, "a word is too long");
	memcpy(out, s, n);
	out[n] = '\0';
	rd->pos = s + n;
	return out;
}

double lr_double(struct line_reader *rd)
{
	char *s = word_start(rd, "number"), *end;
	double x;

	errno = 0;
	x = strtod(s, &end);
	if (end == s || (*end && *end != ' ') || errno || !isfinite(x))
		lr_fail(rd, "a number is not a finite number");
	rd->pos = end;
	return x;
}

long lr_long(struct line_reader *rd)
{
	char *s = word_start(rd, "number"), *end;
	long x;

	errno = 0;
	x = strtol(s, &end, 10);
	if (end == s || (*end && *end != ' ') || errno)
		lr_fail(rd, "a number is not an integer");
	rd->pos = end;
	return x;
}

void lr_end(struct line_reader *rd)
{
	if (*rd->pos)
		lr_fail(rd, "more than expected on the line");
}

uint64_t lr_key_u64(struct line_reader *rd, const char *key)
{
	char *end;
	uint64_t x;

	lr_expect(rd, key);
	errno = 0;
	x = strtoull(rd->pos + 1, &end, 10);
	if (!isdigit((unsigned char)rd->pos[1]) || *end || errno)
		lr_fail(rd, "the %s is not a number", key);
	return x;
}

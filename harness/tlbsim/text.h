/*
 * text.h - strings without a C library: comparing, parsing sizes and
 * numbers, and a growing output buffer for the JSON report and for error
 * messages (the Valgrind tool has no printf of its own to give the model).
 */
#ifndef TS_TEXT_H
#define TS_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct ts_buf {
	char *s;
	size_t len, cap;
};

size_t ts_strlen(const char *s);
bool ts_streq(const char *a, const char *b);
/* "4096", "8K", "2M", "1G": sets *v and returns true when all of s is one. */
bool ts_parse_size(const char *s, uint64_t *v);
/* A size as the model files write it: 8K, 2M, 4096. */
void ts_buf_size(struct ts_buf *b, uint64_t v);
void ts_buf_str(struct ts_buf *b, const char *s);
void ts_buf_u64(struct ts_buf *b, uint64_t v);
/* A JSON string: quoted, with quotes, backslashes and controls escaped. */
void ts_buf_json_str(struct ts_buf *b, const char *s);
void ts_buf_free(struct ts_buf *b);

#endif

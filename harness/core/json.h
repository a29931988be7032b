/* json.h - a small streaming JSON writer: spstat's output is one JSON object
 * and every module adds its part through this interface. */
#ifndef SP_JSON_H
#define SP_JSON_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define JSON_MAX_DEPTH 32

struct json {
	FILE *f;
	int depth;
	bool pretty;
	bool need_comma[JSON_MAX_DEPTH];
};

/* Each value takes a key: pass NULL inside arrays and for the top level. */
void json_init(struct json *j, FILE *f, bool pretty);
void json_object_begin(struct json *j, const char *key);
void json_object_end(struct json *j);
void json_array_begin(struct json *j, const char *key);
void json_array_end(struct json *j);
void json_string(struct json *j, const char *key, const char *value);
void json_int(struct json *j, const char *key, int64_t value);
void json_uint(struct json *j, const char *key, uint64_t value);
/* NaN and infinities are not JSON: they are written as null. */
void json_double(struct json *j, const char *key, double value);
void json_bool(struct json *j, const char *key, bool value);
void json_null(struct json *j, const char *key);
/* Ends the document with a newline; returns -1 if any write failed. */
int json_finish(struct json *j);

#endif

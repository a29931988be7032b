/* json.c - streaming JSON writer with correct string escaping. */
#include "json.h"

#include <math.h>
#include <stdlib.h>

void json_init(struct json *j, FILE *f, bool pretty)
{
	j->f = f;
	j->depth = 0;
	j->pretty = pretty;
	j->need_comma[0] = false;
}

static void indent(struct json *j)
{
	if (!j->pretty)
		return;
	fputc('\n', j->f);
	for (int i = 0; i < j->depth; i++)
		fputs("  ", j->f);
}

static void put_escaped(FILE *f, const char *s)
{
	fputc('"', f);
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		switch (*p) {
		case '"':  fputs("\\\"", f); break;
		case '\\': fputs("\\\\", f); break;
		case '\n': fputs("\\n", f); break;
		case '\r': fputs("\\r", f); break;
		case '\t': fputs("\\t", f); break;
		case '\b': fputs("\\b", f); break;
		case '\f': fputs("\\f", f); break;
		default:
			if (*p < 0x20)
				fprintf(f, "\\u%04x", *p);
			else
				fputc(*p, f);
		}
	}
	fputc('"', f);
}

static void start_value(struct json *j, const char *key)
{
	if (j->need_comma[j->depth])
		fputc(',', j->f);
	if (j->depth > 0)
		indent(j);
	j->need_comma[j->depth] = true;
	if (key) {
		put_escaped(j->f, key);
		fputs(j->pretty ? ": " : ":", j->f);
	}
}

static void open_container(struct json *j, const char *key, char c)
{
	start_value(j, key);
	fputc(c, j->f);
	if (j->depth + 1 < JSON_MAX_DEPTH)
		j->depth++;
	j->need_comma[j->depth] = false;
}

static void close_container(struct json *j, char c)
{
	bool had_items = j->need_comma[j->depth];

	if (j->depth > 0)
		j->depth--;
	if (had_items)
		indent(j);
	fputc(c, j->f);
}

void json_object_begin(struct json *j, const char *key) { open_container(j, key, '{'); }
void json_object_end(struct json *j) { close_container(j, '}'); }
void json_array_begin(struct json *j, const char *key) { open_container(j, key, '['); }
void json_array_end(struct json *j) { close_container(j, ']'); }

void json_string(struct json *j, const char *key, const char *value)
{
	start_value(j, key);
	if (value)
		put_escaped(j->f, value);
	else
		fputs("null", j->f);
}

void json_int(struct json *j, const char *key, int64_t value)
{
	start_value(j, key);
	fprintf(j->f, "%lld", (long long)value);
}

void json_uint(struct json *j, const char *key, uint64_t value)
{
	start_value(j, key);
	fprintf(j->f, "%llu", (unsigned long long)value);
}

void json_double(struct json *j, const char *key, double value)
{
	char buf[32];

	start_value(j, key);
	if (!isfinite(value)) {
		fputs("null", j->f);
		return;
	}
	/* The shortest form that reads back as the same double. */
	for (int prec = 15; prec <= 17; prec++) {
		snprintf(buf, sizeof(buf), "%.*g", prec, value);
		if (strtod(buf, NULL) == value)
			break;
	}
	fputs(buf, j->f);
}

void json_bool(struct json *j, const char *key, bool value)
{
	start_value(j, key);
	fputs(value ? "true" : "false", j->f);
}

void json_null(struct json *j, const char *key)
{
	start_value(j, key);
	fputs("null", j->f);
}

int json_finish(struct json *j)
{
	fputc('\n', j->f);
	if (fflush(j->f) != 0 || ferror(j->f))
		return -1;
	return 0;
}

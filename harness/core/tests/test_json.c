/* test_json.c - the JSON writer's exact output: escaping, nesting, commas,
 * numbers, pretty printing. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "tap.h"

static char *text;
static size_t len;

static struct json *start(bool pretty)
{
	static struct json j;
	FILE *f = open_memstream(&text, &len);

	json_init(&j, f, pretty);
	return &j;
}

static void finish(struct json *j)
{
	json_finish(j);
	fclose(j->f);
}

static void expect(const char *want, const char *what)
{
	bool same = text && !strcmp(text, want);

	TAP_CHECK(same, "%s", what);
	if (!same)
		printf("#   got:  %s#   want: %s", text ? text : "(null)\n",
		       want);
	free(text);
	text = NULL;
}

int main(void)
{
	struct json *j;

	j = start(false);
	json_object_begin(j, NULL);
	json_string(j, "s", "a\"b\\c\nd\te\r\b\f\x01\x1f/\xc3\xa9");
	json_string(j, "k\"ey", NULL);
	json_object_end(j);
	finish(j);
	expect("{\"s\":\"a\\\"b\\\\c\\nd\\te\\r\\b\\f\\u0001\\u001f/\xc3\xa9\",\"k\\\"ey\":null}\n",
	       "escaping of quotes, backslash, controls; UTF-8 kept");

	j = start(false);
	json_object_begin(j, NULL);
	json_int(j, "min", INT64_MIN);
	json_uint(j, "max", UINT64_MAX);
	json_double(j, "tenth", 0.1);
	json_double(j, "third", 1.0 / 3);
	json_double(j, "big", 1e300);
	json_double(j, "nan", NAN);
	json_double(j, "inf", -INFINITY);
	json_double(j, "int", 2.0);
	json_bool(j, "t", true);
	json_bool(j, "f", false);
	json_object_end(j);
	finish(j);
	expect("{\"min\":-9223372036854775808,\"max\":18446744073709551615,"
	       "\"tenth\":0.1,\"third\":0.3333333333333333,\"big\":1e+300,"
	       "\"nan\":null,\"inf\":null,\"int\":2,\"t\":true,\"f\":false}\n",
	       "numbers: shortest round-trip doubles, non-finite as null");

	j = start(false);
	json_array_begin(j, NULL);
	json_object_begin(j, NULL);
	json_object_end(j);
	json_array_begin(j, NULL);
	json_array_end(j);
	json_array_begin(j, NULL);
	json_int(j, NULL, 1);
	json_int(j, NULL, 2);
	json_array_end(j);
	json_array_end(j);
	finish(j);
	expect("[{},[],[1,2]]\n", "empty containers and commas");

	j = start(true);
	json_object_begin(j, NULL);
	json_string(j, "a", "x");
	json_object_begin(j, "o");
	json_array_begin(j, "l");
	json_int(j, NULL, 1);
	json_int(j, NULL, 2);
	json_array_end(j);
	json_object_begin(j, "e");
	json_object_end(j);
	json_object_end(j);
	json_object_end(j);
	finish(j);
	expect("{\n  \"a\": \"x\",\n  \"o\": {\n    \"l\": [\n      1,\n      2\n    ],\n    \"e\": {}\n  }\n}\n",
	       "pretty printing");

	{
		FILE *f = fopen("/dev/full", "w");
		struct json jf;

		if (f) {
			json_init(&jf, f, false);
			json_string(&jf, NULL, "x");
			TAP_CHECK(json_finish(&jf) == -1,
				  "json_finish reports a failed write");
			fclose(f);
		}
	}
	return tap_done();
}

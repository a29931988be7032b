/* test_setting.c - checks how spfrag holds and puts back a sysctl, on
 * plain files standing in for /proc/sys: the old value comes back, except
 * when someone else has changed the setting since spfrag wrote it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "frag.h"
#include "tap.h"

static char dir[] = "/tmp/spfrag-setting-XXXXXX";

static char *path_of(const char *name)
{
	static char paths[4][128];
	static int next;
	char *p = paths[next++ % 4];

	snprintf(p, sizeof(paths[0]), "%s/%s", dir, name);
	return p;
}

static void put(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	fputs(text, f);
	fclose(f);
}

static const char *get(const char *path)
{
	static char buf[64];
	FILE *f = fopen(path, "r");
	size_t n = f ? fread(buf, 1, sizeof(buf) - 1, f) : 0;

	if (f)
		fclose(f);
	buf[n] = '\0';
	return buf;
}

static void test_hold_restore(void)
{
	static struct frag_setting s;	/* listed for restore_all: static */

	s.path = path_of("proactiveness");

	put(s.path, "20\n");
	TAP_CHECK(frag_setting_hold(&s, "0") == 0 && !strcmp(get(s.path), "0"),
		  "hold writes the new value (file: '%s')", get(s.path));
	TAP_CHECK(frag_setting_hold(&s, "5") == 0 && !strcmp(get(s.path), "5"),
		  "a second hold writes again");
	frag_setting_restore(&s);
	TAP_CHECK(!strcmp(get(s.path), "20\n") && s.len == 0,
		  "restore puts back the value from before the first hold");
	frag_setting_restore(&s);
	TAP_CHECK(!strcmp(get(s.path), "20\n"), "a second restore is harmless");
}

static void test_changed_by_someone_else(void)
{
	static struct frag_setting s;

	s.path = path_of("changed");

	put(s.path, "0\n");
	frag_setting_hold(&s, "7");
	put(s.path, "20\n");
	frag_setting_restore(&s);
	TAP_CHECK(!strcmp(get(s.path), "20\n") && s.len == 0,
		  "changed since the hold: left as the other writer set it");
}

static void test_unreadable(void)
{
	static struct frag_setting s;

	s.path = path_of("missing");

	TAP_CHECK(frag_setting_hold(&s, "0") == -1 && s.len == 0 && !s.listed,
		  "a setting that cannot be read is not held");
}

static void test_restore_all(void)
{
	static struct frag_setting a, b;

	a.path = path_of("a");
	b.path = path_of("b");
	put(a.path, "1\n");
	put(b.path, "2\n");
	frag_setting_hold(&a, "10");
	frag_setting_hold(&b, "20");
	frag_settings_restore_all();
	TAP_CHECK(!strcmp(get(a.path), "1\n") && !strcmp(get(b.path), "2\n"),
		  "restore_all puts back every held setting");
}

int main(void)
{
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	test_hold_restore();
	test_changed_by_someone_else();
	test_unreadable();
	test_restore_all();
	unlink(path_of("proactiveness"));
	unlink(path_of("changed"));
	unlink(path_of("a"));
	unlink(path_of("b"));
	rmdir(dir);
	return tap_done();
}

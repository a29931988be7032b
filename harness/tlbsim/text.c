/* text.c - string helpers the model code uses in place of the C library. */
#include "text.h"
#include "env.h"

size_t ts_strlen(const char *s)
{
	size_t n = 0;

	while (s[n])
		n++;
	return n;
}

bool ts_streq(const char *a, const char *b)
{
	while (*a && *a == *b) {
		a++;
		b++;
	}
	return *a == *b;
}

bool ts_parse_size(const char *s, uint64_t *v)
{
	uint64_t n = 0;
	const char *p = s;

	if (*p < '0' || *p > '9')
		return false;
	for (; *p >= '0' && *p <= '9'; p++) {
		if (n > (UINT64_MAX - 9) / 10)
			return false;
		n = n * 10 + (uint64_t)(*p - '0');
	}
	switch (*p) {
	case 'K': n <<= 10; p++; break;
	case 'M': n <<= 20; p++; break;
	case 'G': n <<= 30; p++; break;
	default: break;
	}
	if (*p)
		return false;
	*v = n;
	return true;
}

static void grow(struct ts_buf *b, size_t more)
{
	char *s;

	if (b->len + more + 1 <= b->cap)
		return;
	b->cap = (b->len + more + 1) * 2;
	s = ts_alloc(b->cap);
	if (b->s) {
		memcpy(s, b->s, b->len);
		ts_free(b->s);
	}
	b->s = s;
}

static void put(struct ts_buf *b, const char *s, size_t n)
{
	grow(b, n);
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = 0;
}

void ts_buf_str(struct ts_buf *b, const char *s)
{
	put(b, s, ts_strlen(s));
}

void ts_buf_u64(struct ts_buf *b, uint64_t v)
{
	char d[24];
	int i = sizeof(d);

	do {
		d[--i] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	put(b, d + i, sizeof(d) - (size_t)i);
}

void ts_buf_size(struct ts_buf *b, uint64_t v)
{
	static const char unit[] = "KMG";
	int u = -1;

	while (u < 2 && v && !(v & 1023)) {
		v >>= 10;
		u++;
	}
	ts_buf_u64(b, v);
	if (u >= 0)
		put(b, &unit[u], 1);
}

void ts_buf_json_str(struct ts_buf *b, const char *s)
{
	static const char hex[] = "0123456789abcdef";

	put(b, "\"", 1);
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if (*p == '"' || *p == '\\') {
			put(b, "\\", 1);
			put(b, (const char *)p, 1);
		} else if (*p < 0x20) {
			char e[6] = { '\\', 'u', '0', '0', hex[*p >> 4],
				      hex[*p & 15] };

			put(b, e, 6);
		} else {
			put(b, (const char *)p, 1);
		}
	}
	put(b, "\"", 1);
}

void ts_buf_free(struct ts_buf *b)
{
	ts_free(b->s);
	b->s = NULL;
	b->len = b->cap = 0;
}

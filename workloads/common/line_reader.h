/* line_reader.h - the strict reader the output checks read their text
 * files with, one copy for all: lines "KEY WORD WORD ...", one space
 * between words, numbers finite (or integers, where one is read), nothing
 * left over; anything else is a check_fail naming the line ("WHAT, line N:
 * what is wrong"). */
#ifndef SP_WORKLOAD_LINE_READER_H
#define SP_WORKLOAD_LINE_READER_H

#include <stdint.h>
#include <stdio.h>

#define LR_LINE_MAX 1024

struct line_reader {
	const char *what;	/* "the input X", or "" for check_begin's file */
	FILE *f;
	long line;
	char buf[LR_LINE_MAX];
	char *pos;		/* the rest of the current line */
	int held;		/* lr_next gives buf again */
};

void lr_open(struct line_reader *rd, const char *path, const char *what);
void lr_close(struct line_reader *rd);

/* The next line into buf: 1; 0 at the end of the file (line then counts
 * the line after the last). */
int lr_next(struct line_reader *rd);
void lr_unread(struct line_reader *rd);

/* 1 when the current line starts with key and a space (pos at the space). */
int lr_is_key(struct line_reader *rd, const char *key);
/* 1 when the next word of the line is word (pos then after it); 0, pos
 * unmoved, otherwise. */
int lr_is_word(struct line_reader *rd, const char *word);
/* The next line, which must start with key ("missing 'KEY'" at the end of
 * the file, "expected 'KEY'" otherwise). */
void lr_expect(struct line_reader *rd, const char *key);

/* The next word of the line, copied into out. */
char *lr_word(struct line_reader *rd, char *out, size_t size);
double lr_double(struct line_reader *rd);
long lr_long(struct line_reader *rd);
void lr_end(struct line_reader *rd);

/* The next line as "KEY NUMBER", the number read by read (lr_long or
 * lr_double). */
#define lr_key(rd, key, read) ({					\
	__auto_type lr_x_ = (lr_expect(rd, key), read(rd));		\
	lr_end(rd);							\
	lr_x_;								\
})
/* The next line as "KEY N", N an unsigned decimal number. */
uint64_t lr_key_u64(struct line_reader *rd, const char *key);

_Noreturn void lr_fail(struct line_reader *rd, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif

/* gcc_gen.c - sp-gcc-gen: the gcc workload's input, one large translation
 * unit in preprocessed form (.i: no directives but a line marker, its
 * declarations written out), the seeded program of gcc_spec.h. */
#include <inttypes.h>
#include <stdio.h>

#include "atomic_file.h"
#include "gcc_spec.h"

static void write_op(FILE *f, const struct gcc_op *op)
{
	switch (op->kind) {
	case 0:
		fprintf(f, "\tx = x * 0x%" PRIx64 "UL + 0x%" PRIx64 "UL;\n",
			op->c, op->d);
		break;
	case 1:
		fprintf(f, "\tx ^= x >> %d;\n", op->s);
		break;
	case 2:
		fprintf(f, "\tif ((x >> %d) & 1)\n\t\tx += 0x%" PRIx64
			"UL;\n\telse\n\t\tx ^= 0x%" PRIx64 "UL;\n", op->s,
			op->c, op->d);
		break;
	case 3:
		fprintf(f, "\tfor (i = 0; i < %d; i++)\n\t\tx = x * 3 + 0x%"
			PRIx64 "UL;\n", 2 + op->s % 5, op->c);
		break;
	case 4:
		fprintf(f, "\tswitch (x & 3) {\n\tcase 0:\n\t\tx += 0x%" PRIx64
			"UL;\n\t\tbreak;\n\tcase 1:\n\t\tx ^= 0x%" PRIx64
			"UL;\n\t\tbreak;\n\tcase 2:\n\t\tx *= 5;\n\t\tbreak;\n"
			"\tdefault:\n\t\tx -= 0x%" PRIx64 "UL;\n\t}\n", op->c,
			op->d, op->c);
		break;
	default:
		fprintf(f, "\tx += f_%ld(x ^ 0x%" PRIx64 "UL);\n", op->callee,
			op->c);
		break;
	}
}

int main(int argc, char **argv)
{
	struct atomic_file af;
	struct gcc_args a;
	FILE *f;

	gcc_parse_args(argc, argv, 1, &a);
	f = atomic_file_open(&af, "sp-gcc-gen", a.path);
	if (!f)
		return 1;
	fprintf(f, "# 1 \"big.c\"\ntypedef unsigned long u64;\n"
		"extern int printf(const char *, ...);\n");
	for (long k = 0; k < a.funcs; k++) {
		long n = gcc_nops(&a, k);

		fprintf(f, "\nu64 f_%ld(u64 x)\n{\n\tint i;\n\n", k);
		for (long i = 0; i < n; i++) {
			struct gcc_op op = gcc_op(&a, k, i);

			write_op(f, &op);
		}
		fprintf(f, "\t(void)i;\n\treturn x;\n}\n");
	}
	fprintf(f, "\nstatic u64 (*const tab[%ld])(u64) = {\n", a.funcs);
	for (long k = 0; k < a.funcs; k++)
		fprintf(f, "\tf_%ld,\n", k);
	fprintf(f, "};\n\nint main(void)\n{\n\tu64 s = %" PRIu64 "UL;\n\n"
		"\tfor (long k = 0; k < %ld; k++)\n"
		"\t\ts = s * 0x%llxUL + tab[k](s ^ (u64)k);\n"
		"\tprintf(\"%%lu\\n\", s);\n\treturn 0;\n}\n", a.seed, a.funcs,
		(unsigned long long)GCC_GOLDEN);
	return atomic_file_commit(&af) ? 1 : 0;
}

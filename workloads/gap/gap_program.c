/* gap_program.c - gap_program.g, the GAP program of the gap workload, as
 * the string gap_program inside sp-gap-gen, so that the generator needs no
 * file beside it and a changed program is a changed generator (whose
 * cached inputs the driver then makes again).  GAP_PROGRAM_FILE is the
 * file's path from the directory make runs in. */
__asm__(".section .rodata\n"
	".global gap_program\n"
	".type gap_program, @object\n"
	"gap_program:\n"
	".incbin \"" GAP_PROGRAM_FILE "\"\n"
	".byte 0\n"
	".size gap_program, . - gap_program\n"
	".previous\n");

# workload.mk - builds sp-lucas-gen (the input file of Lucas-Lehmer runs),
# sp-lucas (the measured program: FFT squaring modulo 2^p - 1 on Debian's
# FFTW) and sp-lucas-check (schoolbook big-integer arithmetic, and the
# recurrence modulo a known factor).

LUCAS_DIR := workloads/lucas
LUCAS_SPEC := $(OBJ)/$(LUCAS_DIR)/lucas_args.o $(OBJ)/$(LUCAS_DIR)/lucas_plan.o $(OBJ)/$(LUCAS_DIR)/lucas_input.o
BINS += $(BIN)/sp-lucas-gen $(BIN)/sp-lucas $(BIN)/sp-lucas-check

$(BIN)/sp-lucas-gen: $(OBJ)/$(LUCAS_DIR)/lucas_gen.o $(LUCAS_SPEC) $(WL_SIZE) $(WL_ATOMIC)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lm

$(BIN)/sp-lucas: $(OBJ)/$(LUCAS_DIR)/lucas.o $(OBJ)/$(LUCAS_DIR)/lucas_dwt.o $(LUCAS_SPEC) $(WL_SIZE) $(WL_ATOMIC)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lfftw3 -lm

$(BIN)/sp-lucas-check: $(OBJ)/$(LUCAS_DIR)/lucas_check.o $(OBJ)/$(LUCAS_DIR)/lucas_exact.o $(LUCAS_SPEC) $(WL_SIZE) $(WL_LINES)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lm

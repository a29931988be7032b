# workload.mk - builds sp-gcc-gen (writes the large preprocessed C file
# cc1 compiles) and sp-gcc-check (assembles, links and runs the result and
# compares its output with the value computed from the seed).

GCC_DIR := workloads/gcc
BINS += $(BIN)/sp-gcc-gen $(BIN)/sp-gcc-check

$(BIN)/sp-gcc-gen: $(OBJ)/$(GCC_DIR)/gcc_gen.o $(OBJ)/$(GCC_DIR)/gcc_args.o $(WL_SIZE) $(WL_ATOMIC)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^

$(BIN)/sp-gcc-check: $(OBJ)/$(GCC_DIR)/gcc_check.o $(OBJ)/$(GCC_DIR)/gcc_args.o $(WL_SIZE) $(WL_CHECK)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^

# workload.mk - builds sp-linker-gen (writes and compiles the program that
# ld.bfd links) and sp-linker-check (runs the linked program).

LINKER_DIR := workloads/linker
BINS += $(BIN)/sp-linker-gen $(BIN)/sp-linker-check

$(BIN)/sp-linker-gen: $(OBJ)/$(LINKER_DIR)/linker_gen.o $(OBJ)/$(LINKER_DIR)/linker_args.o $(WL_SIZE)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^

$(BIN)/sp-linker-check: $(OBJ)/$(LINKER_DIR)/linker_check.o $(OBJ)/$(LINKER_DIR)/linker_args.o $(WL_SIZE) $(WL_CHECK)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^

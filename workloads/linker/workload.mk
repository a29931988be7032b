# workload.mk - builds sp-linker-gen (writes and compiles the program that
# ld.bfd links), sp-linker-run (runs ld.bfd -r times in one process, with
# sp-linker-again.so preloaded) and sp-linker-check (runs the linked
# program).

LINKER_DIR := workloads/linker
BINS += $(BIN)/sp-linker-gen $(BIN)/sp-linker-run $(BIN)/sp-linker-again.so \
	$(BIN)/sp-linker-check

$(BIN)/sp-linker-gen: $(OBJ)/$(LINKER_DIR)/linker_gen.o $(OBJ)/$(LINKER_DIR)/linker_args.o $(WL_SIZE)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^

# The library is the run's to find beside it: a prerequisite, so that
# building the run (as the tests do) builds it.
$(BIN)/sp-linker-run: $(OBJ)/$(LINKER_DIR)/linker_run.o $(OBJ)/$(LINKER_DIR)/linker_args.o $(WL_SIZE) \
		| $(BIN)/sp-linker-again.so
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^

$(OBJ)/$(LINKER_DIR)/linker_again.o: CFLAGS += -fPIC

$(BIN)/sp-linker-again.so: $(OBJ)/$(LINKER_DIR)/linker_again.o
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -shared -o $@ $^ -ldl

$(BIN)/sp-linker-check: $(OBJ)/$(LINKER_DIR)/linker_check.o $(OBJ)/$(LINKER_DIR)/linker_args.o $(WL_SIZE) $(WL_CHECK)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^

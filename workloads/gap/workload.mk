# workload.mk - builds sp-gap-gen (the seeded GAP script, with
# gap_program.g inside it), sp-gap-run (execs Debian's GAP kernel on it)
# and sp-gap-check (GAP's results derived again without GAP).

GAP_DIR := workloads/gap
GAP_OBJ := $(OBJ)/$(GAP_DIR)
BINS += $(BIN)/sp-gap-gen $(BIN)/sp-gap-run $(BIN)/sp-gap-check

# The GAP kernel's folder under /usr/lib is the multiarch name.
$(GAP_OBJ)/gap_run.o: CFLAGS += -DGAP_ARCH='"$(shell $(CC) -print-multiarch)"'
$(GAP_OBJ)/gap_program.o: CFLAGS += -DGAP_PROGRAM_FILE='"$(GAP_DIR)/gap_program.g"'
$(GAP_OBJ)/gap_program.o: $(GAP_DIR)/gap_program.g

$(BIN)/sp-gap-gen: $(GAP_OBJ)/gap_gen.o $(GAP_OBJ)/gap_program.o $(GAP_OBJ)/gap_rounds.o $(GAP_OBJ)/gap_args.o $(WL_SIZE) $(WL_ATOMIC)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^

$(BIN)/sp-gap-run: $(GAP_OBJ)/gap_run.o $(GAP_OBJ)/gap_args.o $(WL_SIZE)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^

$(BIN)/sp-gap-check: $(GAP_OBJ)/gap_check.o $(GAP_OBJ)/gap_check_groups.o $(GAP_OBJ)/gap_check_mat.o $(GAP_OBJ)/gap_check_big.o $(GAP_OBJ)/gap_check_sort.o $(GAP_OBJ)/gap_residue.o $(GAP_OBJ)/gap_rounds.o $(GAP_OBJ)/gap_args.o $(WL_SIZE) $(WL_CHECK)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^

# workload.mk - builds sp-mcf-gen (the seeded timetable), sp-mcf (network
# simplex with SPEC mcf's data layout), sp-mcf-check (verifies feasibility
# and optimality of the written solution from the instance alone) and the
# C test of the simplex on hand-solved networks.

MCF_DIR := workloads/mcf
BINS += $(BIN)/sp-mcf-gen $(BIN)/sp-mcf $(BIN)/sp-mcf-check
CTESTS += $(TESTBIN)/mcf_test_simplex

$(BIN)/sp-mcf-gen: $(OBJ)/$(MCF_DIR)/mcf_gen.o $(OBJ)/$(MCF_DIR)/mcf_args.o $(WL_SIZE) $(WL_ATOMIC)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^

$(BIN)/sp-mcf: $(OBJ)/$(MCF_DIR)/mcf.o $(OBJ)/$(MCF_DIR)/mcf_simplex.o $(OBJ)/$(MCF_DIR)/mcf_args.o $(WL_SIZE) $(WL_ATOMIC)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lm

$(BIN)/sp-mcf-check: $(OBJ)/$(MCF_DIR)/mcf_check.o $(OBJ)/$(MCF_DIR)/mcf_args.o $(WL_SIZE) $(WL_CHECK)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^

$(TESTBIN)/mcf_test_simplex: $(OBJ)/$(MCF_DIR)/tests/test_simplex.o $(OBJ)/$(MCF_DIR)/mcf_simplex.o
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lm

$(OBJ)/$(MCF_DIR)/tests/%.o: CFLAGS += -I$(MCF_DIR) -Iharness/testing

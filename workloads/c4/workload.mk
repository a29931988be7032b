# workload.mk - builds sp-c4 (the connect-4 solver), sp-c4-check (verifies
# its values with a plain solver near the end of the game and a solver of
# its own elsewhere) and the C tests that compare the three solvers.

C4_DIR := workloads/c4
BINS   += $(BIN)/sp-c4 $(BIN)/sp-c4-check
CTESTS += $(TESTBIN)/c4_test_solve $(TESTBIN)/c4_test_check_solver

$(BIN)/sp-c4: $(OBJ)/$(C4_DIR)/c4.o $(OBJ)/$(C4_DIR)/c4_solve.o $(OBJ)/$(C4_DIR)/c4_args.o $(WL_SIZE) $(WL_ATOMIC)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^

$(BIN)/sp-c4-check: $(OBJ)/$(C4_DIR)/c4_check.o $(OBJ)/$(C4_DIR)/c4_brute.o \
		$(OBJ)/$(C4_DIR)/c4_check_solver.o $(OBJ)/$(C4_DIR)/c4_args.o $(WL_SIZE) $(WL_CHECK)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^

$(TESTBIN)/c4_test_solve: $(OBJ)/$(C4_DIR)/tests/test_solve.o $(OBJ)/$(C4_DIR)/tests/random_game.o $(OBJ)/$(C4_DIR)/c4_solve.o $(OBJ)/$(C4_DIR)/c4_brute.o
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^

$(TESTBIN)/c4_test_check_solver: $(OBJ)/$(C4_DIR)/tests/test_check_solver.o $(OBJ)/$(C4_DIR)/tests/random_game.o $(OBJ)/$(C4_DIR)/c4_check_solver.o \
		$(OBJ)/$(C4_DIR)/c4_solve.o $(OBJ)/$(C4_DIR)/c4_brute.o
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^

$(OBJ)/$(C4_DIR)/tests/%.o: CFLAGS += -I$(C4_DIR) -Iharness/testing

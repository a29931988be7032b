# workload.mk - builds sp-crafty-gen (seeded chess positions),
# sp-crafty-search (execs Debian's stockfish on them), sp-crafty-check and
# the unit tests of the chess rules and the mate finder the check and the
# generator share.

CRAFTY_DIR := workloads/crafty
CRAFTY_RULES := $(OBJ)/$(CRAFTY_DIR)/crafty_chess.o $(OBJ)/$(CRAFTY_DIR)/crafty_mate.o \
		$(OBJ)/$(CRAFTY_DIR)/crafty_positions.o $(OBJ)/$(CRAFTY_DIR)/crafty_args.o
BINS   += $(BIN)/sp-crafty-gen $(BIN)/sp-crafty-search $(BIN)/sp-crafty-check
CTESTS += $(TESTBIN)/crafty_test_chess $(TESTBIN)/crafty_test_mate

$(BIN)/sp-crafty-gen: $(OBJ)/$(CRAFTY_DIR)/crafty_gen.o $(CRAFTY_RULES) $(WL_SIZE) $(WL_ATOMIC)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^

$(BIN)/sp-crafty-search: $(OBJ)/$(CRAFTY_DIR)/crafty_search.o $(OBJ)/$(CRAFTY_DIR)/crafty_args.o $(WL_SIZE)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^

$(BIN)/sp-crafty-check: $(OBJ)/$(CRAFTY_DIR)/crafty_check.o $(CRAFTY_RULES) $(WL_SIZE) $(WL_CHECK)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^

$(TESTBIN)/crafty_test_chess: $(OBJ)/$(CRAFTY_DIR)/tests/test_chess.o $(OBJ)/$(CRAFTY_DIR)/crafty_chess.o
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^

$(TESTBIN)/crafty_test_mate: $(OBJ)/$(CRAFTY_DIR)/tests/test_mate.o $(OBJ)/$(CRAFTY_DIR)/crafty_chess.o \
		$(OBJ)/$(CRAFTY_DIR)/crafty_mate.o $(OBJ)/$(CRAFTY_DIR)/crafty_positions.o
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^

$(OBJ)/$(CRAFTY_DIR)/tests/%.o: CFLAGS += -I$(CRAFTY_DIR) -Iharness/testing

# workload.mk - builds sp-matrix (the transposition) and sp-matrix-check.

MATRIX_DIR := workloads/matrix
BINS += $(BIN)/sp-matrix $(BIN)/sp-matrix-check

$(BIN)/sp-matrix: $(OBJ)/$(MATRIX_DIR)/matrix.o $(OBJ)/$(MATRIX_DIR)/matrix_args.o $(WL_SIZE) $(WL_ATOMIC)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lm

$(BIN)/sp-matrix-check: $(OBJ)/$(MATRIX_DIR)/matrix_check.o $(OBJ)/$(MATRIX_DIR)/matrix_args.o $(WL_SIZE) $(WL_CHECK)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lm

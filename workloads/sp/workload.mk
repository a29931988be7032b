# workload.mk - builds sp-sp (the scalar pentadiagonal ADI solver) and
# sp-sp-check (compares sampled points with the exact solution).

SP_DIR := workloads/sp
BINS += $(BIN)/sp-sp $(BIN)/sp-sp-check

$(BIN)/sp-sp: $(OBJ)/$(SP_DIR)/sp.o $(OBJ)/$(SP_DIR)/sp_args.o $(WL_SIZE) $(WL_ATOMIC)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lm

$(BIN)/sp-sp-check: $(OBJ)/$(SP_DIR)/sp_check.o $(OBJ)/$(SP_DIR)/sp_args.o $(WL_SIZE) $(WL_CHECK)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lm

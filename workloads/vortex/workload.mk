# workload.mk - builds sp-vortex-gen (the seeded operation log), sp-vortex
# (the measured program: the log replayed into SQLite in memory) and
# sp-vortex-check (the same log replayed into a hash map).

VORTEX_DIR := workloads/vortex
BINS += $(BIN)/sp-vortex-gen $(BIN)/sp-vortex $(BIN)/sp-vortex-check

$(BIN)/sp-vortex-gen: $(OBJ)/$(VORTEX_DIR)/vortex_gen.o $(OBJ)/$(VORTEX_DIR)/vortex_args.o $(WL_SIZE) $(WL_ATOMIC)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^

$(BIN)/sp-vortex: $(OBJ)/$(VORTEX_DIR)/vortex.o $(OBJ)/$(VORTEX_DIR)/vortex_args.o $(WL_SIZE) $(WL_ATOMIC)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lsqlite3

$(BIN)/sp-vortex-check: $(OBJ)/$(VORTEX_DIR)/vortex_check.o $(OBJ)/$(VORTEX_DIR)/vortex_args.o $(WL_SIZE) $(WL_CHECK)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^

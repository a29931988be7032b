# workload.mk - builds sp-povray-gen (the scene and its render settings) and
# sp-povray-check; the measured program is Debian's povray.

POVRAY_DIR := workloads/povray
BINS += $(BIN)/sp-povray-gen $(BIN)/sp-povray-check

$(BIN)/sp-povray-gen: $(OBJ)/$(POVRAY_DIR)/povray_gen.o $(OBJ)/$(POVRAY_DIR)/povray_args.o $(WL_SIZE) $(WL_ATOMIC)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lm

$(BIN)/sp-povray-check: $(OBJ)/$(POVRAY_DIR)/povray_check.o $(OBJ)/$(POVRAY_DIR)/povray_args.o $(WL_SIZE) $(WL_CHECK)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^

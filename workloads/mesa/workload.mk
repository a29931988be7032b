# workload.mk - builds sp-mesa-gen (the seeded height field, mesa.in),
# sp-mesa (the measured program: Debian's libOSMesa rendering it frame
# after frame) and sp-mesa-check (coverage by its own projection, colours
# by its own rendering of the frame).

MESA_DIR := workloads/mesa
MESA_COMMON := $(OBJ)/$(MESA_DIR)/mesa_args.o $(OBJ)/$(MESA_DIR)/mesa_mesh.o
BINS += $(BIN)/sp-mesa-gen $(BIN)/sp-mesa $(BIN)/sp-mesa-check

$(BIN)/sp-mesa-gen: $(OBJ)/$(MESA_DIR)/mesa_gen.o $(OBJ)/$(MESA_DIR)/mesa_args.o $(WL_SIZE) $(WL_ATOMIC)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lm

$(BIN)/sp-mesa: $(OBJ)/$(MESA_DIR)/mesa.o $(OBJ)/$(MESA_DIR)/mesa_scene.o $(MESA_COMMON) $(WL_SIZE) $(WL_ATOMIC)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lOSMesa -lm

$(BIN)/sp-mesa-check: $(OBJ)/$(MESA_DIR)/mesa_check.o $(OBJ)/$(MESA_DIR)/mesa_check_cover.o \
		      $(OBJ)/$(MESA_DIR)/mesa_check_raster.o \
		      $(OBJ)/$(MESA_DIR)/mesa_check_ppm.o $(MESA_COMMON) $(WL_SIZE) $(WL_CHECK)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lm

# Not a workload program: the tests' renderings with one mistake each
# (tests/wrong_render.c), built with the programs so that the Python tests
# find it.
BINS += $(TESTBIN)/mesa_wrong_render

$(TESTBIN)/mesa_wrong_render: $(OBJ)/$(MESA_DIR)/tests/wrong_render.o $(OBJ)/$(MESA_DIR)/mesa_scene.o $(OBJ)/$(MESA_DIR)/mesa_mesh.o
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lOSMesa -lm

$(OBJ)/$(MESA_DIR)/tests/%.o: CFLAGS += -I$(MESA_DIR)

# workload.mk - builds sp-art-gen (the seeded training objects, thermal
# scene and scan parameters), sp-art (the measured program: SPEC 179.art's
# ART-2 network trained on the objects, then scanning the scene) and
# sp-art-check (the planted truth, and the winning windows' confidences
# recomputed by a second, flat implementation of the network).

ART_DIR := workloads/art
ART_COMMON := $(OBJ)/$(ART_DIR)/art_args.o $(OBJ)/$(ART_DIR)/art_pgm.o $(WL_SIZE)
BINS += $(BIN)/sp-art-gen $(BIN)/sp-art $(BIN)/sp-art-check

$(BIN)/sp-art-gen: $(OBJ)/$(ART_DIR)/art_gen.o $(OBJ)/$(ART_DIR)/art_paint.o $(OBJ)/$(ART_DIR)/art_layout.o $(ART_COMMON) $(WL_ATOMIC)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lm

$(BIN)/sp-art: $(OBJ)/$(ART_DIR)/art.o $(OBJ)/$(ART_DIR)/art_net.o $(OBJ)/$(ART_DIR)/art_par.o $(ART_COMMON) $(WL_ATOMIC)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lm

$(BIN)/sp-art-check: $(OBJ)/$(ART_DIR)/art_check.o $(OBJ)/$(ART_DIR)/art_check_net.o $(OBJ)/$(ART_DIR)/art_layout.o $(ART_COMMON) $(WL_LINES)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lm

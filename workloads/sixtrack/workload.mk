# workload.mk - builds sp-sixtrack-gen (sixtrack.in: the ring's design and
# the particles, from the size and seed), sp-sixtrack (the measured
# program: a C main around the Fortran structure table and thin6d
# tracking) and sp-sixtrack-check (its own C tracker, symplecticity and
# the tune against the ring's transfer matrices).

SIXTRACK_DIR := workloads/sixtrack
SIXTRACK_OBJ := $(OBJ)/$(SIXTRACK_DIR)
$(SIXTRACK_OBJ)/%.o: ROW_FFLAGS := -std=f2008
SIXTRACK_FORTRAN := $(patsubst %,$(SIXTRACK_OBJ)/sixtrack_%.o,input ring track run)
SIXTRACK_ARGS := $(SIXTRACK_OBJ)/sixtrack_args.o $(WL_SIZE)
BINS += $(BIN)/sp-sixtrack-gen $(BIN)/sp-sixtrack $(BIN)/sp-sixtrack-check

# Each module uses the ones before it.
$(SIXTRACK_OBJ)/sixtrack_ring.o: $(SIXTRACK_OBJ)/sixtrack_input.o
$(SIXTRACK_OBJ)/sixtrack_track.o: $(SIXTRACK_OBJ)/sixtrack_ring.o
$(SIXTRACK_OBJ)/sixtrack_run.o: $(SIXTRACK_OBJ)/sixtrack_track.o

$(BIN)/sp-sixtrack-gen: $(SIXTRACK_OBJ)/sixtrack_gen.o $(SIXTRACK_OBJ)/sixtrack_design.o $(SIXTRACK_ARGS) $(WL_ATOMIC)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lm

$(BIN)/sp-sixtrack: $(SIXTRACK_OBJ)/sixtrack.o $(SIXTRACK_OBJ)/sixtrack_gauss.o $(SIXTRACK_FORTRAN) $(SIXTRACK_ARGS) $(WL_ATOMIC)
	@mkdir -p $(dir $@)
	$(FC) $(FFLAGS) -o $@ $^ -lm

$(BIN)/sp-sixtrack-check: $(patsubst %,$(SIXTRACK_OBJ)/sixtrack_%.o,check files ref optics gauss) $(SIXTRACK_ARGS) $(WL_LINES)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lm

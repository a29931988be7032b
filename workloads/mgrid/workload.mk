# workload.mk - builds sp-mgrid-gen (the input file: coefficients and
# seeded charges), sp-mgrid (the measured program: a C main around the
# Fortran multigrid solver) and sp-mgrid-check (the residual of the
# written field and the first V-cycles, recomputed in C).

MGRID_DIR := workloads/mgrid
BINS += $(BIN)/sp-mgrid-gen $(BIN)/sp-mgrid $(BIN)/sp-mgrid-check

MGRID_COMMON := $(OBJ)/$(MGRID_DIR)/mgrid_args.o $(OBJ)/$(MGRID_DIR)/mgrid_problem.o $(WL_SIZE)
MGRID_SOLVER := $(patsubst %,$(OBJ)/$(MGRID_DIR)/mgrid_%.o,setup grid stencil transfer solve)

$(BIN)/sp-mgrid-gen: $(OBJ)/$(MGRID_DIR)/mgrid_gen.o $(MGRID_COMMON) $(WL_ATOMIC)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lm

$(BIN)/sp-mgrid: $(OBJ)/$(MGRID_DIR)/mgrid_main.o $(OBJ)/$(MGRID_DIR)/mgrid_input.o $(MGRID_SOLVER) $(MGRID_COMMON) $(WL_ATOMIC)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lgfortran -lm

$(BIN)/sp-mgrid-check: $(OBJ)/$(MGRID_DIR)/mgrid_check.o $(OBJ)/$(MGRID_DIR)/mgrid_ref.o $(MGRID_COMMON) $(WL_CHECK)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lm

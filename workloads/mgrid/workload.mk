# workload.mk - builds sp-mgrid-gen (the input file: coefficients and
# seeded charges), sp-mgrid (the measured program: a C main around the
# Fortran multigrid solver) and sp-mgrid-check (the residual of the
# written field and the first V-cycles, recomputed in C).

MGRID_DIR := workloads/mgrid
BINS += $(BIN)/sp-mgrid-gen $(BIN)/sp-mgrid $(BIN)/sp-mgrid-check

# make's built-in FC is f77; the solver is Fortran 90 for gfortran
ifeq ($(origin FC),default)
FC := gfortran
endif
MGRID_FFLAGS := -O2 -g -Wall -Wextra -Werror

MGRID_COMMON := $(OBJ)/$(MGRID_DIR)/mgrid_args.o $(OBJ)/$(MGRID_DIR)/mgrid_problem.o $(WL_SIZE)
MGRID_SOLVER := $(patsubst %,$(OBJ)/$(MGRID_DIR)/mgrid_%.o,setup grid stencil transfer solve)

$(OBJ)/$(MGRID_DIR)/%.o: $(MGRID_DIR)/%.f90 | deps-ok
	@mkdir -p $(dir $@)
	$(FC) $(MGRID_FFLAGS) -c -o $@ $<

$(BIN)/sp-mgrid-gen: $(OBJ)/$(MGRID_DIR)/mgrid_gen.o $(MGRID_COMMON) $(WL_ATOMIC)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lm

$(BIN)/sp-mgrid: $(OBJ)/$(MGRID_DIR)/mgrid_main.o $(OBJ)/$(MGRID_DIR)/mgrid_input.o $(MGRID_SOLVER) $(MGRID_COMMON) $(WL_ATOMIC)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lgfortran -lm

$(BIN)/sp-mgrid-check: $(OBJ)/$(MGRID_DIR)/mgrid_check.o $(OBJ)/$(MGRID_DIR)/mgrid_ref.o $(MGRID_COMMON) $(WL_CHECK)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lm

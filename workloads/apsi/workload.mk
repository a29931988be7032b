# workload.mk - builds sp-apsi-gen (apsi.in from the size and seed),
# sp-apsi (the measured program: a C main around the Fortran model, its
# pressure solves on Debian's FFTW) and sp-apsi-check (conservation,
# bounds, the diffusion probe against the scheme's exact decay, and the
# pressure's residual by its own finite differences).

APSI_DIR := workloads/apsi
APSI_OBJ := $(OBJ)/$(APSI_DIR)
# fftw3.f03 from /usr/include
$(APSI_OBJ)/%.o: ROW_FFLAGS := -std=f2008 -I/usr/include
APSI_FORTRAN := $(patsubst %,$(APSI_OBJ)/apsi_%.o,params fields transport diag pressure model)
APSI_COMMON := $(APSI_OBJ)/apsi_args.o $(APSI_OBJ)/apsi_problem.o $(APSI_OBJ)/apsi_input.o $(WL_SIZE)
BINS += $(BIN)/sp-apsi-gen $(BIN)/sp-apsi $(BIN)/sp-apsi-check

# the modules each file uses
$(APSI_OBJ)/apsi_fields.o: $(APSI_OBJ)/apsi_params.o
$(APSI_OBJ)/apsi_model.o: $(APSI_OBJ)/apsi_params.o $(APSI_OBJ)/apsi_fields.o \
	$(APSI_OBJ)/apsi_transport.o $(APSI_OBJ)/apsi_pressure.o $(APSI_OBJ)/apsi_diag.o

$(BIN)/sp-apsi-gen: $(APSI_OBJ)/apsi_gen.o $(APSI_COMMON) $(WL_ATOMIC)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lm

$(BIN)/sp-apsi: $(APSI_OBJ)/apsi_main.o $(APSI_FORTRAN) $(APSI_COMMON) $(WL_ATOMIC)
	@mkdir -p $(dir $@)
	$(FC) $(FFLAGS) -o $@ $^ -lfftw3 -lm

$(BIN)/sp-apsi-check: $(APSI_OBJ)/apsi_check.o $(APSI_OBJ)/apsi_result.o \
		$(APSI_OBJ)/apsi_check_fields.o $(APSI_COMMON) $(WL_CHECK)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lm

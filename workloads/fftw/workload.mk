# workload.mk - builds sp-fftw (3-D FFT through Debian's libfftw3) and
# sp-fftw-check (direct DFT of sampled coefficients, no FFTW).

FFTW_DIR := workloads/fftw
BINS += $(BIN)/sp-fftw $(BIN)/sp-fftw-check

$(BIN)/sp-fftw: $(OBJ)/$(FFTW_DIR)/fftw.o $(OBJ)/$(FFTW_DIR)/fftw_spec.o $(WL_SIZE) $(WL_ATOMIC)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lfftw3 -lm

$(BIN)/sp-fftw-check: $(OBJ)/$(FFTW_DIR)/fftw_check.o $(OBJ)/$(FFTW_DIR)/fftw_spec.o $(WL_SIZE) $(WL_LINES)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lm

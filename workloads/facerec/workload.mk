# workload.mk - builds sp-facerec-gen (seeded synthetic album and probe
# faces, facerec.in), sp-facerec (the measured program: Gabor wavelet
# transforms through Debian's libfftw3 and elastic graph matching) and
# sp-facerec-check (identities against the generator's truth, scores, and
# sampled jets by direct spatial convolution, no FFT).

FACEREC_DIR := workloads/facerec
FACEREC_INPUT := $(OBJ)/$(FACEREC_DIR)/facerec_input.o $(OBJ)/$(FACEREC_DIR)/facerec_args.o
BINS += $(BIN)/sp-facerec-gen $(BIN)/sp-facerec $(BIN)/sp-facerec-check

$(BIN)/sp-facerec-gen: $(OBJ)/$(FACEREC_DIR)/facerec_gen.o $(OBJ)/$(FACEREC_DIR)/facerec_face.o \
		$(FACEREC_INPUT) $(WL_SIZE) $(WL_ATOMIC)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lm

$(BIN)/sp-facerec: $(OBJ)/$(FACEREC_DIR)/facerec.o $(OBJ)/$(FACEREC_DIR)/facerec_gabor.o \
		$(OBJ)/$(FACEREC_DIR)/facerec_match.o $(FACEREC_INPUT) $(WL_SIZE) $(WL_ATOMIC)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lfftw3 -lm

$(BIN)/sp-facerec-check: $(OBJ)/$(FACEREC_DIR)/facerec_check.o \
		$(OBJ)/$(FACEREC_DIR)/facerec_check_read.o \
		$(OBJ)/$(FACEREC_DIR)/facerec_check_jets.o $(FACEREC_INPUT) $(WL_SIZE) $(WL_CHECK)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lm

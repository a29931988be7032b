# workload.mk - builds sp-bzip2-gen (the seeded corpus), sp-bzip2 (SPEC
# 256.bzip2's in-memory harness on Debian's libbz2) and sp-bzip2-check
# (Debian's bzip2 program decompresses the output).

BZIP2_DIR := workloads/bzip2
BINS += $(BIN)/sp-bzip2-gen $(BIN)/sp-bzip2 $(BIN)/sp-bzip2-check

$(BIN)/sp-bzip2-gen: $(OBJ)/$(BZIP2_DIR)/bzip2_gen.o $(WL_CORPUS_ARGS) $(WL_CORPUS) $(WL_SIZE) $(WL_ATOMIC)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^

$(BIN)/sp-bzip2: $(OBJ)/$(BZIP2_DIR)/bzip2.o $(WL_CORPUS_ARGS) $(WL_CORPUS) $(WL_SIZE) $(WL_ATOMIC)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lbz2

$(BIN)/sp-bzip2-check: $(OBJ)/$(BZIP2_DIR)/bzip2_check.o $(WL_CORPUS_ARGS) $(WL_CORPUS_CHECK) $(WL_CORPUS) $(WL_SIZE) $(WL_ATOMIC) $(WL_CHECK)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^

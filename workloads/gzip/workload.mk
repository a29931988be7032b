# workload.mk - builds sp-gzip-gen (the seeded corpus), sp-gzip (SPEC
# 164.gzip's in-memory harness on Debian's zlib) and sp-gzip-check (Debian's
# gzip program decompresses the output).

GZIP_DIR := workloads/gzip
BINS += $(BIN)/sp-gzip-gen $(BIN)/sp-gzip $(BIN)/sp-gzip-check

$(BIN)/sp-gzip-gen: $(OBJ)/$(GZIP_DIR)/gzip_gen.o $(WL_CORPUS_ARGS) $(WL_CORPUS) $(WL_SIZE) $(WL_ATOMIC)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^

$(BIN)/sp-gzip: $(OBJ)/$(GZIP_DIR)/gzip.o $(WL_CORPUS_ARGS) $(WL_CORPUS) $(WL_SIZE) $(WL_ATOMIC)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lz

$(BIN)/sp-gzip-check: $(OBJ)/$(GZIP_DIR)/gzip_check.o $(WL_CORPUS_ARGS) $(WL_CORPUS_CHECK) $(WL_CORPUS) $(WL_SIZE) $(WL_ATOMIC) $(WL_CHECK)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^

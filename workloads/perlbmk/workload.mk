# workload.mk - builds sp-perlbmk-gen (the seeded mailbox) and
# sp-perlbmk-check, and puts sp-perlbmk.pl, the script Debian's perl runs,
# beside them in build/bin.

PERLBMK_DIR := workloads/perlbmk
BINS += $(BIN)/sp-perlbmk-gen $(BIN)/sp-perlbmk-check $(BIN)/sp-perlbmk.pl

$(BIN)/sp-perlbmk-gen: $(OBJ)/$(PERLBMK_DIR)/perlbmk_gen.o $(OBJ)/$(PERLBMK_DIR)/perlbmk_mail.o $(OBJ)/$(PERLBMK_DIR)/perlbmk_args.o $(WL_SIZE) $(WL_ATOMIC)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lm

$(BIN)/sp-perlbmk-check: $(OBJ)/$(PERLBMK_DIR)/perlbmk_check.o $(OBJ)/$(PERLBMK_DIR)/perlbmk_mail.o $(OBJ)/$(PERLBMK_DIR)/perlbmk_args.o $(WL_SIZE) $(WL_CHECK)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lm

$(BIN)/sp-perlbmk.pl: $(PERLBMK_DIR)/sp-perlbmk.pl
	@mkdir -p $(dir $@)
	install -m 755 $< $@

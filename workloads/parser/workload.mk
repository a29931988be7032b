# workload.mk - builds sp-parser-gen (the seeded English text) and
# sp-parser-check; the measured program is Debian's link-parser.

PARSER_DIR := workloads/parser
BINS += $(BIN)/sp-parser-gen $(BIN)/sp-parser-check

$(BIN)/sp-parser-gen: $(OBJ)/$(PARSER_DIR)/parser_gen.o $(OBJ)/$(PARSER_DIR)/parser_text.o $(OBJ)/$(PARSER_DIR)/parser_args.o $(WL_SIZE) $(WL_ATOMIC)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^

$(BIN)/sp-parser-check: $(OBJ)/$(PARSER_DIR)/parser_check.o $(OBJ)/$(PARSER_DIR)/parser_text.o $(OBJ)/$(PARSER_DIR)/parser_args.o $(WL_SIZE) $(WL_CHECK)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^

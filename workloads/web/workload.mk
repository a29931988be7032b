# workload.mk - builds the web workload's programs: sp-web-gen (document
# tree and request trace), sp-web-run (the server under measurement, with
# its load generator) and sp-web-check (the run's report and log, then a
# content pass against a server of its own); web_server.c starts merecat
# for both.

WEB_DIR := workloads/web
BINS += $(BIN)/sp-web-gen $(BIN)/sp-web-run $(BIN)/sp-web-check

$(BIN)/sp-web-gen: $(OBJ)/$(WEB_DIR)/web_gen.o $(WL_SIZE) $(WL_ATOMIC)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lm

$(BIN)/sp-web-run: $(OBJ)/$(WEB_DIR)/web_run.o $(OBJ)/$(WEB_DIR)/web_report.o \
		$(OBJ)/$(WEB_DIR)/web_server.o $(WL_CLI)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^

$(BIN)/sp-web-check: $(OBJ)/$(WEB_DIR)/web_check.o $(OBJ)/$(WEB_DIR)/web_report.o \
		$(OBJ)/$(WEB_DIR)/web_server.o $(WL_CLI)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^

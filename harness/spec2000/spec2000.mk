# spec2000.mk - builds sp-specinvoke, the launcher that runs a licensed SPEC
# CPU2000 benchmark's reference invocations for `spbench run --spec2000`.

BINS += $(BIN)/sp-specinvoke

$(BIN)/sp-specinvoke: $(OBJ)/harness/spec2000/specinvoke.o
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^

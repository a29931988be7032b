# workload.mk - builds sp-image-gen (the input image and the ImageMagick
# policy), sp-image-run (execs Debian's convert, the measured program, to
# turn the image -r times) and sp-image-check.

IMAGE_DIR := workloads/image
BINS += $(BIN)/sp-image-gen $(BIN)/sp-image-run $(BIN)/sp-image-check

$(BIN)/sp-image-gen: $(OBJ)/$(IMAGE_DIR)/image_gen.o $(OBJ)/$(IMAGE_DIR)/image_args.o $(WL_SIZE) $(WL_ATOMIC)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lm

$(BIN)/sp-image-run: $(OBJ)/$(IMAGE_DIR)/image_run.o $(OBJ)/$(IMAGE_DIR)/image_args.o $(WL_SIZE)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lm

$(BIN)/sp-image-check: $(OBJ)/$(IMAGE_DIR)/image_check.o $(OBJ)/$(IMAGE_DIR)/image_args.o $(WL_SIZE) $(WL_CHECK)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lm

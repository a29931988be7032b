# kvm.mk - builds spkvmprobe, the KVM usability probe (doctor, kernel boot).
BINS += $(BIN)/spkvmprobe

$(BIN)/spkvmprobe: $(OBJ)/harness/kvm/spkvmprobe.o
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^

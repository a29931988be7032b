/* spkvmprobe.c - does KVM really run guest code here?  /dev/kvm can exist
 * while nested virtualisation hangs, so this runs a four-instruction guest
 * in a child process and gives up after a timeout.  Exit 0: KVM works;
 * 1: it does not (reason on stderr); 2: bad usage. */
#include <errno.h>
#include <fcntl.h>
#include <linux/kvm.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define GUEST_ADDR 0x1000
#define PROBE_PORT 0x10
#define PROBE_BYTE 42

/* 16-bit real mode: mov dx, 0x10; mov al, 42; out dx, al; hlt */
static const unsigned char guest_code[] = {
	0xba, PROBE_PORT, 0x00, 0xb0, PROBE_BYTE, 0xee, 0xf4,
};

static int fail(const char *what)
{
	fprintf(stderr, "%s: %s\n", what, strerror(errno));
	return 1;
}

static int run_guest(void)
{
	int kvm, vm, vcpu, size;
	struct kvm_run *run;
	struct kvm_sregs sregs;
	struct kvm_regs regs = { .rip = GUEST_ADDR, .rflags = 2 };
	void *mem;

	kvm = open("/dev/kvm", O_RDWR | O_CLOEXEC);
	if (kvm < 0)
		return fail("open /dev/kvm");
	if (ioctl(kvm, KVM_GET_API_VERSION, 0) != KVM_API_VERSION) {
		fprintf(stderr, "unexpected KVM API version\n");
		return 1;
	}
	vm = ioctl(kvm, KVM_CREATE_VM, 0);
	if (vm < 0)
		return fail("KVM_CREATE_VM");
	mem = mmap(NULL, 0x1000, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (mem == MAP_FAILED)
		return fail("mmap");
	memcpy(mem, guest_code, sizeof(guest_code));
	struct kvm_userspace_memory_region region = {
		.slot = 0, .guest_phys_addr = GUEST_ADDR, .memory_size = 0x1000,
		.userspace_addr = (unsigned long)mem,
	};
	if (ioctl(vm, KVM_SET_USER_MEMORY_REGION, &region) < 0)
		return fail("KVM_SET_USER_MEMORY_REGION");
	vcpu = ioctl(vm, KVM_CREATE_VCPU, 0);
	if (vcpu < 0)
		return fail("KVM_CREATE_VCPU");
	size = ioctl(kvm, KVM_GET_VCPU_MMAP_SIZE, 0);
	if (size < (int)sizeof(*run))
		return fail("KVM_GET_VCPU_MMAP_SIZE");
	run = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, vcpu, 0);
	if (run == MAP_FAILED)
		return fail("mmap vcpu");
	if (ioctl(vcpu, KVM_GET_SREGS, &sregs) < 0)
		return fail("KVM_GET_SREGS");
	sregs.cs.base = 0;
	sregs.cs.selector = 0;
	if (ioctl(vcpu, KVM_SET_SREGS, &sregs) < 0)
		return fail("KVM_SET_SREGS");
	if (ioctl(vcpu, KVM_SET_REGS, &regs) < 0)
		return fail("KVM_SET_REGS");

	int saw_out = 0;

	for (;;) {
		if (ioctl(vcpu, KVM_RUN, 0) < 0)
			return fail("KVM_RUN");
		if (run->exit_reason == KVM_EXIT_IO &&
		    run->io.direction == KVM_EXIT_IO_OUT &&
		    run->io.port == PROBE_PORT &&
		    *((unsigned char *)run + run->io.data_offset) == PROBE_BYTE) {
			saw_out = 1;
			continue;
		}
		if (run->exit_reason == KVM_EXIT_HLT && saw_out)
			return 0;
		fprintf(stderr, "guest stopped unexpectedly (exit reason %u)\n",
			run->exit_reason);
		return 1;
	}
}

int main(int argc, char **argv)
{
	double timeout = 5;
	struct timespec start, now;
	pid_t pid;
	int status;

	if (argc == 3 && strcmp(argv[1], "--timeout") == 0)
		timeout = atof(argv[2]);
	else if (argc != 1) {
		fprintf(stderr, "usage: spkvmprobe [--timeout SECONDS]\n");
		return 2;
	}
	if (timeout <= 0) {
		fprintf(stderr, "spkvmprobe: --timeout must be positive\n");
		return 2;
	}
	pid = fork();
	if (pid < 0)
		return fail("fork");
	if (pid == 0)
		_exit(run_guest());
	clock_gettime(CLOCK_MONOTONIC, &start);
	for (;;) {
		pid_t r = waitpid(pid, &status, WNOHANG);

		if (r == pid)
			break;
		clock_gettime(CLOCK_MONOTONIC, &now);
		if (now.tv_sec - start.tv_sec +
		    (now.tv_nsec - start.tv_nsec) / 1e9 > timeout) {
			kill(pid, SIGKILL);
			fprintf(stderr, "guest did not finish within %g s "
				"(nested KVM hangs?)\n", timeout);
			return 1;
		}
		usleep(10000);
	}
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	fprintf(stderr, "probe killed by signal %d\n", WTERMSIG(status));
	return 1;
}

"""Tests of needs.py: the guests' kernel needs found in their programs, the fragment that
covers them (configured by the kernel's own Kconfig), and the self-check that names what a
kernel lacks."""
import gzip
import os
import re
import shutil

import pytest

from harness.driver import config
from harness.driver.errors import UserError
from harness.driver.kernel import build, jobs, needs
from harness.records import GuestJob

TREE = os.path.join(config.kernel_dir(), "src", "linux-source-6.12")
FRAGMENTS = {"stock": ["guest.config"], "test": ["guest.config", "debug.config"]}


def configured(tmp, variant, drop=None, seed=None):
    """The .config the kernel's Kconfig makes of the variant's fragments (less the line
    drop), in tmp (starting from a copy of the object folder seed, whose built kconfig
    tools it reuses); skips where no source tree is extracted."""
    if not build._is_kernel_tree(TREE):
        pytest.skip(f"no kernel source at {TREE} ('spbench kernel build' extracts it)")
    frags = []
    for name in FRAGMENTS[variant]:
        frag = tmp / name
        lines = open(os.path.join(build.CONFIGS, name)).read().splitlines()
        frag.write_text("".join(line + "\n" for line in lines if line != drop))
        frags.append(str(frag))
    assert drop is None or any(drop not in open(f).read() for f in frags)
    obj = tmp / "obj"
    if seed:
        shutil.copytree(seed, obj)
    build.configure(TREE, str(obj), frags, str(tmp / "log"))
    return (obj / ".config").read_text()


@pytest.fixture(scope="module")
def test_obj(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("test-config")
    configured(tmp, "test")
    return tmp / "obj"


@pytest.fixture(scope="module")
def test_config(test_obj):
    return (test_obj / ".config").read_text()


def write_gz(path, text):
    with gzip.open(path, "wt") as f:
        f.write(text)
    return str(path)


def test_guest_fragment_covers_every_guest_need(tmp_path, test_obj):
    stock = configured(tmp_path, "stock", seed=test_obj)
    assert needs.missing(stock, needs.needs(["guest"])) == []


def test_test_variant_covers_the_kernel_tests_needs_too(test_config):
    assert needs.missing(test_config, needs.needs(["guest", "kernel-tests"])) == []


def test_each_needed_option_left_out_is_named_by_the_self_check(test_config, tmp_path):
    wanted = needs.needs(["guest", "kernel-tests"])
    for option in wanted:
        if option == "CONFIG_MMU":
            continue
        text = "\n".join(line for line in test_config.splitlines()
                         if not line.startswith(option + "="))
        with pytest.raises(UserError) as e:
            needs.check_running(["guest", "kernel-tests"], write_gz(tmp_path / "c.gz", text))
        message = str(e.value)
        assert "\n" not in message
        assert f"lacks {option} (needed by" in message


def test_userfaultfd_left_out_of_the_fragment_fails_the_check(tmp_path, test_obj):
    text = configured(tmp_path, "test", drop="CONFIG_USERFAULTFD=y", seed=test_obj)
    assert "CONFIG_USERFAULTFD=y" not in text
    with pytest.raises(UserError, match=r"lacks CONFIG_USERFAULTFD \(needed by "
                       r"kernel-patch/tests/resv_uffd.c"):
        needs.check_running(["guest", "kernel-tests"], write_gz(tmp_path / "c.gz", text))
    # the stock guests' needs do not include it
    needs.check_running(["guest"], write_gz(tmp_path / "c.gz", text))


def test_a_kernel_without_config_gz_names_ikconfig_proc(tmp_path):
    with pytest.raises(UserError, match="CONFIG_IKCONFIG_PROC"):
        needs.check_running(["guest"], str(tmp_path / "absent.gz"))


def test_every_interface_listed_is_used_by_some_guest_program():
    texts = [open(f, errors="replace").read() for group in needs.CONSUMERS
             for f in needs.consumer_files(group)]
    unused = [p for p, _, _ in needs.INTERFACES
              if not any(re.search(p, t, re.MULTILINE) for t in texts)]
    assert unused == []


def test_every_kernel_path_the_guests_use_is_accounted_for():
    for group in needs.CONSUMERS:
        assert needs.unaccounted_paths(group) == [], group


def test_a_new_interface_in_a_program_becomes_a_need_or_is_flagged(tmp_path):
    tests = tmp_path / "kernel-patch" / "tests"
    tests.mkdir(parents=True)
    (tests / "resv_new.c").write_text('int fd = syscall(__NR_userfaultfd, 0);\n'
                                      'open("/sys/kernel/mm/damon/admin", O_RDONLY);\n')
    found = needs.needs(["kernel-tests"], repo=str(tmp_path))
    assert found["CONFIG_USERFAULTFD"] == "kernel-patch/tests/resv_new.c: userfaultfd"
    assert needs.unaccounted_paths("kernel-tests", repo=str(tmp_path)) == [
        "kernel-patch/tests/resv_new.c: /sys/kernel/mm/damon/admin"]


def test_the_test_suite_job_needs_the_kernel_tests_options():
    suite = GuestJob("exec", argv=[jobs.KERNEL_TESTS], env={})
    assert jobs.need_groups(suite) == ["guest", "kernel-tests"]
    assert jobs.need_groups(GuestJob("exec", argv=["/bin/true"], env={})) == ["guest"]


def test_the_self_check_runs_only_in_a_guest(tmp_path, monkeypatch):
    job = GuestJob("exec", argv=["/bin/true"], env={})
    absent = str(tmp_path / "absent.gz")
    monkeypatch.delenv(jobs.IN_GUEST, raising=False)
    jobs.check_kernel(job, absent)
    monkeypatch.setenv(jobs.IN_GUEST, "1")
    with pytest.raises(UserError, match="CONFIG_IKCONFIG_PROC"):
        jobs.check_kernel(job, absent)


def test_configure_starts_from_allnoconfig(test_config):
    # what defconfig has and no guest uses stays out
    for option in ("CONFIG_EXT4_FS", "CONFIG_USB_SUPPORT", "CONFIG_DRM", "CONFIG_ETHERNET",
                   "CONFIG_MODULES"):
        assert f"{option}=y" not in test_config.splitlines()


STOCK_BUILT = os.path.join(config.kernel_dir(), "stock", "build.json")


@pytest.mark.skipif(not os.path.exists(STOCK_BUILT),
                    reason="no stock kernel built ('spbench kernel build --variant stock')")
def test_a_booted_stock_kernel_refuses_the_test_suite_naming_what_it_lacks(tmp_path):
    from harness.driver.kernel import boot
    command = jobs.guest_command(GuestJob("exec", argv=[jobs.KERNEL_TESTS], env={}),
                                 str(tmp_path))
    result = boot.boot("stock", command, share=str(tmp_path), timeout=600, echo=False)
    assert result.status != 0
    lacking = [line for line in result.output if "the guest kernel lacks" in line]
    assert len(lacking) == 1, result.output
    for option in ("CONFIG_DEBUG_VM", "CONFIG_KSM", "CONFIG_ZRAM"):
        assert f"{option} (needed by" in lacking[0]
    assert "CONFIG_USERFAULTFD" not in lacking[0]

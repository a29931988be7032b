"""Tests of host.py without a distribution build: Debian's own kernel configuration, with
the series applied to the tree, configures with the reservation patch built in and the
machine's drivers kept."""
import glob
import lzma
import os
import re
import shutil
import subprocess

import pytest

from harness.driver import config
from harness.driver.errors import UserError
from harness.driver.kernel import build, host

DEBIAN_CONFIG = "/usr/src/linux-config-6.12/config.amd64_none_amd64.xz"
PATCHED = os.path.join(config.kernel_dir(), "patched-src")


def enabled(text):
    return {m.group(1) for m in re.finditer(r"^(CONFIG_\w+)=[ym]$", text, re.MULTILINE)}


@pytest.fixture(scope="module")
def patched_tree():
    applied = glob.glob(os.path.join(PATCHED, build.SERIES_DIR, "*.patch"))
    if not os.path.exists(DEBIAN_CONFIG):
        pytest.skip(f"{DEBIAN_CONFIG} absent (package linux-config-6.12)")
    if sorted(map(os.path.basename, applied)) != sorted(map(os.path.basename, build.series())):
        pytest.skip(f"no tree with the whole series at {PATCHED} ('spbench kernel build "
                    "--variant patched' makes it)")
    return PATCHED


@pytest.fixture(scope="module")
def debian_configured(patched_tree, tmp_path_factory):
    tmp = tmp_path_factory.mktemp("host")
    base = host.read_config(DEBIAN_CONFIG)
    return base, host.configure(patched_tree, str(tmp / "obj"), base, str(tmp / "log"))


def test_debian_config_with_the_series_builds_the_reservations_in(debian_configured,
                                                                  patched_tree):
    _, text = debian_configured
    assert "CONFIG_TRANSPARENT_HUGEPAGE=y" in text.splitlines()
    makefile = open(os.path.join(patched_tree, "mm", "Makefile")).read()
    assert re.search(r"obj-\$\(CONFIG_TRANSPARENT_HUGEPAGE\) \+=.*\bthp_resv\.o", makefile)
    assert os.path.exists(os.path.join(patched_tree, "mm", "thp_resv.c"))


def test_debian_config_keeps_the_machine_drivers_and_drops_its_keys(debian_configured):
    base, text = debian_configured
    kept = enabled(base) & enabled(text)
    # olddefconfig over the same tree changes only what host.config asks
    assert len(kept) >= 0.99 * len(enabled(base))
    for driver in ("CONFIG_BLK_DEV_NVME", "CONFIG_E1000E", "CONFIG_SATA_AHCI",
                   "CONFIG_EXT4_FS", "CONFIG_DRM_I915"):
        assert driver in enabled(base) and driver in enabled(text), driver
    lines = text.splitlines()
    assert 'CONFIG_SYSTEM_TRUSTED_KEYS=""' in lines
    assert "CONFIG_DEBUG_INFO_NONE=y" in lines


def test_a_configuration_without_thp_is_refused(patched_tree, tmp_path):
    base = host.read_config(DEBIAN_CONFIG) + "\n# CONFIG_TRANSPARENT_HUGEPAGE is not set\n"
    with pytest.raises(UserError, match="CONFIG_TRANSPARENT_HUGEPAGE=y"):
        host.configure(patched_tree, str(tmp_path / "obj"), base, str(tmp_path / "log"))


def test_base_config_reads_the_file_given_compressed_or_not(tmp_path):
    plain = tmp_path / "config"
    plain.write_text("CONFIG_MMU=y\n")
    packed = tmp_path / "config.xz"
    with lzma.open(packed, "wt") as f:
        f.write("CONFIG_MMU=y\n")
    assert host.base_config(str(plain)) == ("CONFIG_MMU=y\n", str(plain))
    assert host.base_config(str(packed))[0] == "CONFIG_MMU=y\n"
    with pytest.raises(UserError, match="no such file"):
        host.base_config(str(tmp_path / "absent"))


def test_only_stock_or_patched_are_built_for_a_host():
    with pytest.raises(UserError, match="stock or patched"):
        host.build_packages("test")


def scratch_root(root):
    """A root dpkg can install into and run maintainer scripts in (chrooted): its database,
    and the host's sh and run-parts with their libraries."""
    for d in ("var/lib/dpkg/info", "var/lib/dpkg/updates", "var/lib/dpkg/triggers", "tmp"):
        (root / d).mkdir(parents=True)
    for f in ("status", "available"):
        (root / "var/lib/dpkg" / f).touch()
    for program in ("/bin/sh", "/bin/run-parts"):
        ldd = subprocess.run(["ldd", os.path.realpath(program)], capture_output=True,
                             text=True).stdout
        for path in [program] + re.findall(r"(/\S+) \(0x", ldd):
            (root / path[1:]).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(path, root / path[1:])


PACKAGES = os.path.join(config.kernel_dir(), "patched-host")


@pytest.mark.skipif(not glob.glob(os.path.join(PACKAGES, "linux-image-*.deb")) or
                    os.geteuid() != 0,
                    reason="no packages built ('spbench kernel build --variant patched "
                    "--for-host --host-config build/kernel/stock/obj/.config'), or not root")
def test_the_packages_install_boot_with_the_knob_and_remove(tmp_path):
    from harness.driver.kernel import boot
    deb = glob.glob(os.path.join(PACKAGES, "linux-image-*.deb"))[0]
    package = os.path.basename(deb).split("_")[0]
    release = package[len("linux-image-"):]
    root = tmp_path / "root"
    scratch_root(root)
    dpkg = ["dpkg", f"--root={root}"]
    subprocess.run(dpkg + ["-i", deb], check=True, capture_output=True)
    status = subprocess.run(dpkg + ["-s", package], capture_output=True, text=True).stdout
    assert "Status: install ok installed" in status
    image = root / "boot" / f"vmlinuz-{release}"
    built = os.path.join(PACKAGES, "obj", "arch", "x86", "boot", "bzImage")
    assert image.read_bytes() == open(built, "rb").read()
    # the installed kernel boots, is that release and has the reservation knob, off
    share = tmp_path / "share"
    share.mkdir()
    knob = "/sys/kernel/mm/transparent_hugepage/reservation/enabled"
    fw = boot._fw_files(str(tmp_path), ["sh", "-c", f"uname -r; cat {knob}"], "/", str(share))
    run = boot._launch(boot.qemu_command(str(image), "tcg", "512M", 1, fw, str(share)),
                       str(tmp_path / "console.log"), 300, False)
    assert run.status == 0, open(tmp_path / "console.log").read()[-2000:]
    assert run.output[-2:] == [release, "0"]
    subprocess.run(dpkg + ["-r", package], check=True, capture_output=True)
    assert not image.exists()

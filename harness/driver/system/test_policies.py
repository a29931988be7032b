"""Tests of policy resolution against a fake THP sysfs tree."""
import pytest

from harness.driver.system import policies
from harness.driver.errors import UserError


@pytest.fixture
def thp(tmp_path, monkeypatch):
    (tmp_path / "enabled").write_text("always [madvise] never\n")
    (tmp_path / "hpage_pmd_size").write_text("2097152\n")
    for kb in (64, 512, 2048):
        d = tmp_path / f"hugepages-{kb}kB"
        d.mkdir()
        (d / "enabled").write_text("always inherit madvise [never]\n")
    monkeypatch.setenv("SPBENCH_THP_ROOT", str(tmp_path))
    return tmp_path


def test_base_changes_nothing_and_disables_in_child(thp):
    p = policies.resolve("base")
    assert p.settings == [] and p.spstat_flags == ["--thp-disable"] and not p.needs_root


def test_thp_is_pmd_size_only(thp):
    s = dict(policies.resolve("thp").settings)
    assert s[str(thp / "enabled")] == "always"
    assert s[str(thp / "hugepages-2048kB" / "enabled")] == "inherit"
    assert s[str(thp / "hugepages-64kB" / "enabled")] == "never"


def test_single_size(thp):
    s = dict(policies.resolve("mthp-512K").settings)
    assert s[str(thp / "hugepages-512kB" / "enabled")] == "always"
    assert s[str(thp / "hugepages-2048kB" / "enabled")] == "never"
    assert dict(policies.resolve("mthp-2M").settings)[
        str(thp / "hugepages-2048kB" / "enabled")] == "always"


def test_all_sizes(thp):
    s = policies.resolve("mthp-all").settings
    assert all(v == "always" for _, v in s)


def test_unknown_policy_and_size(thp):
    with pytest.raises(UserError, match="unknown policy 'huge'"):
        policies.resolve("huge")
    with pytest.raises(UserError, match="no 128 kB size here; this kernel offers mthp-64K"):
        policies.resolve("mthp-128K")
    with pytest.raises(UserError, match="lists a policy twice"):
        policies.parse_list("base,base")


def test_resv_needs_the_knob(thp):
    with pytest.raises(UserError, match="policy 'resv' needs the patched kernel"):
        policies.resolve("resv")


def test_resv_and_thp_on_a_patched_kernel(thp):
    (thp / "reservation").mkdir()
    (thp / "reservation" / "enabled").write_text("0\n")
    knob = str(thp / "reservation" / "enabled")
    assert dict(policies.resolve("resv").settings)[knob] == "1"
    assert dict(policies.resolve("thp").settings)[knob] == "0"


def test_guest_policies_are_checked_on_the_host_and_resolved_in_the_guest(thp):
    # the host has no reservation knob: a patched guest will
    names = [p.name for p in policies.parse_list("base,thp,resv,mthp-64K", guest_patched=True)]
    assert names == ["base", "thp", "resv", "mthp-64K"]
    with pytest.raises(UserError,
                       match="policy 'resv' needs the patched kernel; use --kernel patched"):
        policies.parse_list("base,resv", guest_patched=False)
    with pytest.raises(UserError, match="unknown policy 'huge'"):
        policies.parse_list("huge", guest_patched=True)

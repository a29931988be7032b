"""Tests that meta.json's kernel names the patch series a guest kernel was built from, and
says why not when the build record is missing or belongs to another kernel."""
import json
import platform

from harness.driver.system import hostinfo


def _build_json(tmp_path, name, **info):
    d = tmp_path / "kernel" / name
    d.mkdir(parents=True)
    (d / "build.json").write_text(json.dumps(info))


def test_series_of_the_running_build(tmp_path, monkeypatch):
    monkeypatch.setenv("SPBENCH_KERNEL_DIR", str(tmp_path / "kernel"))
    _build_json(tmp_path, "patched", variant="patched", release=platform.release(),
                config_sha="c0ffee", series_sha="1a5caec61ec7e9f9", series=["0001-a.patch"])
    k = hostinfo.kernel("patched", "tcg")
    assert (k["series_sha"], k["series"], k["config_sha"]) == (
        "1a5caec61ec7e9f9", ["0001-a.patch"], "c0ffee")
    assert "build_note" not in k


def test_stale_or_missing_build_record(tmp_path, monkeypatch):
    monkeypatch.setenv("SPBENCH_KERNEL_DIR", str(tmp_path / "kernel"))
    _build_json(tmp_path, "stock", variant="stock", release="0.0.1-other", series_sha=None)
    k = hostinfo.kernel("stock", "tcg")
    assert k["series_sha"] is None and "release 0.0.1-other" in k["build_note"]
    k = hostinfo.kernel("patched", "tcg")
    assert k["series_sha"] is None and k["build_note"].endswith("build.json not found")
    assert "series_sha" not in hostinfo.kernel("host", "none")

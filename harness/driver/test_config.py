"""The environment is read in config.py only, when asked for, and each
knob it reads is one it lists."""
import os
import re

from harness.driver import config, paths


def test_knobs_are_read_at_call_time(monkeypatch, tmp_path):
    monkeypatch.delenv("SPBENCH_SCRATCH", raising=False)
    assert config.scratch() == os.path.join(paths.REPO, "build", "scratch")
    monkeypatch.setenv("SPBENCH_SCRATCH", str(tmp_path))
    assert config.scratch() == str(tmp_path)
    monkeypatch.setenv("SPBENCH_STATE_DIR", "")
    assert config.state_dir() == "/run/spbench"


def test_frag_args_from_environment(monkeypatch):
    monkeypatch.delenv("SPBENCH_FRAG_CEILING", raising=False)
    monkeypatch.delenv("SPBENCH_FRAG_FLOOR_MB", raising=False)
    assert config.frag_args() == []
    monkeypatch.setenv("SPBENCH_FRAG_CEILING", "0.02")
    monkeypatch.setenv("SPBENCH_FRAG_FLOOR_MB", "2048")
    assert config.frag_args() == ["--ceiling", "0.02", "--floor-mb", "2048"]


def test_only_config_reads_the_environment():
    """No other module of the driver or analysis reads os.environ or getenv
    (tests may set variables for the programs they start)."""
    readers = []
    for folder in ("harness/driver", "analysis"):
        for name in sorted(os.listdir(os.path.join(paths.REPO, folder))):
            if not name.endswith(".py") or name.startswith("test_") or name == "conftest.py":
                continue
            with open(os.path.join(paths.REPO, folder, name)) as f:
                if re.search(r"os\.environ|getenv\(", f.read()):
                    readers.append(f"{folder}/{name}")
    assert readers == ["harness/driver/config.py"]


def test_every_read_knob_is_listed():
    with open(config.__file__) as f:
        named = set(re.findall(r'"(SPBENCH_[A-Z_]+|SPEC2000)"', f.read()))
    assert named == set(config.KNOBS)

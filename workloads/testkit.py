"""What every workload's tests share: the manifest of the workload a test
file sits beside, running its programs, and its manifest commands with the
placeholders filled in. (workloads/conftest.py builds the programs.)"""
import os
import subprocess
import tomllib

from harness.driver.manifest import fill_command

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.join(REPO, "build", "bin")


def manifest(test_file):
    """The workload.toml beside test_file, parsed."""
    with open(os.path.join(os.path.dirname(test_file), "workload.toml"), "rb") as f:
        return tomllib.load(f)


def run(name, *args):
    return subprocess.run([os.path.join(BIN, name)] + list(args),
                          capture_output=True, text=True)


def expand(cmd, args, **values):
    """A manifest command as the driver fills it, with args for {args},
    {bin}, {seed} (7 unless given) and the placeholders named in values."""
    return fill_command(cmd, args, {"bin": BIN, "seed": "7", **values})


def run_section(m, section, args, **values):
    """Runs the manifest m's command for section ("prepare", "run" or
    "check"), filled as expand() fills it, with no input on stdin; the
    finished process, its output captured as text."""
    return subprocess.run(expand(m[section]["command"], args, **values),
                          capture_output=True, text=True,
                          stdin=subprocess.DEVNULL)


def assert_section_passes(m, section, args, **values):
    """run_section() exited 0; the process, for a look at its output."""
    proc = run_section(m, section, args, **values)
    assert proc.returncode == 0, (section, proc.stderr)
    return proc


def prepare_and_run(m, args, base, **values):
    """Runs the manifest m's prepare and run commands with args, the
    inputs in base/in and the output in base/out (both made here), and
    asserts that each exits 0. The placeholder values as strings: input,
    out and whatever values adds (a seed other than 7, say)."""
    values = {"input": os.path.join(base, "in"),
              "out": os.path.join(base, "out"), **values}
    os.mkdir(values["input"])
    os.mkdir(values["out"])
    for section in ("prepare", "run"):
        assert_section_passes(m, section, args, **values)
    return values


def run_on_text(name, path, text, *args):
    """Writes text to path and runs the program name on it: args, then
    path."""
    path.write_text(text)
    return run(name, *args, str(path))


def read_bytes(folder, name):
    """The bytes of the file name in folder."""
    with open(os.path.join(folder, name), "rb") as f:
        return f.read()


def read_text(folder, name):
    """The text of the file name in folder."""
    with open(os.path.join(folder, name)) as f:
        return f.read()


def assert_check_fails(prog, proc, what=None):
    """prog (an output check) refused its input: exit 1 and one line that
    starts with its name and, when what is given, says what."""
    assert proc.returncode == 1, proc.stderr
    assert proc.stderr.startswith(prog + ": ")
    assert proc.stderr.count("\n") == 1
    if what:
        assert what in proc.stderr, proc.stderr


def assert_manifest_basics(m, test_file):
    """What every workload.toml holds: known keys only, the name of its
    folder, the three sizes, built binaries, and a program of its own at
    the head of every {bin}/ command."""
    assert set(m) <= {"name", "group", "paper_row", "description",
                      "binaries", "sizes", "prepare", "run", "check", "variants"}
    assert m["name"] == os.path.basename(os.path.dirname(os.path.abspath(test_file)))
    assert set(m["sizes"]) == {"test", "paper", "ref"}
    for b in m["binaries"]:
        assert os.access(os.path.join(BIN, b), os.X_OK), b
    for section in ("prepare", "run", "check"):
        cmd = m.get(section, {}).get("command", [""])
        if cmd[0].startswith("{bin}/"):
            assert cmd[0][len("{bin}/"):] in m["binaries"], cmd[0]

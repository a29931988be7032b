#!/usr/bin/python3
"""sptlb: runs a command under the sptlb Valgrind tool and prints its
simulated TLB counts (every model, every policy) as one JSON object.

    sptlb [--model NAME|FILE]... [--models NAME,...] [--policies P,...]
          [--brk-max SIZE] [--align-anon SIZE] [--out FILE] [--timeout S]
          -- COMMAND [ARGS]

The counts are the command's own process's, as the program it last execs
into; forked processes are simulated but only listed.  --models and
--policies simulate only what they name (a run costs about its lookups
times its policies); the counts of what is simulated do not change.

Installed as build/bin/sptlb; finds the tool in build/tlbsim and the model
files in harness/tlbsim/models of the same tree.  The model `host` is made
at each run from this machine's CPUID (build/bin/spstat --host).
"""
import argparse
import importlib.util
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.realpath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
TOOL_DIR = os.path.join(REPO, "build", "tlbsim")
MODELS = os.path.join(REPO, "harness", "tlbsim", "models")
SPSTAT = os.path.join(REPO, "build", "bin", "spstat")
DEFAULT_MODELS = ("alpha21264", "x86-modern")
HOST_MODEL = "host"


class Refused(Exception):
    """A command the tool cannot follow, or a tool that is not there."""


def model_path(name):
    if os.sep in name or name.endswith(".model"):
        path = name
    else:
        path = os.path.join(MODELS, name + ".model")
    if not os.path.isfile(path):
        known = sorted([f[:-6] for f in os.listdir(MODELS)
                        if f.endswith(".model")] + [HOST_MODEL])
        raise Refused("no model %r (known: %s)" % (name, ", ".join(known)))
    return path


# host_model.py's `policies` line.
HOST_POLICIES = ("base", "2M", "thp-always")


def model_policies(name):
    """(the name in the model's file, its policies), read from its file
    (the host model's are fixed); Refused for a model there is not."""
    if name == HOST_MODEL:
        return HOST_MODEL, HOST_POLICIES
    internal, policies = name, ()
    with open(model_path(name)) as f:
        for line in f:
            words = line.split("#")[0].split()
            if words[:1] == ["name"] and len(words) == 2:
                internal = words[1]
            elif words[:1] == ["policies"]:
                policies += tuple(words[1:])
    return internal, policies


def host_model_path(dest_dir):
    """Writes the host model into dest_dir.  Loaded from the source tree:
    this file runs as a copy in build/bin."""
    spec = importlib.util.spec_from_file_location(
        "host_model", os.path.join(REPO, "harness", "tlbsim", "host_model.py"))
    host_model = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(host_model)
    try:
        return host_model.host_model_file(SPSTAT, dest_dir)
    except (host_model.NoHostModel, OSError) as e:
        raise Refused("no host model: %s" % e)


def elf_class(path):
    """1 for a 32-bit ELF, 2 for 64-bit, None for anything else."""
    try:
        with open(path, "rb") as f:
            head = f.read(5)
    except OSError:
        return None
    return head[4] if head[:4] == b"\x7fELF" else None


def check_command(cmd):
    exe = shutil.which(cmd[0])
    if exe is None:
        raise Refused("%s: command not found" % cmd[0])
    if elf_class(exe) == 1:
        raise Refused("%s is a 32-bit program; the tool follows 64-bit "
                      "x86 programs only" % cmd[0])
    return exe


def tool_ready():
    """None when the tool can run here, else why not."""
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        return "valgrind is not installed (make deps)"
    if not os.path.isfile(os.path.join(TOOL_DIR, "sptlb-amd64-linux")):
        return "the tool is not built (make)"
    return None


def _stop_group(proc):
    """Kills what is left of the command's process group (a child that
    outlived the command, or all of it after a timeout), then reaps."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    proc.wait()


def _reports(scratch):
    """The per-process reports the tool wrote, by pid."""
    found = {}
    for name in os.listdir(scratch):
        if name.startswith("report.") and name.endswith(".json"):
            try:
                with open(os.path.join(scratch, name)) as f:
                    data = json.load(f)
                found[data["process"]["pid"]] = data
            except (OSError, ValueError, KeyError, TypeError):
                continue
    return found


def run(cmd, models, stdout=None, stderr=None, timeout=None, native=(),
        policies=None, brk_max=None, align_anon=None):
    """Runs cmd under the tool; returns (exit status, report dict).

    The counts are those of the command's own process, as the program it
    last became (through every exec: `env VAR=x prog` counts prog), which
    is the process spstat measures. Forked processes are simulated too but
    only listed, under "other_processes", never added in. Programs whose
    path matches a pattern of native (a load generator the command starts)
    run outside the tool. policies (names, or MODEL:NAME) keeps only those
    policies of each model; brk_max is how far the brk heap may grow (a
    size: "1G", or "0" for Valgrind's own 8 MB cap; default 1G);
    align_anon (a size) simulates each anonymous mapping of that size or
    more at an address aligned to the largest page simulated."""
    why = tool_ready()
    if why:
        raise Refused(why)
    check_command(cmd)
    scratch = tempfile.mkdtemp(prefix="sptlb.")
    try:
        paths = [host_model_path(scratch) if m == HOST_MODEL
                 else model_path(m) for m in models]
        env = dict(os.environ, VALGRIND_LIB=TOOL_DIR)
        argv = ["valgrind", "-q", "--tool=sptlb", "--trace-children=yes",
                "--smc-check=all-non-file",
                "--models=" + ",".join(paths),
                "--out=" + os.path.join(scratch, "report.%p.json")]
        if policies:
            argv.append("--policies=" + ",".join(policies))
        if brk_max is not None:
            argv.append("--brk-max=" + str(brk_max))
        if align_anon is not None:
            argv.append("--align-anon=" + str(align_anon))
        if native:
            argv.append("--trace-children-skip=" + ",".join(native))
        argv += list(cmd)
        proc = subprocess.Popen(argv, env=env, stdout=stdout, stderr=stderr,
                                start_new_session=True)
        try:
            status = proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            _stop_group(proc)
            raise Refused("%s did not finish within %d s under the tool; "
                          "stopped, no counts" % (cmd[0], timeout))
        except BaseException:
            _stop_group(proc)
            raise
        _stop_group(proc)
        if status < 0:
            raise Refused("%s ended by signal %s: its counts would be "
                          "partial, none reported"
                          % (cmd[0], signal.Signals(-status).name))
        reports = _reports(scratch)
        data = reports.pop(proc.pid, None)
        if not data:
            raise Refused("the tool wrote no report for %s (exit status "
                          "%d); valgrind's messages are above"
                          % (cmd[0], status))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    data["command"] = list(cmd)
    data["exit_status"] = status
    data["other_processes"] = [
        {"pid": pid, "image": r["process"]["image"],
         "data_accesses": r["accesses"]["data"]}
        for pid, r in sorted(reports.items())]
    return status, data


def split_list(text):
    """'a,b' -> ['a', 'b']; None -> []."""
    return [w for w in (text or "").split(",") if w]


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="sptlb", description="simulated TLB misses of a command "
        "under every page-size policy")
    parser.add_argument("--model", action="append",
                        help="model name or file; host: this machine's "
                        "TLBs from CPUID (default: %s)"
                        % ", ".join(DEFAULT_MODELS))
    parser.add_argument("--models", metavar="NAME,...",
                        help="the same as --model, comma-separated")
    parser.add_argument("--policies", metavar="P,...",
                        help="simulate only these policies: NAME for every "
                        "model that has it, MODEL:NAME for one (default: all)")
    parser.add_argument("--brk-max", metavar="SIZE",
                        help="how far the brk heap may grow (default 1G; 0: "
                        "Valgrind's own 8 MB cap)")
    parser.add_argument("--align-anon", metavar="SIZE",
                        help="simulate anonymous mappings of SIZE or more "
                        "(128K: glibc's mmap threshold) at addresses aligned "
                        "to the largest page, as an allocator that aligns "
                        "them would place them (default: where the program "
                        "put them)")
    parser.add_argument("--out", help="write the JSON here, not stdout")
    parser.add_argument("--native", action="append", default=[],
                        metavar="PATTERN",
                        help="a program the command starts that runs outside "
                        "the tool (a pattern of its path: */httperf)")
    parser.add_argument("--timeout", type=float, metavar="S",
                        help="stop the command after S seconds (no counts)")
    parser.add_argument("cmd", nargs=argparse.REMAINDER)
    args = parser.parse_args(argv)
    cmd = args.cmd[1:] if args.cmd[:1] == ["--"] else args.cmd
    if not cmd:
        parser.error("no command: sptlb [--model M] -- COMMAND [ARGS]")
    models = (args.model or []) + split_list(args.models)
    try:
        status, data = run(cmd, models or DEFAULT_MODELS,
                           timeout=args.timeout, native=args.native,
                           policies=split_list(args.policies),
                           brk_max=args.brk_max, align_anon=args.align_anon)
    except Refused as e:
        print("sptlb: %s" % e, file=sys.stderr)
        return 2
    text = json.dumps(data, sort_keys=True)
    if args.out:
        with open(args.out + ".tmp", "w") as f:
            f.write(text + "\n")
        os.replace(args.out + ".tmp", args.out)
    else:
        sys.stdout.flush()
        print(text)
    return status


if __name__ == "__main__":
    sys.exit(main())

"""spbench fleet run / report: spbench on every host of an Ansible inventory through the
playbook in fleet/ (install, kernel, run, fetch), and the cross-host report of the folders
that came back. Ansible does the work over SSH; this command only hands it the
controller's revision and the arguments, then checks and reports what came back."""
import argparse
import datetime
import json
import os
import shutil
import subprocess
import sys

from harness.driver import paths
from harness.driver.errors import UserError
from harness.records import FolderError, write_json

NAME = "fleet"
PLAYBOOK = os.path.join(paths.REPO, "fleet", "site.yml")
ANSIBLE_CFG = os.path.join(paths.REPO, "fleet", "ansible.cfg")
# the commands that write one result (or reproduction) folder and take --out
RUNNERS = ("run", "reproduce")


def add_parser(sub):
    f = sub.add_parser(NAME, help="run spbench on a fleet of hosts with Ansible, and the "
                       "cross-host report")
    fsub = f.add_subparsers(dest="fleet_command", metavar="ACTION", required=True)
    r = fsub.add_parser("run", help="install, run and fetch on every host of INVENTORY")
    r.add_argument("inventory", metavar="INVENTORY", help="an Ansible inventory")
    r.add_argument("spbench_args", nargs=argparse.REMAINDER, metavar="-- SPBENCH ARGS",
                   help="what each host runs, after the fleet's own options: run ... or "
                   "reproduce ... (default: run)")
    r.add_argument("--name", default="default",
                   help="the fleet run's name: results/fleet/NAME/; rerunning a name resumes")
    r.add_argument("--out", help="the fleet folder (default: results/fleet/NAME)")
    r.add_argument("--one-at-a-time", action="store_true",
                   help="run the hosts one after another: for hosts that share one kernel "
                   "(containers, network namespaces), where policies are kernel-wide")
    r.add_argument("--kernel-variant", choices=("patched", "stock"),
                   help="the kernel the inventory's spbench_kernel group boots (default "
                   "patched)")
    r.add_argument("--connect-timeout", type=int, default=30, metavar="S",
                   help="seconds to wait for a host to answer over SSH (default 30)")
    p = fsub.add_parser("report", help="the cross-host report of a fleet folder")
    p.add_argument("dir", metavar="DIR")
    p.add_argument("--plot", help="where the plot goes (default: DIR/speedup-by-host.png)")


def _spbench_args(args):
    argv = list(args.spbench_args)
    argv = argv[1:] if argv[:1] == ["--"] else argv
    argv = argv or ["run"]
    if argv[0] not in RUNNERS:
        raise UserError(f"fleet run: the hosts run '{' '.join(RUNNERS)}', not '{argv[0]}'")
    if any(a == "--out" or a.startswith("--out=") for a in argv):
        raise UserError("fleet run: leave out --out; each host's folder is "
                        "results/fleet/NAME/ there and HOST/ in the fleet folder here")
    return argv


def _revision():
    p = subprocess.run(["git", "-C", paths.REPO, "describe", "--always", "--dirty"],
                       capture_output=True, text=True)
    if p.returncode != 0 or not p.stdout.strip():
        raise UserError(f"fleet run: {paths.REPO} is not a git checkout; the hosts get the "
                        "controller's revision from its git tree")
    return p.stdout.strip()


def _inventory_hosts(inventory):
    if not os.path.isfile(inventory):
        raise UserError(f"fleet run: {inventory}: no such inventory file")
    p = subprocess.run(["ansible-inventory", "-i", inventory, "--list"], capture_output=True,
                       text=True)
    try:
        hosts = sorted(json.loads(p.stdout).get("_meta", {}).get("hostvars", {}))
    except json.JSONDecodeError:
        hosts = []
    if p.returncode != 0 or not hosts:
        raise UserError(f"fleet run: {inventory}: no hosts in it "
                        f"({(p.stderr.strip().splitlines() or ['ansible-inventory'])[-1]})")
    return hosts


def _need_ansible():
    for tool in ("ansible-playbook", "ansible-inventory", "rsync"):
        if not shutil.which(tool):
            raise UserError(f"fleet run: {tool} not found; 'make deps' installs Debian's "
                            "ansible and rsync")


def _now():
    return datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def run_fleet(args):
    from analysis import fleet as fleet_report
    _need_ansible()
    argv = _spbench_args(args)
    hosts = _inventory_hosts(args.inventory)
    out = os.path.abspath(args.out or os.path.join(paths.RESULTS, "fleet", args.name))
    os.makedirs(out, exist_ok=True)
    record = {"schema": "spbench-fleet/1", "name": args.name,
              "inventory": os.path.abspath(args.inventory), "hosts": hosts, "args": argv,
              "revision": _revision(), "started": _now(), "finished": None,
              "playbook_exit": None}
    write_json(os.path.join(out, fleet_report.FLEET_RECORD), record)
    extra = {"fleet_name": args.name, "fleet_out": out, "fleet_repo": paths.REPO,
             "fleet_args": argv, "fleet_revision": record["revision"],
             "fleet_serial": 1 if args.one_at_a_time else "100%",
             "fleet_connect_timeout": args.connect_timeout}
    if args.kernel_variant:
        extra["fleet_kernel_variant"] = args.kernel_variant
    write_json(os.path.join(out, "fleet-vars.json"), extra)
    cmd = ["ansible-playbook", "-i", os.path.abspath(args.inventory), PLAYBOOK,
           "-e", "@" + os.path.join(out, "fleet-vars.json")]
    env = dict(os.environ, ANSIBLE_CONFIG=ANSIBLE_CFG)
    print(f"spbench: fleet {args.name}: {len(hosts)} hosts, each runs 'spbench "
          f"{' '.join(argv)}'; folder {out}", file=sys.stderr)
    rc = subprocess.run(cmd, env=env).returncode
    record.update(finished=_now(), playbook_exit=rc)
    write_json(os.path.join(out, fleet_report.FLEET_RECORD), record)
    failed = _report(out, None)
    if failed:
        raise UserError(f"fleet {args.name}: {len(failed)} of {len(hosts)} hosts did not "
                        f"complete: {', '.join(failed)} (ansible-playbook exit {rc})")
    if rc != 0:
        raise UserError(f"fleet {args.name}: ansible-playbook exited {rc}")
    return 0


def _report(folder, plot):
    from analysis import fleet as fleet_report
    try:
        txt, outs, _ = fleet_report.render(
            folder, plot or os.path.join(folder, "speedup-by-host.png"))
    except FolderError as e:
        raise UserError(str(e))
    except OSError as e:
        raise UserError(f"fleet report: cannot write the plot: {e.strerror}: {e.filename} "
                        "(give --plot PATH)")
    sys.stdout.write(txt)
    return [o.name for o in outs if o.status != "complete"]


def run(args):
    if args.fleet_command == "run":
        return run_fleet(args)
    _report(os.path.abspath(args.dir), args.plot)
    return 0

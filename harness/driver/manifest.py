"""Reads and checks workloads/<name>/workload.toml (format: workloads/FORMAT.md)
and expands its command templates."""
import copy
import math
import os
import re
import tomllib

from harness.driver.errors import UserError
from harness.driver import config, paths

SIZES = ("test", "paper", "ref")
GROUPS = ("CINT2000", "CFP2000", "other")
TOP_KEYS = {"name": str, "group": str, "paper_row": str, "description": str,
            "binaries": list}
SECTIONS = {"sizes", "prepare", "run", "check", "variants"}
SIZE_KEYS = {"args", "footprint_mb", "ref_ratio", "seconds"}
VARIANT_KEYS = {"description": str, "args": list}
VARIANT_NAME = re.compile(r"[a-z0-9][a-z0-9_-]*")


class Workload:
    def __init__(self, folder, data):
        self.folder = folder
        self.name = data["name"]
        self.group = data["group"]
        self.paper_row = data["paper_row"]
        self.description = data["description"]
        self.binaries = data["binaries"]
        self.sizes = data["sizes"]
        self.prepare = data.get("prepare", {}).get("command")
        self.run = data["run"]["command"]
        self.helpers = data["run"].get("helpers", [])
        self.check = data["check"]["command"]
        self.variants = data.get("variants", {})
        self.spstat_flags = []      # more spstat options for its runs
        self.record_extra = {}      # more fields for its records

    def variant(self, name):
        """This workload run as its variant name: named WORKLOAD:NAME, with the
        variant's args after every size's own."""
        if name not in self.variants:
            raise UserError(f"unknown variant '{name}' of workload '{self.name}'; known: "
                            f"{', '.join(sorted(self.variants)) or 'none'}")
        v = copy.copy(self)
        v.name = f"{self.name}:{name}"
        v.description = self.variants[name]["description"]
        v.sizes = {size: dict(s, args=s["args"] + self.variants[name]["args"])
                   for size, s in self.sizes.items()}
        v.variants = {}
        return v

    def footprint_mb(self, size, ref_mb=None):
        if size == "ref":
            return ref_mb
        return self.sizes[size]["footprint_mb"]

    def ref_mb(self, tlb_reach_kb):
        """The paper's footprint / TLB-reach ratio applied to this host's reach."""
        return math.ceil(self.sizes["ref"]["ref_ratio"] * tlb_reach_kb / 1024)

    def seconds(self, size):
        """Wall time of one base run at size on the reference machine, or None when the
        manifest gives none."""
        return self.sizes.get(size, {}).get("seconds")

    def expand(self, template, size, **values):
        """A command template with placeholders filled; '{args}' as a whole
        element becomes the size's argument list."""
        values = dict(values, bin=paths.BIN)
        try:
            args = [a.format(**values) for a in self.sizes[size]["args"]]
            return fill_command(template, args, values)
        except KeyError as e:
            raise UserError(f"{self.folder}/workload.toml: unknown placeholder {{{e.args[0]}}}")


def fill_command(template, args, values):
    """A command template with its {placeholders} filled from values and a
    whole '{args}' element replaced by the list args; KeyError names a
    placeholder values lacks."""
    out = []
    for item in template:
        if item == "{args}":
            out.extend(args)
        else:
            out.append(item.format(**values))
    return out


def _fail(path, what):
    raise UserError(f"{path}: {what}")


def _positive_number(x):
    # TOML's true is a Python int, and nan and inf are floats
    return (isinstance(x, (int, float)) and not isinstance(x, bool)
            and math.isfinite(x) and x > 0)


def load(folder):
    path = os.path.join(folder, "workload.toml")
    try:
        with open(path, "rb") as f:
            data = tomllib.load(f)
    except FileNotFoundError:
        _fail(path, "missing")
    except tomllib.TOMLDecodeError as e:
        _fail(path, f"not valid TOML: {e}")
    validate(path, os.path.basename(folder), data)
    return Workload(folder, data)


def validate(path, folder_name, data):
    for key, kind in TOP_KEYS.items():
        if key not in data:
            _fail(path, f"missing required key '{key}'")
        if not isinstance(data[key], kind):
            _fail(path, f"'{key}' must be a {kind.__name__}")
    unknown = set(data) - set(TOP_KEYS) - SECTIONS
    if unknown:
        _fail(path, f"unknown key '{sorted(unknown)[0]}'")
    if data["name"] != folder_name:
        _fail(path, f"name '{data['name']}' differs from its folder '{folder_name}'")
    if data["group"] not in GROUPS:
        _fail(path, f"group must be one of {', '.join(GROUPS)}")
    for section in ("run", "check") + (("prepare",) if "prepare" in data else ()):
        cmd = data.get(section, {}).get("command")
        if not isinstance(cmd, list) or not cmd or not all(isinstance(a, str) for a in cmd):
            _fail(path, f"[{section}] needs command = a non-empty list of strings")
        extra = set(data[section]) - {"command"} - ({"helpers"} if section == "run" else set())
        if extra:
            _fail(path, f"[{section}]: unknown key '{sorted(extra)[0]}'")
    helpers = data["run"].get("helpers", [])
    if not isinstance(helpers, list) or not all(
            isinstance(h, str) and h and "," not in h for h in helpers):
        _fail(path, "[run] helpers must be a list of program patterns without commas")
    sizes = data.get("sizes")
    if not isinstance(sizes, dict):
        _fail(path, "missing [sizes.test], [sizes.paper] and [sizes.ref]")
    for size in SIZES:
        s = sizes.get(size)
        if not isinstance(s, dict):
            _fail(path, f"missing [sizes.{size}]")
        extra = set(s) - SIZE_KEYS
        if extra:
            _fail(path, f"[sizes.{size}]: unknown key '{sorted(extra)[0]}'")
        if not isinstance(s.get("args"), list) or not all(isinstance(a, str) for a in s["args"]):
            _fail(path, f"[sizes.{size}] needs args = a list of strings")
        need = "ref_ratio" if size == "ref" else "footprint_mb"
        if not isinstance(s.get(need), (int, float)) or s[need] <= 0:
            _fail(path, f"[sizes.{size}] needs a positive {need}")
        if "seconds" in s and not _positive_number(s["seconds"]):
            _fail(path, f"[sizes.{size}] seconds must be a positive number, not {s['seconds']!r}")
    extra = set(sizes) - set(SIZES)
    if extra:
        _fail(path, f"unknown size [sizes.{sorted(extra)[0]}]; sizes are {', '.join(SIZES)}")
    variants = data.get("variants", {})
    if not isinstance(variants, dict):
        _fail(path, "variants must be [variants.NAME] tables")
    for name, v in variants.items():
        if not VARIANT_NAME.fullmatch(name):
            _fail(path, f"variant name '{name}' must be lower-case letters, digits, - or _")
        if not isinstance(v, dict):
            _fail(path, f"[variants.{name}] must be a table")
        for key, kind in VARIANT_KEYS.items():
            if not isinstance(v.get(key), kind):
                _fail(path, f"[variants.{name}] needs {key} = a {kind.__name__}")
        if not v["args"] or not all(isinstance(a, str) for a in v["args"]):
            _fail(path, f"[variants.{name}] args must be a non-empty list of strings")
        extra = set(v) - set(VARIANT_KEYS)
        if extra:
            _fail(path, f"[variants.{name}]: unknown key '{sorted(extra)[0]}'")


def available(root=None):
    """Names of the workloads present, sorted."""
    root = root or config.workloads_dir()
    return sorted(d for d in os.listdir(root)
                  if os.path.isfile(os.path.join(root, d, "workload.toml")))


def find(name, root=None):
    """The workload called name, or for WORKLOAD:VARIANT that workload's
    variant (variants run only when named, never as part of a suite)."""
    root = root or config.workloads_dir()
    names = available(root)
    base, sep, variant = name.partition(":")
    if base not in names:
        raise UserError(f"unknown workload '{base}'; known: {', '.join(names) or 'none'}")
    w = load(os.path.join(root, base))
    return w.variant(variant) if sep else w

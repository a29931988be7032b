"""What the stages of one reproduction share, saved in its folder so that a resumed run is
the same reproduction, and the --stages list checked against the registry."""
from __future__ import annotations

import dataclasses
from typing import Any, Optional

from harness.driver.errors import UserError
from harness.records import FolderError, ReproductionFolder
from harness.reproduce import registry


@dataclasses.dataclass
class Settings:
    workloads: list[str]
    size: str
    runs: int
    warmup: int
    seed: int
    sample_ms: int
    stages: list[str]
    quick: bool = False
    guest_mem: str = "4G"
    guest_timeout: float = 7200
    tlbsim: bool = False        # table1 and table2 also simulate each workload once
    tune: bool = False          # host stages run with noise.tune's settings (run --tune)


def parse_stages(text: Optional[str]) -> list[str]:
    known = registry.names()
    names = [s.strip() for s in (text or ",".join(known)).split(",") if s.strip()]
    for n in names:
        if n not in known:
            raise UserError(f"unknown stage '{n}'; stages: {', '.join(known)}")
    if not names:
        raise UserError("--stages needs at least one stage")
    return [s for s in known if s in names]


def settings_from(args: Any, workloads: list[str]) -> Settings:
    if args.quick:
        size, runs, warmup = "test", 1, 0
    else:
        size, runs, warmup = args.size, args.runs, args.warmup
    return Settings(workloads, size, runs, warmup, args.seed, args.sample_ms,
                    parse_stages(args.stages), args.quick, args.guest_mem, args.guest_timeout,
                    args.tlbsim, getattr(args, "tune", False))


def _saved(folder: ReproductionFolder) -> Settings:
    try:
        return Settings(**folder.settings())
    except FolderError as e:
        raise UserError(str(e))
    except TypeError as e:
        raise UserError(f"{folder.doc_path}: not a reproduction's settings ({e})")


def load_or_save(out: str, wanted: Settings) -> Settings:
    """The settings of the reproduction in out: a new folder saves wanted; an old one must
    have been started with the same workloads, size and runs (its stages may differ)."""
    folder = ReproductionFolder(out)
    if folder.exists():
        old = _saved(folder)
        for field in ("workloads", "size", "runs", "warmup", "seed"):
            if getattr(old, field) != getattr(wanted, field):
                raise UserError(f"{out} holds a reproduction with {field} "
                                f"{getattr(old, field)}, not {getattr(wanted, field)}; "
                                "use another --out, or --resume DIR to go on with it")
        old.stages = wanted.stages
        old.tlbsim = old.tlbsim or wanted.tlbsim
        old.tune = wanted.tune              # this command's choice, not the first one's
        return old
    folder.write_settings(dataclasses.asdict(wanted))
    return wanted


def resumed(out: str) -> Settings:
    """The settings saved in out, for --resume."""
    folder = ReproductionFolder(out)
    if not folder.exists():
        raise UserError(f"--resume {out}: not a reproduction folder (no settings there)")
    return _saved(folder)

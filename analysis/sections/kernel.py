"""The reservation kernel in the report: the patched kernel under thp against resv (and
stock against patched where stock ran), the paper's adversaries and their claims."""
from __future__ import annotations

from typing import Any

from .. import adversary, diff, verdict
from .common import claim_row, code, judged

STOCK, PATCHED, ADVERSARY = "kernel-stock", "kernel-patched", "kernel-adversary"


def _diff(a: Any, b: Any, pair: tuple[str, str]) -> str:
    try:
        return code(diff.render_diff(a, b, None, [pair], "text", paired_only=True))
    except diff.DiffError as e:
        return f"no comparison: {e}\n"


def _kernels(rep: Any) -> str:
    stock, patched = rep.load(STOCK), rep.load(PATCHED)
    out = ["## The reservation kernel\n"]
    if patched is None:
        out.append("Not run here: the kernel stage boots the patched kernel under qemu "
                   "(`spbench reproduce --stages kernel`).\n")
        return "\n".join(out) + "\n"
    out.append("The patched kernel under `thp` (reservations off: Linux THP's own paths) "
               "against the same kernel under `resv`, in one boot, so that the two differ "
               "by the reservation knob alone (`spbench diff --pair-policy thp:resv`):\n")
    out.append(_diff(patched, patched, ("thp", "resv")))  # the pairing alone
    if stock is not None:
        out.append("Stock Linux 6.12 under `thp` against the patched kernel under `thp`: "
                   "what the patch changes with reservations off "
                   "(`spbench diff --pair-policy thp:thp`):\n")
        out.append(_diff(stock, patched, ("thp", "thp")))
    return "\n".join(out) + "\n"


def _adversaries(rep: Any) -> str:
    block = adversary.render(rep.part_path(ADVERSARY), rep.ref)
    if not block:
        return ""
    return ("## The paper's adversaries\n\nresv_adversary in the stock kernel (base "
            "pages, the paper's baseline; and THP) and in the patched kernel (reservations), "
            "the same VM for both (`spbench kernel adversary`):\n\n" + code(block) + "\n")


def section(rep: Any) -> str:
    return _kernels(rep) + _adversaries(rep)


def csvs(rep: Any) -> list[tuple[str, str, Any]]:
    return []


def claims(rep: Any) -> list[tuple[str, ...]]:
    """The three adversaries: our resv/base time ratio against the paper's overhead, judged
    by its interval's upper end (verdict.overhead_rule), never from emulator times."""
    folder = rep.part_path(ADVERSARY)
    rows = adversary.summarize(folder)
    why = adversary.emulated(adversary.info(folder))
    out = []
    for mode, claim in adversary.paper_claims(rep.ref).items():
        r = rows[mode]["resv_over_base"]
        if r.value is None:
            out.append(claim_row(claim, "not run (`spbench reproduce --stages kernel`)",
                                 verdict.NOT_MEASURED))
        else:
            v = verdict.overhead_rule(r, claim.figure, claim.tolerance, why)
            out.append(judged(claim, v))
    return out

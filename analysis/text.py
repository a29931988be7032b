"""Plain-text formatting shared by the tables, so that they all look alike: aligned columns
(numbers right-aligned, words left-aligned) and number formats."""


def columns(header, rows, align):
    """Lay out rows of strings under a header; align is a string of 'l'/'r', one per
    column."""
    widths = [len(h) for h in header]
    for row in rows:
        for i, cell in enumerate(row):
            widths[i] = max(widths[i], len(cell))

    def line(cells):
        out = []
        for i, cell in enumerate(cells):
            if align[i] == "r":
                out.append(cell.rjust(widths[i]))
            else:
                out.append(cell.ljust(widths[i]))
        return "  ".join(out).rstrip()

    return "\n".join([line(header), line(["-" * w for w in widths])]
                     + [line(row) for row in rows])


def secs(x, ref=None):
    """Seconds with about four significant digits; ref (the mean) picks the decimals so that
    a mean and its CI half-width line up."""
    if x is None:
        return "n/a"
    r = abs(ref if ref is not None else x)
    if r >= 100:
        return f"{x:.1f}"
    if r >= 10:
        return f"{x:.2f}"
    if r >= 0.1:
        return f"{x:.3f}"
    return f"{x:.4f}"


def ratio(x):
    return "n/a" if x is None else f"{x:.3f}"


def interval(lo, hi, reason=""):
    if lo is None or hi is None:
        return "n/a" + (f": {reason}" if reason else "")
    return f"[{lo:.3f}, {hi:.3f}]"


def count(x):
    """A large event count in engineering form, e.g. 12.3M."""
    if x is None:
        return "n/a"
    a = abs(x)
    for div, suffix in ((1e12, "T"), (1e9, "G"), (1e6, "M"), (1e3, "k")):
        if a >= div:
            return f"{x / div:.3g}{suffix}" if a / div < 100 else f"{x / div:.0f}{suffix}"
    return f"{x:.0f}"


def pct(x, signed=False, digits=1):
    if x is None:
        return "n/a"
    return f"{x:+.{digits}f}%" if signed else f"{x:.{digits}f}%"


def mark(sig):
    """One character after a number: '*' when significant."""
    return "*" if sig else " "

"""Finds every place in the tree that writes a file under /proc/sys or
/sys/kernel/mm other than harness/driver/system/settings.py (the settings journal),
which must be the one writer so that every change is saved first and comes
back at exit, on a stop, or by the next command after a crash
(harness/driver/system/test_one_writer.py holds the tree to it).

scan(root) reads the tree statically (everything but .git, build/, results/
and __pycache__): Python, C, shell scripts, the Makefile and *.mk. What
counts as a write, on such a path or on a name bound to one:
- Python: open()/io.open() with a writing mode, os.open() with a writing
  flag, a path's write_text/write_bytes/open('w'), or a call of a write
  helper: a function anywhere in the tree that writes one of its
  parameters (or hands it on to one that does), such as
  settings.write_setting, also under another local name. Names are
  followed through assignments, loops, functions that return such a path
  or hand one through, and imports from other modules.
- C: open/openat with a writing flag, creat, fopen/freopen with a writing
  mode, or a call of a C write helper; names bound by #define or by an
  initialised variable.
- shell (and make recipes): a redirection (>, >>) or tee to such a path or
  to a variable holding one; sysctl -w, -p, or NAME=VALUE.
Reads of those paths are not writes.

Exempt:
- harness/driver/system/settings.py, the writer itself. Its Journal's methods
  (set, temporarily, trigger, restore) are how everyone else writes, so
  calling them is no write; its module-level functions (write_setting,
  restore_entries) write without the journal, and calling them is one.
- kernel-patch/ is scanned too, but GUEST_ONLY's files run only inside a
  throwaway guest of the patched kernel: the in-guest test suite, booted by
  `spbench kernel test`, resv_bench, run by `spbench kernel boot
  --variant test -- build/kernel-bench/resv_bench`, and resv_adversary, run
  in both kernels' guests by `spbench kernel adversary` (knob.c is the
  knob reader and writer of these two). The guest's settings go
  with the guest, and these programs set the patch's knobs themselves, as
  the kernel's own tools/testing/selftests/mm do (thp_settings.c). The
  rest of kernel-patch/ (upstream/build.sh, test_compare.py, the *.mk)
  runs on the host and is held to the rule."""
import ast
import collections
import os
import re

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

WRITER = "harness/driver/system/settings.py"
GUEST_ONLY = (
    "kernel-patch/tests/run-in-guest.sh",
    "kernel-patch/tests/guest_smoke.py",
    "kernel-patch/tests/resv_common.c",
    "kernel-patch/tests/resv_common.h",
    "kernel-patch/tests/resv_knobs.c",
    "kernel-patch/tests/resv_sparse.c",
    "kernel-patch/tests/resv_inplace.c",
    "kernel-patch/tests/resv_integrity.c",
    "kernel-patch/tests/resv_pressure.c",
    "kernel-patch/tests/resv_threshold.c",
    "kernel-patch/tests/resv_swap.c",
    "kernel-patch/tests/resv_ksm.c",
    "kernel-patch/tests/upstream/run-in-guest.sh",
    "kernel-patch/tests/upstream/compare.py",
    "kernel-patch/bench/resv_bench.c",
    "kernel-patch/bench/resv_adversary.c",
    "kernel-patch/bench/knob.c",
)
SKIP_DIRS = {".git", "build", "results", "__pycache__"}
SETTING = re.compile(r"/proc/sys(?![\w-])|/sys/kernel/mm(?![\w-])")

Finding = collections.namedtuple("Finding", "path line what")


def scan(root):
    """Every write under /proc/sys or /sys/kernel/mm in the tree at root
    outside the exempt files, as Findings sorted by path and line."""
    files = {"python": [], "c": [], "shell": [], "make": []}
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS)
        for name in sorted(filenames):
            path = os.path.join(dirpath, name)
            kind = _kind(path)
            if kind:
                files[kind].append(os.path.relpath(path, root))
    exempt = {WRITER, *GUEST_ONLY}
    found = _scan_python(root, files["python"], exempt)
    found += _scan_c(root, files["c"], exempt)
    for kind in ("shell", "make"):
        for rel in files[kind]:
            if rel not in exempt:
                found += _scan_shell(root, rel, kind == "make")
    return sorted(set(found))


def _kind(path):
    name = os.path.basename(path)
    if name.endswith(".py"):
        return "python"
    if name.endswith((".c", ".h")):
        return "c"
    if name in ("Makefile", "GNUmakefile") or name.endswith(".mk"):
        return "make"
    if name.endswith((".sh", ".bash")):
        return "shell"
    if "." in name:
        return None
    try:
        with open(path, "rb") as f:
            first = f.readline(200)
    except OSError:
        return None
    if re.match(rb"#!.*\bpython", first):
        return "python"
    if re.match(rb"#!.*\b(ba|da|k)?sh\b", first):
        return "shell"
    return None


def _read(root, rel):
    with open(os.path.join(root, rel), errors="replace") as f:
        return f.read()


# -- Python -----------------------------------------------------------------

WRITE_FLAGS = {"O_WRONLY", "O_RDWR", "O_APPEND", "O_TRUNC", "O_CREAT"}
FILE_MODULES = {"io", "builtins", "codecs"}
# Calls whose result is a path when an argument (or the object) is one.
PATH_CALLS = {"join", "abspath", "realpath", "normpath", "dirname", "expanduser", "fspath",
              "str", "Path", "PurePath", "PosixPath", "joinpath", "format", "replace",
              "strip", "rstrip", "lstrip", "removeprefix", "removesuffix", "get",
              "with_name", "with_suffix"}
FUNCTION = (ast.FunctionDef, ast.AsyncFunctionDef)


class _Module:
    def __init__(self, rel, tree):
        self.rel = rel
        self.name = rel[:-3].replace(os.sep, ".").removesuffix(".__init__")
        self.tree = tree
        self.exports = set()        # module-level names bound to a setting
        self.functions = {f.name: f for f in tree.body if isinstance(f, FUNCTION)}
        self.aliases = {}           # local name -> module it names
        self.imported = {}          # local name -> (module, name)

    def resolve(self, node):
        """The absolute name of what an ImportFrom imports from."""
        if not node.level:
            return node.module or ""
        package = self.name.split(".")
        if not self.rel.endswith("__init__.py"):
            package = package[:-1]
        package = package[:len(package) - (node.level - 1)]
        return ".".join(package + ([node.module] if node.module else []))


class _Python:
    """What the tree's Python files bind to settings paths, which of their
    functions return one or hand a parameter through, and which write a
    parameter (write helpers)."""

    def __init__(self, root, rels, writer):
        self.modules = {}
        for rel in rels:
            try:
                tree = ast.parse(_read(root, rel), rel)
            except (SyntaxError, ValueError):
                continue
            m = _Module(rel, tree)
            self.modules[m.name] = m
        for m in self.modules.values():
            self._imports(m)
        self.returning = set()      # (module, function) returning a setting path
        self.through = {}           # (module, function) -> params it returns a path of
        self.helpers = {}           # (module, function) -> params it writes
        self.methods = {}           # method name -> [(module, params, param it writes)]
        self.writer = writer
        for _ in range(10):
            if not self._round():
                break

    def _imports(self, m):
        for node in ast.walk(m.tree):
            if isinstance(node, ast.Import):
                for a in node.names:
                    top = a.name if a.asname else a.name.split(".")[0]
                    m.aliases[a.asname or top] = top
            elif isinstance(node, ast.ImportFrom):
                base = m.resolve(node)
                for a in node.names:
                    local = a.asname or a.name
                    if f"{base}.{a.name}" in self.modules:
                        m.aliases[local] = f"{base}.{a.name}"
                    else:
                        m.imported[local] = (base, a.name)

    # what an expression is

    def _function(self, m, func):
        """(module, name) of the tree's module-level function func calls."""
        if isinstance(func, ast.Name):
            if func.id in m.functions:
                return m.name, func.id
            return m.imported.get(func.id)
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and \
                func.value.id in m.aliases:
            return m.aliases[func.value.id], func.attr
        return None

    def path(self, node, m, names, literals=True):
        """Whether node is (or holds) a path from names, or, with literals, a
        settings path: a literal, a module's name bound to one, what a
        function returns."""
        def rec(n):
            return self.path(n, m, names, literals)
        if isinstance(node, ast.Constant):
            return literals and isinstance(node.value, str) and bool(SETTING.search(node.value))
        if isinstance(node, ast.Name):
            if node.id in names:
                return True
            if not literals:
                return False
            if node.id in m.exports:
                return True
            src = m.imported.get(node.id)
            return src is not None and src[0] in self.modules and \
                src[1] in self.modules[src[0]].exports
        if isinstance(node, ast.Attribute):
            if isinstance(node.value, ast.Name) and node.value.id in m.aliases:
                target = self.modules.get(m.aliases[node.value.id])
                return literals and target is not None and node.attr in target.exports
            return node.attr == "parent" and rec(node.value)
        if isinstance(node, ast.JoinedStr):
            return any(rec(v.value) for v in node.values if isinstance(v, ast.FormattedValue))
        if isinstance(node, ast.BinOp):
            return rec(node.left) or rec(node.right)
        if isinstance(node, ast.BoolOp):
            return any(rec(v) for v in node.values)
        if isinstance(node, ast.IfExp):
            return rec(node.body) or rec(node.orelse)
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            return any(rec(e) for e in node.elts)
        if isinstance(node, ast.Dict):
            return any(rec(v) for v in node.keys + node.values if v is not None)
        if isinstance(node, (ast.Subscript, ast.Starred, ast.NamedExpr)):
            return rec(node.value)
        if isinstance(node, (ast.ListComp, ast.SetComp, ast.GeneratorExp)):
            return rec(node.elt)
        if isinstance(node, ast.Call):
            key = self._function(m, node.func)
            if literals and key in self.returning:
                return True
            if key in self.through:
                f = self.modules[key[0]].functions[key[1]]
                params = [a.arg for a in f.args.posonlyargs + f.args.args]
                return any(rec(a) for i, a in enumerate(node.args)
                           if i < len(params) and params[i] in self.through[key]) or \
                    any(rec(k.value) for k in node.keywords if k.arg in self.through[key])
            name = node.func.id if isinstance(node.func, ast.Name) else \
                node.func.attr if isinstance(node.func, ast.Attribute) else None
            if name in PATH_CALLS:
                base = [node.func.value] if isinstance(node.func, ast.Attribute) else []
                return any(rec(a) for a in base + node.args + [k.value for k in node.keywords])
        return False

    def bind(self, body, m, names, literals=True):
        """names and what the statements of body bind to a path from them."""
        names = set(names)
        for _ in range(10):
            before = len(names)
            for node in _walk_shallow_all(body):
                pairs = []
                if isinstance(node, ast.Assign):
                    pairs = [(t, node.value) for t in node.targets]
                elif isinstance(node, (ast.AnnAssign, ast.AugAssign, ast.NamedExpr)) and \
                        node.value is not None:
                    pairs = [(node.target, node.value)]
                elif isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension)):
                    pairs = [(node.target, node.iter)]
                elif isinstance(node, ast.withitem) and node.optional_vars is not None:
                    pairs = [(node.optional_vars, node.context_expr)]
                for target, value in pairs:
                    if self.path(value, m, names, literals):
                        names |= _target_names(target)
            if len(names) == before:
                return names
        return names

    def _round(self):
        """One round of finding what binds, returns and writes paths;
        whether anything was found."""
        before = (sum(len(m.exports) for m in self.modules.values()), len(self.returning),
                  sum(map(len, self.through.values())), sum(map(len, self.helpers.values())),
                  sum(map(len, self.methods.values())))
        for m in self.modules.values():
            top = [s for s in m.tree.body if not isinstance(s, FUNCTION + (ast.ClassDef,))]
            m.exports |= self.bind(top, m, set())
            for name, f in m.functions.items():
                local = self.bind(f.body, m, set())
                if any(self.path(r.value, m, local) for r in _returns(f)):
                    self.returning.add((m.name, name))
        for m, f, method in self._all_functions():
            params = _params(f, method)
            for p in params:
                derived = self.bind(f.body, m, {p}, literals=False)
                if not method and any(self.path(r.value, m, derived, literals=False)
                                      for r in _returns(f)):
                    self.through.setdefault((m.name, f.name), set()).add(p)
                if any(self.path(arg, m, derived, literals=False)
                       for call in _calls(f.body) for arg, _ in self.written(call, m)):
                    if method:
                        entry = (m.name, params, p)
                        if entry not in self.methods.setdefault(f.name, []):
                            self.methods[f.name].append(entry)
                    else:
                        self.helpers.setdefault((m.name, f.name), set()).add(p)
        after = (sum(len(m.exports) for m in self.modules.values()), len(self.returning),
                 sum(map(len, self.through.values())), sum(map(len, self.helpers.values())),
                 sum(map(len, self.methods.values())))
        return after != before

    def _all_functions(self):
        for m in self.modules.values():
            for f in m.functions.values():
                yield m, f, False
            if m.rel == self.writer:
                continue            # the journal's methods are the way to write
            for c in ast.walk(m.tree):
                if isinstance(c, ast.ClassDef):
                    for f in c.body:
                        if isinstance(f, FUNCTION):
                            yield m, f, True

    def written(self, call, m, renamed=None):
        """(path expression, what) for each file call writes; renamed: local
        names bound to a write helper."""
        fn = call.func
        name = fn.id if isinstance(fn, ast.Name) else \
            fn.attr if isinstance(fn, ast.Attribute) else None
        base = fn.value if isinstance(fn, ast.Attribute) else None
        module = m.aliases.get(base.id) if isinstance(base, ast.Name) else None
        out = []
        if name == "open" and (base is None or module in FILE_MODULES):
            path = _arg(call, 0, "file")
            if path is not None and _writing_mode(_arg(call, 1, "mode")):
                out.append((path, "open() for writing"))
        elif name == "open" and module == "os":
            path, flags = _arg(call, 0, "path"), _arg(call, 1, "flags")
            if path is not None and (flags is None or any(
                    n in WRITE_FLAGS for n in _names_in(flags) | _attrs_in(flags))):
                out.append((path, "os.open() for writing"))
        elif name == "open" and base is not None and module is None:
            if _writing_mode(_arg(call, 0, "mode")):
                out.append((base, ".open() for writing"))
        elif name in ("write_text", "write_bytes") and base is not None and module is None:
            out.append((base, f".{name}()"))
        key = self._function(m, fn)
        if renamed and isinstance(fn, ast.Name) and fn.id in renamed:
            key = renamed[fn.id]
        if key in self.helpers:
            f = self.modules[key[0]].functions[key[1]]
            params = _params(f, False)
            for p in self.helpers[key]:
                arg = _arg(call, params.index(p), p)
                if arg is not None:
                    out.append((arg, f"{key[1]}() (writes its '{p}')"))
        elif base is not None and module is None:
            # a method of a class of this module or of one it imports from
            near = {m.name, *m.aliases.values(), *(b for b, _ in m.imported.values())}
            for where, params, p in self.methods.get(name, []):
                if where not in near:
                    continue
                arg = _arg(call, params.index(p), p)
                if arg is not None:
                    out.append((arg, f".{name}() (writes its '{p}')"))
        return out

    def _renamed(self, body, m):
        """Local names that body binds to a write helper (put = _poke)."""
        renamed = {}
        for node in _walk_shallow_all(body):
            if isinstance(node, ast.Assign):
                for n in ast.walk(node.value):
                    key = self._function(m, n) if isinstance(n, (ast.Name, ast.Attribute)) \
                        else None
                    if key in self.helpers:
                        for t in node.targets:
                            renamed.update(dict.fromkeys(_target_names(t), key))
        return renamed

    def findings(self, exempt):
        found = []
        for m in self.modules.values():
            if m.rel in exempt:
                continue
            scopes = [(m.tree.body, set())]
            for f in ast.walk(m.tree):
                if isinstance(f, FUNCTION):
                    scopes.append((f.body, self.bind(f.body, m, set())))
            for body, local in scopes:
                renamed = self._renamed(body, m)
                for call in _calls(body):
                    for arg, what in self.written(call, m, renamed):
                        if self.path(arg, m, local):
                            found.append(Finding(m.rel, call.lineno,
                                                 f"{what}: {ast.unparse(arg)}"))
        return found


def _walk_shallow_all(body):
    """The nodes of body, not entering nested functions, classes or lambdas."""
    todo = list(reversed(body))
    while todo:
        n = todo.pop()
        yield n
        for child in reversed(list(ast.iter_child_nodes(n))):
            if not isinstance(child, FUNCTION + (ast.ClassDef, ast.Lambda)):
                todo.append(child)


def _calls(body):
    return [n for n in _walk_shallow_all(body) if isinstance(n, ast.Call)]


def _returns(f):
    return [n for n in _walk_shallow_all(f.body) if isinstance(n, ast.Return) and n.value]


def _params(f, method):
    params = [a.arg for a in f.args.posonlyargs + f.args.args]
    if method and params and params[0] in ("self", "cls"):
        params = params[1:]
    return params + [a.arg for a in f.args.kwonlyargs]


def _target_names(target):
    if isinstance(target, ast.Name):
        return {target.id}
    if isinstance(target, (ast.Tuple, ast.List)):
        return set().union(*(_target_names(e) for e in target.elts))
    if isinstance(target, ast.Starred):
        return _target_names(target.value)
    return set()


def _names_in(node):
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}


def _attrs_in(node):
    return {n.attr for n in ast.walk(node) if isinstance(n, ast.Attribute)}


def _arg(call, index, keyword):
    if index < len(call.args) and not any(isinstance(a, ast.Starred)
                                          for a in call.args[:index + 1]):
        return call.args[index]
    for k in call.keywords:
        if k.arg == keyword:
            return k.value
    return None


def _writing_mode(mode):
    if mode is None:
        return False
    if isinstance(mode, ast.Constant) and isinstance(mode.value, str):
        return bool(set(mode.value) & set("wax+"))
    return True         # a mode computed at run time may write


def _scan_python(root, rels, exempt):
    return _Python(root, rels, WRITER).findings(exempt)


# -- C ----------------------------------------------------------------------

C_TOKENS = re.compile(r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', re.S)
C_OPEN = {"open": (0, 1), "open64": (0, 1), "openat": (1, 2), "creat": (0, None),
          "fopen": (0, 1), "fopen64": (0, 1), "freopen": (0, 1)}
C_DEF = re.compile(r"^[A-Za-z_][\w \t*]*?\b([A-Za-z_]\w*)\s*\(([^;{}()]*)\)\s*\{", re.M)
C_KEYWORDS = {"if", "for", "while", "switch", "return", "sizeof", "do", "else"}


def _c_source(text):
    """text without comments, and a copy with string contents blanked (for
    matching braces and parentheses), both with offsets kept."""
    code = C_TOKENS.sub(lambda t: t.group() if t.group()[0] in "\"'" else
                        re.sub(r"[^\n]", " ", t.group()), text)
    blank = C_TOKENS.sub(lambda t: t.group()[0] + " " * (len(t.group()) - 2) + t.group()[-1]
                         if t.group()[0] in "\"'" else t.group(), code)
    return code, blank


def _close(blank, start, opening, closing):
    """Offset of the bracket closing the one at start (len(blank) if none)."""
    depth = 0
    for i in range(start, len(blank)):
        if blank[i] == opening:
            depth += 1
        elif blank[i] == closing:
            depth -= 1
            if depth == 0:
                return i
    return len(blank)


def _split_args(code, blank, start, end):
    args, depth, last = [], 0, start
    for i in range(start, end):
        c = blank[i]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif c == "," and depth == 0:
            args.append(code[last:i])
            last = i + 1
    args.append(code[last:end])
    return [a.strip() for a in args]


def _c_idents(text):
    return set(re.findall(r"[A-Za-z_]\w*", re.sub(r'"(?:\\.|[^"\\])*"', " ", text)))


class _CFile:
    def __init__(self, rel, text):
        self.rel = rel
        self.code, self.blank = _c_source(text)
        self.names = set()
        self.defs = []          # (name, params, body start, body end, name offset)
        for d in C_DEF.finditer(self.blank):
            if d.group(1) in C_KEYWORDS:
                continue
            params = []
            for p in d.group(2).split(","):
                ids = re.findall(r"[A-Za-z_]\w*", p.split("[")[0])
                if ids and ids[-1] not in ("void",) and p.strip() != "...":
                    params.append(ids[-1])
            brace = d.end() - 1
            self.defs.append((d.group(1), params, brace, _close(self.blank, brace, "{", "}"),
                              d.start(1)))

    def bind(self):
        """Names bound to a settings path: #define and initialised names."""
        for _ in range(10):
            before = len(self.names)
            for d in re.finditer(r"^[ \t]*#[ \t]*define[ \t]+(\w+)(?!\()[ \t]+(.*)$",
                                 self.code, re.M):
                if self.is_setting(d.group(2)):
                    self.names.add(d.group(1))
            for a in re.finditer(r"(?<![\w.>])([A-Za-z_]\w*)\s*(?:\[[^\]]*\])?\s*=(?!=)",
                                 self.blank):
                end = a.end()
                depth = 0
                while end < len(self.blank) and not (self.blank[end] in ";," and depth == 0):
                    if self.blank[end] in "({[":
                        depth += 1
                    elif self.blank[end] in ")}]":
                        depth -= 1
                        if depth < 0:
                            break
                    end += 1
                if self.is_setting(self.code[a.end():end]):
                    self.names.add(a.group(1))
            if len(self.names) == before:
                return

    def is_setting(self, text):
        return bool(SETTING.search(text) or _c_idents(text) & self.names)

    def calls(self, names, start=0, end=None):
        """(callee, [argument texts], offset) of calls to names in a span."""
        end = len(self.blank) if end is None else end
        skip = {d[4] for d in self.defs}
        for c in re.finditer(r"\b([A-Za-z_]\w*)\s*\(", self.blank[start:end]):
            if c.group(1) not in names or start + c.start(1) in skip:
                continue
            if re.search(r"->\s*$|\.\s*$", self.blank[:start + c.start(1)][-4:]):
                continue
            paren = start + c.end() - 1
            close = _close(self.blank, paren, "(", ")")
            yield c.group(1), _split_args(self.code, self.blank, paren + 1, close), \
                start + c.start(1)


def _c_written(callee, args, helpers):
    """(path argument, what) for each file a C call writes."""
    out = []
    if callee in C_OPEN:
        path_i, how_i = C_OPEN[callee]
        if path_i >= len(args):
            return out
        how = args[how_i] if how_i is not None and how_i < len(args) else ""
        if callee == "creat":
            writes = True
        elif callee.startswith(("fopen", "freopen")):
            literal = re.fullmatch(r'"([^"]*)"', how)
            writes = not literal or bool(set(literal.group(1)) & set("wa+"))
        else:
            writes = bool(set(re.findall(r"O_[A-Z]+", how)) & WRITE_FLAGS)
        if writes:
            out.append((args[path_i], f"{callee}() for writing"))
    for index in helpers.get(callee, ()):
        if index < len(args):
            out.append((args[index], f"{callee}() (writes its argument {index + 1})"))
    return out


def _scan_c(root, rels, exempt):
    files = [_CFile(rel, _read(root, rel)) for rel in rels]
    for f in files:
        f.bind()
    helpers = {}                # function -> argument indexes it writes
    for _ in range(10):
        added = False
        for f in files:
            for name, params, start, end, _ in f.defs:
                for callee, args, _ in f.calls(set(C_OPEN) | set(helpers), start, end):
                    for arg, _ in _c_written(callee, args, helpers):
                        for i, p in enumerate(params):
                            if p in _c_idents(arg) and i not in helpers.get(name, set()):
                                helpers.setdefault(name, set()).add(i)
                                added = True
        if not added:
            break
    found = []
    for f in files:
        if f.rel in exempt:
            continue
        for callee, args, at in f.calls(set(C_OPEN) | set(helpers)):
            for arg, what in _c_written(callee, args, helpers):
                if f.is_setting(arg):
                    found.append(Finding(f.rel, f.code.count("\n", 0, at) + 1,
                                         f"{what}: {arg}"))
    return found


# -- shell and make ---------------------------------------------------------

SH_ASSIGN = re.compile(r"(?:^|[\s;(])(?:export\s+|local\s+|readonly\s+|declare\s+(?:-\w+\s+)?)?"
                       r"([A-Za-z_]\w*)=(\"[^\"]*\"|'[^']*'|\S*)")
MAKE_ASSIGN = re.compile(r"^([A-Za-z_]\w*)\s*(?:::=|:=|\+=|\?=|=)\s*(.*)$")
SH_VAR = re.compile(r"\$(?:\{(\w+)\}|\((\w+)\)|(\w+))")
SH_WORD = r"(?:\"[^\"]*\"|'[^']*'|(?:\$\([^)]*\)|\$\{[^}]*\}|[^\s;&|<>()])+)"
SH_REDIRECT = re.compile(r"(?<![<>=-])(?:\d|&)?>{1,2}\|?[ \t]*(" + SH_WORD + ")")
SH_TEE = re.compile(r"\btee\b((?:[ \t]+" + SH_WORD + ")+)")
SH_SYSCTL = re.compile(r"(?:^|[\s;|&(`])sysctl\b([^;&|]*)")


def _scan_shell(root, rel, make):
    lines = [re.sub(r"(^|\s)#.*$", r"\1", line) for line in _read(root, rel).splitlines()]
    names = set()

    def setting(word):
        return bool(SETTING.search(word) or
                    any((v[0] or v[1] or v[2]) in names for v in SH_VAR.findall(word)))
    for _ in range(10):
        before = len(names)
        for line in lines:
            pairs = SH_ASSIGN.findall(line)
            m = MAKE_ASSIGN.match(line) if make else None
            if m:
                pairs.append(m.groups())
            names.update(n for n, value in pairs if setting(value))
        if len(names) == before:
            break
    found = []
    for no, line in enumerate(lines, 1):
        for r in SH_REDIRECT.finditer(line):
            word = r.group(1)
            if not word.startswith("&") and setting(word):
                found.append(Finding(rel, no, f"redirection to {word}"))
        for t in SH_TEE.finditer(line):
            for word in t.group(1).split():
                if not word.startswith("-") and setting(word):
                    found.append(Finding(rel, no, f"tee to {word}"))
        for s in SH_SYSCTL.finditer(line):
            args = s.group(1).split()
            if any(a in ("-w", "--write", "-p", "--load", "--system") or
                   re.match(r"^[\w./-]+=", a) for a in args):
                found.append(Finding(rel, no, f"sysctl {' '.join(args)}"))
    return found

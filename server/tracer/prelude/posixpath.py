"""os.path (POSIX) as exportlens follows it, run by the tracer (never by
CPython): path strings computed as CPython computes them. The analysis
runs nothing for real, so the current directory is `/` and the only
files that exist are those the tracer may read: the files of the
environment's import roots (a library's templates and data beside its
code, `_exportlens_files`) and the files `tempfile` wrote in this trace.
"""

from _exportlens_files import read_text as _read_text

sep = "/"
altsep = None
curdir = "."
pardir = ".."
extsep = "."
pathsep = ":"
defpath = "/bin:/usr/bin"
devnull = "/dev/null"


def isabs(s):
    return s.startswith("/")


def join(a, *p):
    path = a
    for b in p:
        if b.startswith("/"):
            path = b
        elif not path or path.endswith("/"):
            path = path + b
        else:
            path = path + "/" + b
    return path


def split(p):
    i = p.rfind("/") + 1
    head, tail = p[:i], p[i:]
    if head and head != "/" * len(head):
        head = head.rstrip("/")
    return head, tail


def dirname(p):
    return split(p)[0]


def basename(p):
    return p[p.rfind("/") + 1 :]


def splitext(p):
    dot = p.rfind(".")
    slash = p.rfind("/")
    if dot <= slash + 1:
        return p, p[:0]
    # Leading dots of the file name do not start an extension.
    name_start = slash + 1
    while name_start < dot and p[name_start] == ".":
        name_start += 1
    if name_start == dot:
        return p, p[:0]
    return p[:dot], p[dot:]


def normpath(path):
    if not path:
        return "."
    initial = 0
    if path.startswith("/"):
        initial = 2 if (path.startswith("//") and not path.startswith("///")) else 1
    parts = []
    for comp in path.split("/"):
        if comp in ("", "."):
            continue
        if comp != ".." or (not initial and not parts) or (parts and parts[-1] == ".."):
            parts.append(comp)
        elif parts:
            parts.pop()
    path = "/".join(parts)
    if initial:
        path = "/" * initial + path
    return path or "."


def abspath(path):
    if not isabs(path):
        path = join("/", path)
    return normpath(path)


def realpath(filename, *, strict=False):
    return abspath(filename)


def relpath(path, start=None):
    start_parts = [x for x in abspath(start or curdir).split("/") if x]
    path_parts = [x for x in abspath(path).split("/") if x]
    common = 0
    for a, b in zip(start_parts, path_parts):
        if a != b:
            break
        common += 1
    rel = [pardir] * (len(start_parts) - common) + path_parts[common:]
    if not rel:
        return curdir
    return join(*rel)


def expanduser(path):
    return path


def expandvars(path):
    return path


def normcase(s):
    return s


def exists(path):
    return isfile(path)


def isfile(path):
    from tempfile import _exportlens_written

    return path in _exportlens_written or _read_text(path) is not None


def isdir(path):
    return False


def islink(path):
    return False


def commonprefix(m):
    if not m:
        return ""
    s1 = min(m)
    s2 = max(m)
    for i, c in enumerate(s1):
        if c != s2[i]:
            return s1[:i]
    return s1

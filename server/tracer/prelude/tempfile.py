"""tempfile as exportlens follows it, run by the tracer (never by CPython):
the analysis writes no file. A temporary file's text is kept in memory
under the name it would have had, so that code which writes a source and
then loads it (`importlib.util.spec_from_file_location`, a generated
module) reads back what it wrote.
"""

tempdir = "/tmp"
template = "tmp"

# name -> the text written so far (bytes written are kept as they are).
_exportlens_written = {}
_counter = [0]


def gettempdir():
    return tempdir


def gettempprefix():
    return template


def _next_name(suffix, prefix, dir):
    _counter[0] += 1
    if dir is None:
        dir = tempdir
    if prefix is None:
        prefix = template
    if suffix is None:
        suffix = ""
    return dir + "/" + prefix + "exportlens" + str(_counter[0]) + suffix


class _TemporaryFile:
    def __init__(self, name, mode):
        self.name = name
        self.mode = mode
        self.closed = False
        self._position = 0
        if name not in _exportlens_written:
            _exportlens_written[name] = b"" if "b" in mode else ""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    def write(self, data):
        _exportlens_written[self.name] = _exportlens_written[self.name] + data
        return len(data)

    def writelines(self, lines):
        for line in lines:
            self.write(line)

    def read(self, size=-1):
        text = _exportlens_written[self.name]
        start = self._position
        end = len(text) if size is None or size < 0 else start + size
        self._position = min(end, len(text))
        return text[start:end]

    def seek(self, offset, whence=0):
        if whence == 0:
            self._position = offset
        elif whence == 1:
            self._position = self._position + offset
        else:
            self._position = len(_exportlens_written[self.name]) + offset
        return self._position

    def tell(self):
        return self._position

    def flush(self):
        return None

    def fileno(self):
        return 3

    def close(self):
        self.closed = True


def NamedTemporaryFile(
    mode="w+b",
    buffering=-1,
    encoding=None,
    newline=None,
    suffix=None,
    prefix=None,
    dir=None,
    delete=True,
    *,
    errors=None,
    delete_on_close=True,
):
    return _TemporaryFile(_next_name(suffix, prefix, dir), mode)


def TemporaryFile(mode="w+b", buffering=-1, encoding=None, newline=None, suffix=None, prefix=None, dir=None, *, errors=None):
    return _TemporaryFile(_next_name(suffix, prefix, dir), mode)


def mkstemp(suffix=None, prefix=None, dir=None, text=False):
    name = _next_name(suffix, prefix, dir)
    _TemporaryFile(name, "w" if text else "wb")
    return (3, name)


def mkdtemp(suffix=None, prefix=None, dir=None):
    return _next_name(suffix, prefix, dir)


class TemporaryDirectory:
    def __init__(self, suffix=None, prefix=None, dir=None, ignore_cleanup_errors=False, *, delete=True):
        self.name = mkdtemp(suffix, prefix, dir)

    def __enter__(self):
        return self.name

    def __exit__(self, *exc):
        return False

    def cleanup(self):
        return None

"""importlib.util's loading from a file, as exportlens follows it, run by
the tracer (never by CPython): a module made from a file's source runs
that source with the tracer (as an imported library module runs). The
source is what `tempfile` wrote in this trace, else the file's text when
it lies in the environment's import roots (`_exportlens_files`).
`find_spec` and the rest of `importlib` are native.
"""

from _exportlens_files import read_text as _read_text
from _exportlens_files import run_source as _run_source


class ModuleSpec:
    def __init__(self, name, loader, *, origin=None, loader_state=None, is_package=None):
        self.name = name
        self.loader = loader
        self.origin = origin
        self.loader_state = loader_state
        self.submodule_search_locations = [] if is_package else None
        self.cached = None
        self.has_location = origin is not None

    @property
    def parent(self):
        if self.submodule_search_locations is None:
            return self.name.rpartition(".")[0]
        return self.name


class SourceFileLoader:
    def __init__(self, fullname, path):
        self.name = fullname
        self.path = path

    def get_filename(self, name=None):
        return self.path

    def get_data(self, path):
        from tempfile import _exportlens_written

        if path in _exportlens_written:
            return _exportlens_written[path]
        text = _read_text(path)
        if text is None:
            raise FileNotFoundError(2, "No such file or directory", path)
        return text

    def get_source(self, fullname):
        data = self.get_data(self.path)
        if isinstance(data, bytes):
            return data.decode()
        return data

    def create_module(self, spec):
        return None

    def exec_module(self, module):
        _run_source(module, self.get_source(self.name), self.path)


def spec_from_file_location(name, location=None, *, loader=None, submodule_search_locations=None):
    if location is None:
        return None
    if loader is None:
        loader = SourceFileLoader(name, location)
    spec = ModuleSpec(name, loader, origin=location, is_package=submodule_search_locations is not None)
    return spec


def module_from_spec(spec):
    module = None
    if spec.loader is not None and hasattr(spec.loader, "create_module"):
        module = spec.loader.create_module(spec)
    if module is None:
        from _exportlens_files import new_module

        module = new_module(spec.name, spec.origin)
    return module

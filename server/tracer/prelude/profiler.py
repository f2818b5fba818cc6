"""`torch.autograd.profiler`'s `record_function`: a labelled region of the
profile, which export records nothing for.

Run by the exportlens tracer (never by CPython), as `prelude/nn.py` is.
Strict export traces a `with` over it, but breaks the graph on an explicit
`__enter__()` (`dynamo_breaks.rs`).
"""


class record_function:
    def __init__(self, name, args=None):
        self.name = name
        self.args = args

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        return None

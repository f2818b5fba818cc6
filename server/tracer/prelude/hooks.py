"""`torch.utils.hooks`: the handle `register_hook` and friends return.

Run by the exportlens tracer (never by CPython), as `prelude/nn.py` is.
Export runs no backward, so a handle removes nothing.
"""


class RemovableHandle:
    def __init__(self, hooks_dict=None, *, extra_dict=None):
        self.hooks_dict_ref = hooks_dict

    def remove(self):
        pass

    def __enter__(self):
        return self

    def __exit__(self, type, value, tb):
        self.remove()

"""`torch.autograd.forward_ad`: forward-mode AD as export sees it. No
tensor in an exported program is a dual tensor, so unpacking gives the
tensor itself and no tangent, and records nothing.

Run by the exportlens tracer (never by CPython), as `prelude/nn.py` is.
"""
from collections import namedtuple

UnpackedDualTensor = namedtuple("UnpackedDualTensor", ["primal", "tangent"])


def unpack_dual(tensor, *, level=None):
    return UnpackedDualTensor(tensor, None)


class dual_level:
    def __enter__(self):
        return 0

    def __exit__(self, *exc):
        return False

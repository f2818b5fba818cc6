# exportlens-fuzz package
# --- entry.py
from pkg.a import *
model = M()
example_args = (torch.randn(3, 8), torch.randn(3, 8))
# --- pkg/__init__.py
import torch.nn as nn
from .c import *
deep = _build(100000)
_u = isinstance(deep, (list, tuple))
# --- pkg/a.py
from pkg import *
class Block(nn.Module):
# --- pkg/c.py
from .a import *

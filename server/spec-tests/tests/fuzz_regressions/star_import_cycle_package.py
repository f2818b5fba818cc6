# exportlens-fuzz package
# --- entry.py
from pkg import *

model = torch.nn.Linear(2, 2)
example_args = (torch.randn(2),)
# --- pkg/__init__.py
from .sub import *
# --- pkg/sub.py
from . import *
from .sub import *
from .. import entry

if False:
    import torch

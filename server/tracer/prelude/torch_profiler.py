"""`torch.profiler`: the names export code reaches through it.

Run by the exportlens tracer (never by CPython), as `prelude/nn.py` is.
"""
import torch.autograd.profiler

record_function = torch.autograd.profiler.record_function

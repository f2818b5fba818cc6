"""Linformer(dim=64, seq_len=128, depth=2, heads=4, k=32, one_kv_head=True, share_kv=True), eval mode. Dynamic batch."""
import torch
from torch.export import Dim
from linformer import Linformer

model = Linformer(dim=64, seq_len=128, depth=2, heads=4, k=32, one_kv_head=True, share_kv=True).eval()
example_args = (torch.randn(2, 128, 64),)
dynamic_shapes = {"x": {0: Dim.AUTO}}

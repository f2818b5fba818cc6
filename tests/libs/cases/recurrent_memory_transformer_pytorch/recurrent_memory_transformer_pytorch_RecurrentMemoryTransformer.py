"""recurrent_memory_transformer_pytorch: RecurrentMemoryTransformer (recurrent_memory_transformer_pytorch.recurrent_memory_transformer), small configuration, eval mode. Dynamic batch."""
import torch
from torch.export import Dim
from recurrent_memory_transformer_pytorch import RecurrentMemoryTransformer

model = RecurrentMemoryTransformer(dim=64, num_tokens=64, depth=2, num_memory_tokens=16, seq_len=16, dim_head=16, heads=2).eval()
example_args = (torch.randint(0, 64, (2, 16)),)
dynamic_shapes = {"x": {0: Dim("batch")}}

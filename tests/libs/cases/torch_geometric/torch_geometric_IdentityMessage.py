"""torch_geometric: IdentityMessage (torch_geometric.nn.models.tgn), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from torch_geometric.nn.models.tgn import IdentityMessage

model = IdentityMessage(raw_msg_dim=32, memory_dim=32, time_dim=32).eval()
example_args = (torch.randn(2, 16, 32), torch.randn(2, 16, 32), torch.randn(2, 16, 32), torch.randn(2, 16, 32),)
dynamic_shapes = {"z_src": {0: Dim.AUTO, 1: Dim.AUTO}, "z_dst": {0: Dim.AUTO, 1: Dim.AUTO}, "raw_msg": {0: Dim.AUTO, 1: Dim.AUTO}, "t_enc": {0: Dim.AUTO, 1: Dim.AUTO}}

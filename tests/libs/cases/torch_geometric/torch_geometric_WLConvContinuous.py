"""torch_geometric: WLConvContinuous (torch_geometric.nn.conv.wl_conv_continuous), defaults, eval mode."""
import torch
from torch_geometric.nn import WLConvContinuous

model = WLConvContinuous().eval()
example_args = (torch.randn(10, 32), torch.randint(0, 10, (2, 24)),)

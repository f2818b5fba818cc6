"""`.to(device)` fills in the tensor's dtype and layout (`to.dtype_layout`);
`.to(device, dtype)` is `to.device`; both return the tensor itself when
nothing changes."""
import torch


class Model(torch.nn.Module):
    def forward(self, x, mask):
        m = mask.to(x.device)
        y = x.to("cpu", torch.float32)
        z = x.to(device="cpu", non_blocking=True)
        return y * m + z


model = Model()
example_args = (torch.randn(2, 3), torch.ones(2, 3))

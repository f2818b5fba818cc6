# A library-style MultiheadAttention subclass that re-initializes through
# torch's private `_reset_parameters`, and a parent module registering a
# state-dict pre-hook and a full backward hook (kept, never run by export).
import torch
from torch import nn


class MHA(nn.MultiheadAttention):
    def __init__(self, d, h):
        super().__init__(d, h, batch_first=True)
        self._reset_parameters()


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = MHA(16, 2)
        self.norm = nn.LayerNorm(16)
        self.norm.reset_parameters()
        self._register_load_state_dict_pre_hook(lambda *a, **k: None)
        self.register_full_backward_hook(lambda *a: None)

    def forward(self, x):
        mask = nn.Transformer.generate_square_subsequent_mask(x.shape[1])
        y = self.attn(x, x, x, attn_mask=mask, need_weights=False)[0]
        return self.norm(x + y)


model = Block()
example_args = (torch.randn(2, 5, 16),)

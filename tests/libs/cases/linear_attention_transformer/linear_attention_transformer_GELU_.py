"""linear_attention_transformer: GELU_ (linear_attention_transformer.linear_attention_transformer), defaults, eval mode."""
import torch
from linear_attention_transformer.linear_attention_transformer import GELU_

model = GELU_().eval()
example_args = (torch.randn(2, 3, 32, 32),)

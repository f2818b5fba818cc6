"""monai: DecoderOnlyTransformer (monai.networks.nets.transformer), small configuration, eval mode."""
import torch
from monai.networks.nets import DecoderOnlyTransformer

model = DecoderOnlyTransformer(num_tokens=64, max_seq_len=16, attn_layers_dim=32, attn_layers_depth=2, attn_layers_heads=2).eval()
example_args = (torch.randint(0, 64, (2, 16)),)

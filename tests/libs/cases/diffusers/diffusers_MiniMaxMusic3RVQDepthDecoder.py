"""diffusers: MiniMaxMusic3RVQDepthDecoder (diffusers.models.transformers.minimax_music3_rvq_depth_decoder), small configuration, eval mode. Dynamic batch."""
import torch
from torch.export import Dim
from diffusers import MiniMaxMusic3RVQDepthDecoder

model = MiniMaxMusic3RVQDepthDecoder(hidden_size=32, num_layers=2, num_attention_heads=2, audio_vocab_size=64).eval()
example_args = (torch.randn(2, 16, 32),)
dynamic_shapes = {"inputs_embeds": {0: Dim.AUTO}}

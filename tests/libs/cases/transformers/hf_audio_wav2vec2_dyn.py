"""Wav2Vec2Model with a tiny Wav2Vec2Config, eval mode. Dynamic batch and time."""
import torch
from torch.export import Dim
from transformers import Wav2Vec2Config, Wav2Vec2Model

config = Wav2Vec2Config(
    vocab_size=32, hidden_size=64, num_hidden_layers=2, num_attention_heads=4,
    intermediate_size=128, conv_dim=[32, 32], conv_stride=[5, 2], conv_kernel=[10, 3],
    num_conv_pos_embeddings=16, num_conv_pos_embedding_groups=4
)
model = Wav2Vec2Model(config).eval()
example_args = (torch.randn(2, 1600),)
dynamic_shapes = {"input_values": {0: Dim("batch"), 1: Dim("time", min=30, max=16000)}}

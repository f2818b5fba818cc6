"""DebertaV2Model with a tiny DebertaV2Config, eval mode. Dynamic batch and sequence."""
import torch
from torch.export import Dim
from transformers import DebertaV2Config, DebertaV2Model

config = DebertaV2Config(
    vocab_size=128, max_position_embeddings=64, hidden_size=64, num_hidden_layers=2,
    num_attention_heads=4, intermediate_size=128, relative_attention=True, position_buckets=32,
    pos_att_type=['p2c', 'c2p']
)
model = DebertaV2Model(config).eval()
example_args = (torch.randint(0, 128, (2, 16)),)
dynamic_shapes = {"input_ids": {0: Dim("batch"), 1: Dim("seq", max=64)}}

"""diffusers: MiniMaxMusic3ConditionEncoder (diffusers.models.condition_embedders.condition_embedder_minimax_music3), small configuration, eval mode."""
import torch
from diffusers import MiniMaxMusic3ConditionEncoder

model = MiniMaxMusic3ConditionEncoder(condition_hidden_dim=32, num_condition_layers=2, out_dim=32).eval()
example_args = (torch.randn(2, 16, 64),)

"""transformers (nemotron_h): NemotronHModel with NemotronHConfig shrunk, eval mode."""
import torch
from transformers import NemotronHConfig, NemotronHModel

config = NemotronHConfig(vocab_size=99, hidden_size=32, num_attention_heads=4, num_key_value_heads=2, head_dim=8, intermediate_size=48, n_routed_experts=4, moe_intermediate_size=48, use_cache=False)
model = NemotronHModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)

"""transformers (clip_text_model): CLIPTextModel with CLIPTextConfig shrunk, eval mode."""
import torch
from transformers import CLIPTextConfig, CLIPTextModel

config = CLIPTextConfig(vocab_size=99, hidden_size=32, intermediate_size=37, projection_dim=32, num_hidden_layers=2, num_attention_heads=4, bos_token_id=0, eos_token_id=0)
model = CLIPTextModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)

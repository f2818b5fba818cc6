"""transformers (muse_glimmer_text): MuseGlimmerTextModel with MuseGlimmerTextConfig shrunk, eval mode."""
import torch
from transformers import MuseGlimmerTextConfig, MuseGlimmerTextModel

config = MuseGlimmerTextConfig(vocab_size=99, hidden_size=32, intermediate_size=37, num_hidden_layers=2, num_attention_heads=4, head_dim=8, eos_token_id=0, bos_token_id=0, use_cache=False)
model = MuseGlimmerTextModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)

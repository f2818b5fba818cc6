"""transformers (openai_privacy_filter): OpenAIPrivacyFilterModel with OpenAIPrivacyFilterConfig shrunk, eval mode."""
import torch
from transformers import OpenAIPrivacyFilterConfig, OpenAIPrivacyFilterModel

config = OpenAIPrivacyFilterConfig(num_hidden_layers=2, num_local_experts=4, vocab_size=99, hidden_size=32, intermediate_size=37, head_dim=8, num_attention_heads=4, num_experts_per_tok=2, pad_token_id=0, eos_token_id=0, use_cache=False)
model = OpenAIPrivacyFilterModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)

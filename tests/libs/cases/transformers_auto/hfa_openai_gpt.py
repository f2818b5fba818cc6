"""transformers (openai-gpt): OpenAIGPTModel with OpenAIGPTConfig shrunk, eval mode."""
import torch
from transformers import OpenAIGPTConfig, OpenAIGPTModel

config = OpenAIGPTConfig(vocab_size=99, n_embd=32, n_layer=2, n_head=4)
model = OpenAIGPTModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)

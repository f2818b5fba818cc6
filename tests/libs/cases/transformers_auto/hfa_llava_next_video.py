"""transformers (llava_next_video): LlavaNextVideoModel with LlavaNextVideoConfig shrunk, eval mode."""
import torch
from transformers import LlavaNextVideoConfig, LlavaNextVideoModel

config = LlavaNextVideoConfig(vision_config={'model_type': 'clip_vision_model', 'hidden_size': 32, 'intermediate_size': 37, 'projection_dim': 32, 'num_hidden_layers': 2, 'num_attention_heads': 4, 'image_size': 32, 'patch_size': 8, 'vocab_size': 99}, text_config={'model_type': 'llama', 'vocab_size': 99, 'hidden_size': 32, 'intermediate_size': 37, 'num_hidden_layers': 2, 'num_attention_heads': 4, 'num_key_value_heads': 2, 'head_dim': 8})
model = LlavaNextVideoModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)

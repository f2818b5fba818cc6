"""transformers (video_llama_3): VideoLlama3Model with VideoLlama3Config shrunk, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from transformers import VideoLlama3Config, VideoLlama3Model

config = VideoLlama3Config(text_config={'model_type': 'qwen2', 'vocab_size': 99, 'hidden_size': 32, 'intermediate_size': 37, 'num_hidden_layers': 2, 'num_attention_heads': 4, 'num_key_value_heads': 2}, vision_config={'model_type': 'video_llama_3_vision', 'hidden_size': 32, 'intermediate_size': 37, 'num_hidden_layers': 2, 'num_attention_heads': 4, 'patch_size': 8}, image_token_id=0, video_token_id=0)
model = VideoLlama3Model(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
dynamic_shapes = {"input_ids": {0: Dim("batch"), 1: Dim("seq", max=64)}}

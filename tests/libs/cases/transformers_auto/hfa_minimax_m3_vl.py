"""transformers (minimax_m3_vl): MiniMaxM3VLModel with MiniMaxM3VLConfig shrunk, eval mode."""
import torch
from transformers import MiniMaxM3VLConfig, MiniMaxM3VLModel

config = MiniMaxM3VLConfig(vision_config={'model_type': 'minimax_m3_vl_vision', 'hidden_size': 32, 'intermediate_size': 48, 'num_hidden_layers': 2, 'num_attention_heads': 4, 'image_size': 32, 'patch_size': 8}, text_config={'model_type': 'minimax_m3_vl_text', 'vocab_size': 99, 'hidden_size': 32, 'intermediate_size': 48, 'num_hidden_layers': 2, 'num_attention_heads': 4, 'num_key_value_heads': 2, 'head_dim': 8, 'bos_token_id': 0, 'eos_token_id': 0, 'num_experts_per_tok': 2, 'num_local_experts': 4})
model = MiniMaxM3VLModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)

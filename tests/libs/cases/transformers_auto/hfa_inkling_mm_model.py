"""transformers (inkling_mm_model): InklingModel with InklingConfig shrunk, eval mode."""
import torch
from transformers import InklingConfig, InklingModel

config = InklingConfig(text_config={'model_type': 'inkling_text', 'vocab_size': 99, 'hidden_size': 32, 'num_hidden_layers': 2, 'num_attention_heads': 4, 'num_key_value_heads': 2, 'head_dim': 8, 'intermediate_size': 48, 'moe_intermediate_size': 48, 'n_routed_experts': 4, 'num_experts_per_tok': 2, 'num_mtp_layers': None, 'chain_hidden_post_norm': False, 'mtp_local_layer_ids': None}, vision_config={'model_type': 'inkling_vision', 'patch_size': 8, 'hidden_size': 32, 'n_layers': 2, 'num_attention_heads': 4}, image_token_id=0, audio_token_id=0, image_bos_token_id=0, audio_bos_token_id=0)
model = InklingModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)

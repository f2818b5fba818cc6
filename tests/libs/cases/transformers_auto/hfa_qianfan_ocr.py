"""transformers (qianfan_ocr): QianfanOCRModel with QianfanOCRConfig shrunk, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from transformers import QianfanOCRConfig, QianfanOCRModel

config = QianfanOCRConfig(vision_config={'model_type': 'qianfan_ocr_vision', 'hidden_size': 32, 'num_hidden_layers': 2, 'num_attention_heads': 4, 'intermediate_size': 37}, text_config={'model_type': 'qwen3', 'vocab_size': 99, 'hidden_size': 32, 'intermediate_size': 37, 'num_hidden_layers': 2, 'num_attention_heads': 4, 'num_key_value_heads': 2, 'head_dim': 8}, image_token_id=0)
model = QianfanOCRModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
dynamic_shapes = {"input_ids": {0: Dim("batch"), 1: Dim("seq", max=64)}}

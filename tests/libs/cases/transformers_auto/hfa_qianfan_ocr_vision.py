"""transformers (qianfan_ocr_vision): QianfanOCRVisionModel with QianfanOCRVisionConfig shrunk, eval mode."""
import torch
from transformers import QianfanOCRVisionConfig, QianfanOCRVisionModel

config = QianfanOCRVisionConfig(hidden_size=32, num_hidden_layers=2, num_attention_heads=4, intermediate_size=37)
model = QianfanOCRVisionModel(config).eval()
example_args = (torch.randn(2, 3, 32, 32),)

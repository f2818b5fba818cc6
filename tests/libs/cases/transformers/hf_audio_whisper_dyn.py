"""The encoder of WhisperModel with a tiny WhisperConfig, eval mode. Dynamic batch."""
import torch
from torch.export import Dim
from transformers import WhisperConfig, WhisperModel

config = WhisperConfig(
    vocab_size=128, num_mel_bins=16, d_model=64, encoder_layers=2, encoder_attention_heads=4,
    encoder_ffn_dim=128, decoder_layers=2, decoder_attention_heads=4, decoder_ffn_dim=128,
    max_source_positions=32, max_target_positions=64, pad_token_id=0, bos_token_id=1,
    eos_token_id=2, decoder_start_token_id=3
)
model = WhisperModel(config).get_encoder().eval()
example_args = (torch.randn(2, 16, 64),)
dynamic_shapes = {"input_features": {0: Dim("batch")}}

"""transformers (higgs_audio_v2): HiggsAudioV2ForConditionalGeneration with HiggsAudioV2Config shrunk, eval mode."""
import torch
from transformers import HiggsAudioV2Config, HiggsAudioV2ForConditionalGeneration

config = HiggsAudioV2Config(vocab_size=99, hidden_size=32, intermediate_size=37, num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2, pad_token_id=0, eos_token_id=0, head_dim=8, audio_token_id=0, audio_bos_token_id=0, audio_delay_token_id=0, use_cache=False)
model = HiggsAudioV2ForConditionalGeneration(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)

"""Found by the pipeline fuzzer: nn.Transformer deep-copies its encoder
layer once per layer; 10^5 copies took 1.4 GB before the step budget ran
out, until a copied object cost steps in proportion to its weight."""
import torch

model = torch.nn.Transformer(
    d_model=8, nhead=2, num_encoder_layers=100000, num_decoder_layers=1, dim_feedforward=16, batch_first=True
).eval()
example_args = (torch.randn(1, 3, 8), torch.randn(1, 2, 8))

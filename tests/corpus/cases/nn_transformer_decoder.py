import torch
import torch.nn as nn


class Decoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.layer = nn.TransformerDecoderLayer(8, 2, 16, batch_first=True, norm_first=True)
        stack = nn.TransformerDecoderLayer(8, 2, 16)
        self.decoder = nn.TransformerDecoder(stack, 2)

    def forward(self, tgt, memory):
        y = self.layer(tgt, memory)
        return self.decoder(y.transpose(0, 1), memory.transpose(0, 1))


model = Decoder().eval()
example_args = (torch.randn(2, 3, 8), torch.randn(2, 5, 8))

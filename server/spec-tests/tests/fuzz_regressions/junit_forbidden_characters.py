# The JUnit output once did not parse when a message held characters XML
# forbids (issue 43): every output format is parsed back on this input.
import torch


class M(torch.nn.Module):
    def forward(self, x):
        raise RuntimeError("bad \x01 \ufffe \uffff \r\n\t <&>\"' \x1b[31m" + chr(0) + chr(0xFFFF))


model = M()
example_args = (torch.randn(2),)

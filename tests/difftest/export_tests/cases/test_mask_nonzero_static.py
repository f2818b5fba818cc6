"""test_mask_nonzero_static: nonzero_static sized by another input's dynamic dim."""
import torch
from torch.export import Dim


class TestModule(torch.nn.Module):
    def forward(self, seq_embeddings, mask, exp):
        # Instead of `output = seq_embeddings[mask]`` which makes
        # output.shape have unbacked symint, encode side knowledge of
        # output.shape as exp.shape to force it to have backed symint
        index = torch.nonzero_static(mask, size=exp.shape[0])
        chunked_index = index.chunk(chunks=mask.dim(), dim=1)
        output = seq_embeddings[chunked_index].squeeze()
        final_output = output * 2
        return final_output


model = TestModule()
example_args = (torch.randn(5, 5), torch.ones(5, 5, dtype=torch.bool), torch.randn(25))
batch = Dim("batch")
dynamic_shapes = {"seq_embeddings": (batch, None), "mask": (batch, None), "exp": (Dim("exp_size", max=100),)}

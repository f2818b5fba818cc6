"""torch.nn instance norms (torch.nn.modules.instancenorm) as exportlens
interprets them: Python run by the tracer, never by CPython (see nn.py).

InstanceNorm1d/2d/3d on batchnorm.py's `_NormBase` (affine and tracking
off by default); an unbatched input is normalized as a batch of one
(`unsqueeze`/`squeeze` around `aten.instance_norm`).
"""
import torch.nn.functional as F
from torch.nn.modules.batchnorm import _NormBase


class _InstanceNorm(_NormBase):
    # The rank of an input without its batch dimension.
    _no_batch_dim = 3

    def __init__(
        self,
        num_features,
        eps=1e-05,
        momentum=0.1,
        affine=False,
        track_running_stats=False,
        device=None,
        dtype=None,
        *,
        bias=True,
    ):
        super().__init__(num_features, eps, momentum, affine, track_running_stats, device, dtype, bias=bias)

    def _check_input_dim(self, input):
        unbatched = self._no_batch_dim
        if input.dim() != unbatched and input.dim() != unbatched + 1:
            raise ValueError(f"expected {unbatched}D or {unbatched + 1}D input (got {input.dim()}D input)")

    def _apply_instance_norm(self, input):
        return F.instance_norm(
            input,
            self.running_mean,
            self.running_var,
            self.weight,
            self.bias,
            self.training or not self.track_running_stats,
            self.momentum if self.momentum is not None else 0.0,
            self.eps,
        )

    def forward(self, input):
        self._check_input_dim(input)
        feature_dim = input.dim() - self._no_batch_dim
        if self.affine and input.size(feature_dim) != self.num_features:
            raise ValueError(
                f"expected input's size at dim={feature_dim} to match num_features ({self.num_features}), but got: {input.size(feature_dim)}."
            )
        if input.dim() == self._no_batch_dim:
            return self._apply_instance_norm(input.unsqueeze(0)).squeeze(0)
        return self._apply_instance_norm(input)


class InstanceNorm1d(_InstanceNorm): _no_batch_dim = 2
class InstanceNorm2d(_InstanceNorm): _no_batch_dim = 3
class InstanceNorm3d(_InstanceNorm): _no_batch_dim = 4

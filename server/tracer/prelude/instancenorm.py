"""torch.nn instance norms (torch.nn.modules.instancenorm) as exportlens
interprets them: Python run by the tracer, never by CPython (see nn.py).

InstanceNorm1d/2d/3d on batchnorm.py's `_NormBase` (affine and tracking
off by default); an unbatched input is normalized as a batch of one
(`unsqueeze`/`squeeze` around `aten.instance_norm`). The Lazy variants
(affine and tracking on by default) take `num_features` from the first
input as the lazy batch norms do: under Dynamo on the example input,
otherwise torch's uninitialized-parameter error.
"""
import torch.nn.functional as F
from torch.nn.modules.batchnorm import _NormBase, _lazy_init, _lazy_materialize


class _InstanceNorm(_NormBase):

    def _get_no_batch_dim(self):
        return self._no_batch_dim

    def _handle_no_batch_input(self, input):
        return self._apply_instance_norm(input.unsqueeze(0)).squeeze(0)

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
        # Compared whatever `affine` is (a guard on a dynamic size); only an
        # affine layer refuses a mismatch, the others warn.
        if input.size(feature_dim) != self.num_features and self.affine:
            raise ValueError(
                f"expected input's size at dim={feature_dim} to match num_features ({self.num_features}), but got: {input.size(feature_dim)}."
            )
        if input.dim() == self._get_no_batch_dim():
            return self._handle_no_batch_input(input)
        return self._apply_instance_norm(input)


class InstanceNorm1d(_InstanceNorm): _no_batch_dim = 2
class InstanceNorm2d(_InstanceNorm): _no_batch_dim = 3
class InstanceNorm3d(_InstanceNorm): _no_batch_dim = 4


class _LazyInstanceNorm(_InstanceNorm):

    def _infer_parameters(self, module, args, kwargs=None):
        module.initialize_parameters(*args, **(kwargs or {}))

    def _lazy_load_hook(self, state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys, error_msgs):
        pass

    def __init__(
        self, eps=1e-05, momentum=0.1, affine=True, track_running_stats=True, device=None, dtype=None, *, bias=True
    ):
        _lazy_init(self, _InstanceNorm, eps, momentum, affine, track_running_stats, device, dtype, bias)

    def has_uninitialized_params(self):
        return self.num_features == 0

    def initialize_parameters(self, input):
        # The feature dimension is the first of an unbatched input.
        _lazy_materialize(self, input, 0 if input.dim() == self._no_batch_dim else 1)

    def forward(self, input):
        self.initialize_parameters(input)
        return super().forward(input)


class LazyInstanceNorm1d(_LazyInstanceNorm): _no_batch_dim = 2
class LazyInstanceNorm2d(_LazyInstanceNorm): _no_batch_dim = 3
class LazyInstanceNorm3d(_LazyInstanceNorm): _no_batch_dim = 4

"""torch.nn batch norms (torch.nn.modules.batchnorm) as exportlens
interprets them: Python run by the tracer, never by CPython (see nn.py).

Owns `_NormBase` (the state batch and instance norms register: weight and
bias when affine, running statistics and `num_batches_tracked` when
tracked, None entries otherwise), `_BatchNorm`'s forward (the
`num_batches_tracked.add_` of training, which buffers `aten.batch_norm`
reads in each mode), BatchNorm1d/2d/3d, their Lazy variants and
SyncBatchNorm. The instance norms (instancenorm.py) share the base.
"""
import torch
import torch.nn.functional as F
from torch.nn import Module, Parameter
from torch.nn.modules import _affine_parameters


class _NormBase(Module):

    # Parameter values are not modelled: (re)initializing them changes nothing the tracer follows.
    def reset_parameters(self):
        pass

    def reset_running_stats(self):
        pass

    def __init__(
        self,
        num_features,
        eps=1e-05,
        momentum=0.1,
        affine=True,
        track_running_stats=True,
        device=None,
        dtype=None,
        *,
        bias=True,
    ):
        super().__init__()
        self.num_features = num_features
        self.eps = eps
        self.momentum = momentum
        self.affine = affine
        self.track_running_stats = track_running_stats
        _affine_parameters(self, affine, bias, num_features, device, dtype)
        if track_running_stats:
            self.register_buffer("running_mean", torch.zeros(num_features, device=device, dtype=dtype))
            self.register_buffer("running_var", torch.ones(num_features, device=device, dtype=dtype))
            # Always int64, whatever `dtype` says.
            self.register_buffer("num_batches_tracked", torch.tensor(0, dtype=torch.long, device=device))
        else:
            self.register_buffer("running_mean", None)
            self.register_buffer("running_var", None)
            self.register_buffer("num_batches_tracked", None)

    def _check_input_dim(self, input):
        raise NotImplementedError


class _BatchNorm(_NormBase):
    def forward(self, input):
        self._check_input_dim(input)
        factor = 0.0 if self.momentum is None else self.momentum
        if self.training and self.track_running_stats and self.num_batches_tracked is not None:
            self.num_batches_tracked.add_(1)
            if self.momentum is None:
                # A cumulative average: the factor is read from the buffer.
                factor = 1.0 / float(self.num_batches_tracked)
        if self.training:
            use_batch_stats = True
        else:
            use_batch_stats = self.running_mean is None and self.running_var is None
        # The buffers are passed when they are updated (training, tracked)
        # or read (eval).
        keep = not self.training or self.track_running_stats
        return F.batch_norm(
            input,
            self.running_mean if keep else None,
            self.running_var if keep else None,
            self.weight,
            self.bias,
            use_batch_stats,
            factor,
            self.eps,
        )


class BatchNorm1d(_BatchNorm):
    def _check_input_dim(self, input):
        if input.dim() != 2 and input.dim() != 3:
            raise ValueError(f"expected 2D or 3D input (got {input.dim()}D input)")


class BatchNorm2d(_BatchNorm):
    def _check_input_dim(self, input):
        if input.dim() != 4:
            raise ValueError(f"expected 4D input (got {input.dim()}D input)")


class BatchNorm3d(_BatchNorm):
    def _check_input_dim(self, input):
        if input.dim() != 5:
            raise ValueError(f"expected 5D input (got {input.dim()}D input)")


# ----- lazy norms -----------------------------------------------------------------
#
# A lazy norm reads its feature count from its first input; until then its
# state is uninitialized. Under strict export Dynamo runs the
# initialization hook on the example input (the state takes the input's
# channel count); non-strict export touches the uninitialized parameters
# and fails. Each lazy class subclasses the norm it becomes (torch mixes in
# LazyModuleMixin instead), so the helpers below hold the shared part.

_UNINITIALIZED = (
    "Attempted to use an uninitialized parameter in <method '_is_view' of 'torch._C.TensorBase' objects>. "
    "This error happens when you are using a `LazyModule` or explicitly manipulating "
    "`torch.nn.parameter.UninitializedParameter` objects. When using LazyModules Call `forward` with a "
    "dummy batch to initialize the parameters before calling torch functions"
)


def _lazy_init(self, base, eps, momentum, affine, track_running_stats, device, dtype, bias):
    # The norm `base` built empty (no features, no state); the settings the
    # state is built with later are kept aside.
    base.__init__(self, 0, eps, momentum, False, False, device, dtype, bias=False)
    self.affine = affine
    self.track_running_stats = track_running_stats
    self._lazy_factory = (bias, device, dtype)


def _lazy_materialize(self, input, feature_dim=1):
    if self.num_features != 0:
        return
    # Only Dynamo (strict mode) runs the initialization hook on the input.
    if not torch.compiler.is_dynamo_compiling():
        raise ValueError(_UNINITIALIZED)
    # Dynamo's initialization hook runs eagerly: nothing is recorded.
    torch._exportlens_untraced(_lazy_build_state, self, int(input.shape[feature_dim]))


def _lazy_build_state(self, n):
    bias, device, dtype = self._lazy_factory
    self.num_features = n
    if self.affine:
        self.weight = Parameter(torch.ones(n, device=device, dtype=dtype))
        if bias:
            self.bias = Parameter(torch.zeros(n, device=device, dtype=dtype))
    if self.track_running_stats:
        self.register_buffer("running_mean", torch.zeros(n, device=device, dtype=dtype))
        self.register_buffer("running_var", torch.ones(n, device=device, dtype=dtype))
        self.register_buffer("num_batches_tracked", torch.tensor(0, dtype=torch.long, device=device))


class _LazyBatchNorm(_BatchNorm):

    def _infer_parameters(self, module, args, kwargs=None):
        module.initialize_parameters(*args, **(kwargs or {}))

    def _lazy_load_hook(self, state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys, error_msgs):
        pass

    def __init__(
        self, eps=1e-05, momentum=0.1, affine=True, track_running_stats=True, device=None, dtype=None, *, bias=True
    ):
        _lazy_init(self, _BatchNorm, eps, momentum, affine, track_running_stats, device, dtype, bias)

    def has_uninitialized_params(self):
        return self.num_features == 0

    def initialize_parameters(self, input):
        _lazy_materialize(self, input)

    def forward(self, input):
        _lazy_materialize(self, input)
        return super().forward(input)


class LazyBatchNorm1d(_LazyBatchNorm):
    cls_to_become = BatchNorm1d
    _check_input_dim = BatchNorm1d._check_input_dim


class LazyBatchNorm2d(_LazyBatchNorm):
    cls_to_become = BatchNorm2d
    _check_input_dim = BatchNorm2d._check_input_dim


class LazyBatchNorm3d(_LazyBatchNorm):
    cls_to_become = BatchNorm3d
    _check_input_dim = BatchNorm3d._check_input_dim


class SyncBatchNorm(_BatchNorm):

    def _check_non_zero_input_channels(self, input):
        if input.size(1) == 0:
            raise ValueError("SyncBatchNorm number of input channels should be non-zero")

    @classmethod
    def convert_sync_batchnorm(cls, module, process_group=None):
        # One CPU process: the batch norms stay as they are.
        return module

    # One CPU process (export) has no peers to synchronize with: it
    # normalizes as BatchNorm does.
    def __init__(
        self,
        num_features,
        eps=1e-05,
        momentum=0.1,
        affine=True,
        track_running_stats=True,
        process_group=None,
        device=None,
        dtype=None,
        *,
        bias=True,
    ):
        super().__init__(num_features, eps, momentum, affine, track_running_stats, device, dtype, bias=bias)
        self.process_group = process_group

    def _check_input_dim(self, input):
        if input.dim() < 2:
            raise ValueError(f"expected at least 2D input (got {input.dim()}D input)")

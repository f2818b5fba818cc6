"""`torch.distributions`: the distributions model code samples from
(augmentation parameters, noise, dropout-like gates), with torch 2.15's
shapes and sampling ops.

Run by the exportlens tracer (never by CPython), as `prelude/nn.py` is.
Arguments are not validated (`validate_args` is accepted and kept): a
check torch would make on known values is not reproduced, so no failure
is claimed from it.
"""
_NUMBER = (bool, int, float, complex)

import torch


def broadcast_all(*values):
    """Numbers become tensors of the first tensor's dtype (the default
    dtype when there is none); tensors of different shapes are broadcast."""
    for v in values:
        if not isinstance(v, (torch.Tensor, _NUMBER)):
            raise ValueError(
                "Input arguments must all be instances of Number, "
                "torch.Tensor or objects implementing __torch_function__."
            )
    like = None
    for v in values:
        if isinstance(v, torch.Tensor):
            like = v
            break
    tensors = []
    for v in values:
        if isinstance(v, torch.Tensor):
            tensors.append(v)
        elif like is None:
            tensors.append(torch.tensor(v, dtype=torch.get_default_dtype()))
        else:
            tensors.append(torch.tensor(v, dtype=like.dtype, device=like.device))
    shapes = [tuple(t.shape) for t in tensors]
    if all(s == shapes[0] for s in shapes):
        return tuple(tensors)
    return torch.broadcast_tensors(*tensors)


def _batch_shape(given, param):
    """A distribution's batch shape: none for Python numbers, else the
    broadcast parameter's."""
    if all(isinstance(v, _NUMBER) for v in given):
        return ()
    return param.size()


class Distribution:
    has_rsample = False
    has_enumerate_support = False
    _validate_args = True

    @staticmethod
    def set_default_validate_args(value):
        Distribution._validate_args = value

    def __init__(self, batch_shape=(), event_shape=(), validate_args=None):
        self._batch_shape = torch.Size(batch_shape)
        self._event_shape = torch.Size(event_shape)
        if validate_args is not None:
            self._validate_args = validate_args

    @property
    def batch_shape(self):
        return self._batch_shape

    @property
    def event_shape(self):
        return self._event_shape

    def _extended_shape(self, sample_shape=()):
        return torch.Size(tuple(sample_shape) + tuple(self._batch_shape) + tuple(self._event_shape))

    def sample(self, sample_shape=()):
        with torch.no_grad():
            return self.rsample(sample_shape)

    def rsample(self, sample_shape=()):
        raise NotImplementedError

    def sample_n(self, n):
        return self.sample((n,))


class Uniform(Distribution):
    has_rsample = True

    def __init__(self, low, high, validate_args=None):
        self.low, self.high = broadcast_all(low, high)
        super().__init__(_batch_shape((low, high), self.low), validate_args=validate_args)

    @property
    def mean(self):
        return (self.high + self.low) / 2

    def rsample(self, sample_shape=()):
        shape = self._extended_shape(sample_shape)
        rand = torch.rand(shape, dtype=self.low.dtype, device=self.low.device)
        return self.low + rand * (self.high - self.low)


class Normal(Distribution):
    has_rsample = True

    def __init__(self, loc, scale, validate_args=None):
        self.loc, self.scale = broadcast_all(loc, scale)
        super().__init__(_batch_shape((loc, scale), self.loc), validate_args=validate_args)

    @property
    def mean(self):
        return self.loc

    @property
    def stddev(self):
        return self.scale

    def rsample(self, sample_shape=()):
        shape = self._extended_shape(sample_shape)
        eps = torch.empty(shape, dtype=self.loc.dtype, device=self.loc.device).normal_()
        return self.loc + eps * self.scale


class Bernoulli(Distribution):
    def __init__(self, probs=None, logits=None, validate_args=None):
        if (probs is None) == (logits is None):
            raise ValueError("Either `probs` or `logits` must be specified, but not both.")
        given = probs if probs is not None else logits
        (param,) = broadcast_all(given)
        if probs is not None:
            self.probs = param
        else:
            self.logits = param
        self._param = param
        super().__init__(_batch_shape((given,), param), validate_args=validate_args)

    def sample(self, sample_shape=()):
        shape = self._extended_shape(sample_shape)
        with torch.no_grad():
            probs = self.probs if hasattr(self, "probs") else torch.sigmoid(self.logits)
            return torch.bernoulli(probs.expand(shape))


class Transform:
    """The base of invertible transforms (subclassed by flow libraries)."""

    bijective = False
    sign = 1

    def __init__(self, cache_size=0):
        self._cache_size = cache_size

    def __call__(self, x):
        return self._call(x)

    def _call(self, x):
        raise NotImplementedError


class ExpTransform(Transform):
    bijective = True

    def _call(self, x):
        return x.exp()

    def _inverse(self, y):
        return y.log()

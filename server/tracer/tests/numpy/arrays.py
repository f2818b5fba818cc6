"""numpy's n-dimensional arrays as model code builds them at construction:
creation, indexing and assignment, broadcasting arithmetic, ufuncs,
reductions and shape methods. Real numpy runs this file
(`tests/test_python_semantics.py`, with TORCH_PYTHON's numpy) and so does the
tracer (`server/tracer/tests/numpy_files.rs`), so both agree with numpy."""
import math

import numpy as np

# creation and dtypes
a = np.array([[1, 2, 3], [4, 5, 6]])
assert a.shape == (2, 3) and a.ndim == 2 and a.size == 6
assert a.dtype == np.int64 and str(a.dtype) == "int64"
assert np.array([1.0, 2]).dtype == np.float64
assert np.array([True, False]).dtype == np.bool_
assert np.array([[1, 2], [3, 4]], dtype=np.float32).dtype == np.float32
assert np.array(5.0).shape == () and np.array(5.0).ndim == 0
assert np.zeros((2, 3)).tolist() == [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]
assert np.ones(3, dtype=int).tolist() == [1, 1, 1]
assert np.full((2, 2), 7).dtype == np.int64 and np.full((2,), 0.5).tolist() == [0.5, 0.5]
assert np.zeros_like(a).dtype == np.int64 and np.ones_like(a, dtype=np.float32).dtype == np.float32
assert np.arange(5).tolist() == [0, 1, 2, 3, 4]
assert np.arange(1, 10, 3).tolist() == [1, 4, 7]
assert np.arange(0.1, 1, 0.2).tolist() == [0.1, 0.30000000000000004, 0.5000000000000001, 0.7000000000000001, 0.9000000000000001]
assert np.arange(5, 0, -2).tolist() == [5, 3, 1]
assert np.arange(4, dtype=np.float32).dtype == np.float32
assert np.linspace(0, 1, 5).tolist() == [0.0, 0.25, 0.5, 0.75, 1.0]
assert np.linspace(0, 0.2, 5).tolist() == [0.0, 0.05, 0.1, 0.15000000000000002, 0.2]
assert np.linspace(0, 10, 4, endpoint=False).tolist() == [0.0, 2.5, 5.0, 7.5]
assert np.eye(3).tolist() == [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]
assert np.eye(2, 3, k=1).tolist() == [[0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]
ragged = False
try:
    np.array([[1, 2], [3]])
except ValueError as e:
    ragged = "inhomogeneous shape after 1 dimensions" in str(e)
assert ragged

# promotion
i32 = np.arange(3, dtype=np.int32)
f32 = np.ones(3, dtype=np.float32)
assert (np.arange(3) / 2).dtype == np.float64
assert (np.arange(3) + 1.5).dtype == np.float64
assert (f32 * 2.5).dtype == np.float32 and (f32 + 1).dtype == np.float32
assert (f32 + np.arange(3)).dtype == np.float64
assert (i32 + 1).dtype == np.int32 and (i32 + np.arange(3)).dtype == np.int64
assert (i32 + f32).dtype == np.float64
assert (np.arange(3) // 2).tolist() == [0, 0, 1]
assert (np.arange(-3, 3) % 4).tolist() == [1, 2, 3, 0, 1, 2]
assert (np.array([7.0, -7.0]) // -2).tolist() == [-4.0, 3.0]
assert (np.arange(4) ** 2).tolist() == [0, 1, 4, 9]
assert (2 ** np.arange(4)).tolist() == [1, 2, 4, 8]
assert (np.arange(3) == 1).dtype == np.bool_

# broadcasting
col = np.arange(3)[:, None]
row = np.arange(4)[None, :]
grid = col * 10 + row
assert grid.shape == (3, 4)
assert grid.tolist() == [[0, 1, 2, 3], [10, 11, 12, 13], [20, 21, 22, 23]]
assert (np.ones((2, 1, 3)) + np.ones((4, 1))).shape == (2, 4, 3)
bad = False
try:
    np.ones((2, 3)) + np.ones((4,))
except ValueError as e:
    bad = "could not be broadcast" in str(e)
assert bad

# indexing
t = np.arange(24).reshape(2, 3, 4)
assert t[1, 2, 3] == 23 and t[-1, -1, -1] == 23
assert t[0].shape == (3, 4) and t[:, 1].shape == (2, 4)
assert t[..., 0].tolist() == [[0, 4, 8], [12, 16, 20]]
assert t[0, :, ::2].tolist() == [[0, 2], [4, 6], [8, 10]]
assert t[:, ::-1, 0].tolist() == [[8, 4, 0], [20, 16, 12]]
assert t[None].shape == (1, 2, 3, 4) and t[:, np.newaxis].shape == (2, 1, 3, 4)
assert t[0, ..., None].shape == (3, 4, 1)
assert t[1:, 1:3, -2:].tolist() == [[[18, 19], [22, 23]]]
assert np.arange(10)[[1, 3, -1]].tolist() == [1, 3, 9]
assert np.arange(6)[np.arange(6) % 2 == 0].tolist() == [0, 2, 4]
assert t[np.array([1, 0])].shape == (2, 3, 4)
m = np.arange(9).reshape(3, 3)
assert m[np.array([0, 2]), np.array([1, 2])].tolist() == [1, 8]
assert m[m > 4].tolist() == [5, 6, 7, 8]
out_of_range = False
try:
    m[3, 0]
except IndexError as e:
    out_of_range = "out of bounds" in str(e)
assert out_of_range

# assignment
s = np.zeros((3, 4))
s[:, 0::2] = 1.0
s[:, 1::2] = np.arange(3)[:, None] * 2
assert s.tolist() == [[1.0, 0.0, 1.0, 0.0], [1.0, 2.0, 1.0, 2.0], [1.0, 4.0, 1.0, 4.0]]
s[1] = [9, 8, 7, 6]
assert s[1].tolist() == [9.0, 8.0, 7.0, 6.0]
s[s > 5] = -1
assert s[1].tolist() == [-1.0, -1.0, -1.0, -1.0]
r = np.zeros((2, 2, 2), dtype=np.int64)
r[:, :, 0] += 3
r[:, :, 1] -= 1
r[:, :, 0] *= 2
assert r.tolist() == [[[6, -1], [6, -1]], [[6, -1], [6, -1]]]
v = np.arange(6)
w = v.reshape(2, 3)
w[0, 0] = 100
assert v[0] == 100

# ufuncs
x = np.array([0.0, 0.5, 1.0])
assert np.sin(x).tolist() == [math.sin(0.0), math.sin(0.5), math.sin(1.0)]
assert np.cos(x).dtype == np.float64 and np.exp(np.arange(3)).dtype == np.float64
assert np.sqrt(np.array([4, 9])).tolist() == [2.0, 3.0]
assert np.power(10000, np.arange(0, 4, 2) / 4).tolist() == [1.0, 100.0]
assert np.abs(np.array([-1, 2])).tolist() == [1, 2] and (-np.array([1, -2])).tolist() == [-1, 2]
assert np.floor(np.array([1.5, -1.5])).tolist() == [1.0, -2.0]
assert np.floor(np.arange(3)).dtype == np.int64
assert np.round(np.array([0.5, 1.5, 2.675]), 2).tolist() == [0.5, 1.5, 2.68]
assert np.round(np.array([0.5, 1.5, 2.5])).tolist() == [0.0, 2.0, 2.0]
assert np.maximum(np.array([1, 5]), 3).tolist() == [3, 5]
assert np.minimum(np.array([1.0, 5.0]), np.array([2.0, 4.0])).tolist() == [1.0, 4.0]
assert np.clip(np.arange(5), 1, 3).tolist() == [1, 1, 2, 3, 3]
assert np.where(np.arange(4) > 1, 1.0, 0.0).tolist() == [0.0, 0.0, 1.0, 1.0]
assert np.where(np.array([0, 3, 0, 4]))[0].tolist() == [1, 3]
assert np.log(np.array([1.0, math.e])).tolist() == [0.0, 1.0]
assert np.log2(8) == 3.0 and np.sqrt(16) == 4.0
assert (np.arange(3) < 2).tolist() == [True, True, False]
assert np.logical_and(np.arange(3) > 0, np.arange(3) < 2).tolist() == [False, True, False]
f = np.array([1.0, 2.0], dtype=np.float32)
# numpy's float32 and some float64 loops (exp, log, power) are its own SIMD
# code on some machines: the last bit may differ from the C library's.
assert np.sin(f).dtype == np.float32 and abs(np.sin(f)[0] - 0.84147096) < 1e-7
assert (f / 3).tolist() == [0.3333333432674408, 0.6666666865348816]

# reductions
r2 = np.arange(6).reshape(2, 3)
assert r2.sum() == 15 and r2.sum(axis=0).tolist() == [3, 5, 7] and r2.sum(axis=1).tolist() == [3, 12]
assert r2.sum(axis=-1, keepdims=True).shape == (2, 1)
assert r2.mean() == 2.5 and r2.mean(axis=0).tolist() == [1.5, 2.5, 3.5]
assert r2.max() == 5 and r2.min(axis=1).tolist() == [0, 3]
assert r2.argmax() == 5 and r2.argmax(axis=0).tolist() == [1, 1, 1] and np.argmin(r2, axis=1).tolist() == [0, 0]
assert r2.prod(axis=1).tolist() == [0, 60]
assert np.cumsum(r2, axis=1).tolist() == [[0, 1, 3], [3, 7, 12]]
assert np.cumsum(r2).tolist() == [0, 1, 3, 6, 10, 15]
assert r2.sum(axis=(0, 1)) == 15
assert np.any(r2 > 4) and not np.all(r2 > 0)
assert abs(np.arange(10).std() - 2.8722813232690143) < 1e-12
# numpy's pairwise summation along a contiguous axis, slice after slice
# along another
waves = np.sin(np.arange(3000) * 1.0)
assert waves[:1000].sum() == -0.01290990645883694
assert waves.reshape(3, 1000).sum(axis=1).tolist() == [-0.01290990645883694, 0.7994491115345266, 0.9120968122312565]
assert waves.reshape(1000, 3).sum(axis=0).tolist() == [-0.039542389343199556, 0.8164146170422182, 0.9217637896079293]
assert np.float32(0.1) == 0.10000000149011612
assert np.ones(1000, dtype=np.float32).sum() == 1000.0
assert (np.arange(1000, dtype=np.float32) / 7).sum() == 71357.140625

# shapes
q = np.arange(12).reshape(3, -1)
assert q.shape == (3, 4) and q.T.shape == (4, 3) and q.T.tolist()[0] == [0, 4, 8]
assert np.transpose(np.arange(24).reshape(2, 3, 4), (1, 2, 0)).shape == (3, 4, 2)
assert np.transpose(np.arange(24).reshape(2, 3, 4), (1, 2, 0))[2, 1].tolist() == [9, 21]
assert q.flatten().tolist() == list(range(12)) and q.ravel().shape == (12,)
assert np.arange(3).reshape(1, 3, 1).squeeze().shape == (3,)
assert np.expand_dims(np.arange(3), 0).shape == (1, 3) and np.expand_dims(np.arange(3), -1).shape == (3, 1)
assert np.arange(6).astype(np.float32).dtype == np.float32
assert np.array([1.7, -2.7]).astype(int).tolist() == [1, -2]
assert len(q) == 3 and [len(row) for row in q] == [4, 4, 4]
assert [int(x) for x in np.arange(3)] == [0, 1, 2]
assert q.copy().tolist() == q.tolist()

# joining, grids, products
g0, g1 = np.meshgrid(np.arange(3), np.arange(2))
assert g0.shape == (2, 3) and g0.tolist() == [[0, 1, 2], [0, 1, 2]] and g1.tolist() == [[0, 0, 0], [1, 1, 1]]
h0, h1 = np.meshgrid(np.arange(3), np.arange(2), indexing="ij")
assert h0.shape == (3, 2) and h1.tolist() == [[0, 1], [0, 1], [0, 1]]
st = np.stack([np.arange(3), np.arange(3) * 2])
assert st.shape == (2, 3) and np.stack([np.arange(3), np.arange(3)], axis=1).shape == (3, 2)
assert np.concatenate([np.zeros((2, 1)), np.ones((2, 2))], axis=1).tolist() == [[0.0, 1.0, 1.0], [0.0, 1.0, 1.0]]
assert np.concatenate([np.zeros((1, 2)), np.ones((2, 2))]).shape == (3, 2)
assert np.concatenate([np.zeros((2, 1)), np.ones((2, 1))], axis=-1).shape == (2, 2)
assert np.concatenate([np.arange(2), np.arange(2.0)]).dtype == np.float64
assert np.outer(np.arange(3), np.arange(2)).tolist() == [[0, 0], [0, 1], [0, 2]]
assert np.einsum("m,d->md", np.arange(2.0), np.arange(3.0)).tolist() == [[0.0, 0.0, 0.0], [0.0, 1.0, 2.0]]
assert np.einsum("ij,jk->ik", np.eye(2), np.arange(4.0).reshape(2, 2)).tolist() == [[0.0, 1.0], [2.0, 3.0]]
assert np.einsum("ij->ji", np.arange(6).reshape(2, 3)).shape == (3, 2)
assert np.repeat(np.arange(3), 2).tolist() == [0, 0, 1, 1, 2, 2]
assert np.repeat(np.arange(4).reshape(2, 2), 2, axis=0).tolist() == [[0, 1], [0, 1], [2, 3], [2, 3]]
assert np.tile(np.arange(2), 3).tolist() == [0, 1, 0, 1, 0, 1]
assert np.tile(np.arange(2), (2, 2)).tolist() == [[0, 1, 0, 1], [0, 1, 0, 1]]
assert (np.arange(4).reshape(2, 2) @ np.arange(2)).tolist() == [1, 3]
assert isinstance(np.arange(3), np.ndarray) and not isinstance([1], np.ndarray)

# the Swin relative position index, as Swin computes it
coords = np.stack(np.meshgrid(np.arange(2), np.arange(2), indexing="ij"))
flat = coords.reshape(2, -1)
rel = flat[:, :, None] - flat[:, None, :]
rel = rel.transpose(1, 2, 0)
rel[:, :, 0] += 1
rel[:, :, 1] += 1
rel[:, :, 0] *= 3
index = rel.sum(-1)
assert index.tolist() == [[4, 3, 1, 0], [5, 4, 2, 1], [7, 6, 4, 3], [8, 7, 5, 4]]

# a sinusoidal table, as the attention-is-all-you-need code builds it
d = 6
table = np.array([[pos / np.power(10000, 2 * (j // 2) / d) for j in range(d)] for pos in range(3)])
table[:, 0::2] = np.sin(table[:, 0::2])
table[:, 1::2] = np.cos(table[:, 1::2])
assert table.shape == (3, 6)
assert table[1].tolist() == [0.8414709848078965, 0.5403023058681398, 0.046399223464731285, 0.9989229760406304, 0.0021544330233656045, 0.9999976792064809]

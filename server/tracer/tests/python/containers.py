"""The methods of `list`, `tuple`, `dict` and `set`, as CPython runs them."""

xs = [3, 1]
xs.append(2)
xs.extend([5, 4])
xs.insert(0, 9)
assert xs == [9, 3, 1, 2, 5, 4]
assert xs.pop() == 4 and xs.pop(0) == 9 and xs == [3, 1, 2, 5]
xs.remove(1)
assert xs == [3, 2, 5] and xs.index(5) == 2 and xs.count(3) == 1
xs.sort()
assert xs == [2, 3, 5]
xs.sort(reverse=True)
assert xs == [5, 3, 2]
words = ["ccc", "a", "bb"]
words.sort(key=len)
assert words == ["a", "bb", "ccc"]
xs.reverse()
assert xs == [2, 3, 5]
ys = xs.copy()
ys.clear()
assert ys == [] and xs == [2, 3, 5]
assert [1, 2, 1, 2].index(2, 2) == 3

t = (1, 2, 1)
assert t.count(1) == 2 and t.index(2) == 1

d = {"a": 1}
assert d.get("a") == 1 and d.get("z") is None and d.get("z", 0) == 0
assert d.setdefault("b", 2) == 2 and d.setdefault("a", 5) == 1
d.update({"c": 3}, e=5)
d.update(f=6)
assert list(d.keys()) == ["a", "b", "c", "e", "f"]
assert list(d.values()) == [1, 2, 3, 5, 6]
assert list(d.items())[0] == ("a", 1)
assert d.pop("e") == 5 and d.pop("zz", None) is None
e = d.copy()
e["a"] = 100
assert d["a"] == 1

s = {1, 2}
s.add(3)
s.add(3)
assert s == {1, 2, 3}
s.discard(7)
s.remove(1)
assert s == {2, 3}
s.update([4], {5})
assert s == {2, 3, 4, 5}
assert {1, 2}.union([3], (4,)) == {1, 2, 3, 4}
assert {1, 2, 3}.intersection([2, 3, 4]) == {2, 3}
assert {1, 2, 3}.difference({2}) == {1, 3}
assert {1, 2}.symmetric_difference({2, 3}) == {1, 3}
assert {1}.issubset([1, 2]) and {1, 2}.issuperset({2}) and {1}.isdisjoint({2})
assert {1, 2} | {3} == {1, 2, 3} and {1, 2} - {2} == {1}

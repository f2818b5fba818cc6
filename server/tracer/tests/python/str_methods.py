"""The methods of `str`, as CPython runs them."""

assert "a-b-c".split("-") == ["a", "b", "c"]
assert "a-b-c".split("-", 1) == ["a", "b-c"]
assert "a-b-c".rsplit("-", 1) == ["a-b", "c"]
assert "a-b-c".split("-", maxsplit=1) == ["a", "b-c"]
assert "  a  b c ".split() == ["a", "b", "c"]
assert "  a  b c ".split(None, 1) == ["a", "b c "]
assert "  a  b c ".rsplit(maxsplit=1) == ["  a  b", "c"]
assert ",".join(["x", "y"]) == "x,y" and "".join([]) == ""
assert "Ab".upper() == "AB" and "Ab".lower() == "ab"
assert "hello world".title() == "Hello World"
assert "  x ".strip() == "x" and "  x ".lstrip() == "x " and "  x ".rstrip() == "  x"
assert "__init__".strip("_") == "init" and "xxabxx".lstrip("x") == "abxx"
assert "abc".rstrip("cb") == "a"
assert "layer.weight".startswith("layer") and "layer.weight".endswith(".weight")
assert "layer.weight".startswith(("x", "lay")) and not "a".endswith(("b", "c"))
assert "abcabc".startswith("bc", 1) and not "abcabc".startswith("bc", 2)
assert "aaa".replace("a", "b") == "bbb" and "aaa".replace("a", "b", 2) == "bba"
assert "k3_s1".partition("_") == ("k3", "_", "s1")
assert "a.b.c".rpartition(".") == ("a.b", ".", "c")
assert "abc".partition("x") == ("abc", "", "")
assert "abcb".find("b") == 1 and "abcb".find("z") == -1 and "abcb".find("b", 2) == 3
assert "abab".count("ab") == 2 and "abab".count("b", 2) == 1
assert "123".isdigit() and not "12a".isdigit() and not "".isdigit()
assert "abc".isalpha() and "a1".isalnum() and " \t".isspace()
assert "ABC".isupper() and "abc".islower() and not "Abc".isupper()
assert "_x1".isidentifier() and not "1x".isidentifier()
assert "{}-{}".format(1, "a") == "1-a"
assert "{1}{0}".format("a", "b") == "ba"
assert "{name}={value}".format(name="k", value=3) == "k=3"
assert "{{}}{}".format(5) == "{}5"
assert str.join("-", ["a", "b"]) == "a-b"
assert str.upper("q") == "Q"
assert "a/b/c".rfind("/") == 3 and "abc".rfind("z") == -1 and "abcb".rfind("b", 0, 3) == 1
assert "abcb".index("b") == 1 and "abcb".rindex("b") == 3
try:
    "abc".index("z")
    raise AssertionError("index of a missing substring")
except ValueError:
    pass
assert "a\nb\r\nc\rd".splitlines() == ["a", "b", "c", "d"]
assert "a\nb\n".splitlines(True) == ["a\n", "b\n"] and "".splitlines() == []
assert "test_x".removeprefix("test_") == "x" and "x.py".removesuffix(".py") == "x"
assert "ab".removeprefix("z") == "ab"
assert "ab".ljust(4, ".") == "ab.." and "ab".rjust(4) == "  ab" and "ab".ljust(1) == "ab"
assert "ab".center(5, "*") == "**ab*" and "abc".center(6) == " abc  " and "a".center(4) == " a  "
assert "42".zfill(5) == "00042" and "-42".zfill(5) == "-0042"
assert "hELLO world".capitalize() == "Hello world" and "ẞx".casefold() != ""
assert "abc".isascii() and not "é".isascii()

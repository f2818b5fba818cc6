"""String formatting: format specs (format(), f-strings, str.format) and
printf-style `%`, as CPython formats them (each assert is checked by
CPython and by the tracer). Library code builds module names and keys
this way (`"%s_%d" % (name, i)`, `f"block{i:02d}"`)."""

# format() and the spec mini-language: ints.
assert format(7, "03d") == "007" and format(7, ">4") == "   7" and format(7, "<4") == "7   "
assert format(7, "^5") == "  7  " and format(-7, "05d") == "-0007" and format(7, "+d") == "+7"
assert format(255, "x") == "ff" and format(255, "#X") == "0XFF" and format(5, "b") == "101"
assert format(8, "#o") == "0o10" and format(1234567, ",") == "1,234,567"
assert format(1234567, "_d") == "1_234_567" and format(65, "c") == "A"
assert format(7, "*>4") == "***7" and format(-7, "=+5") == "-   7"
assert format(True, "") == "True" and format(True, "d") == "1"

# Floats.
assert format(3.14159, ".2f") == "3.14" and format(2.5, "08.3f") == "0002.500"
assert format(1234.5678, ",.2f") == "1,234.57" and format(-0.5, ".1f") == "-0.5"
assert format(0.000123, ".2e") == "1.23e-04" and format(123456.0, "E") == "1.234560E+05"
assert format(0.5, "%") == "50.000000%" and format(0.125, ".1%") == "12.5%"
assert format(1234.5, "g") == "1234.5" and format(0.00001, "g") == "1e-05"
assert format(123456789.0, "g") == "1.23457e+08" and format(2.0, ".3") == "2.0"
assert format(1.5, "") == "1.5" and format(1e16, "") == "1e+16" and format(3, ".2f") == "3.00"
assert format(float("inf"), ".2f") == "inf" and format(float("-inf"), "F") == "-INF"
assert format(2.5, "+.1f") == "+2.5" and format(2.5, " .1f") == " 2.5"

# Strings.
assert format("ab", "5") == "ab   " and format("ab", ">5") == "   ab" and format("ab", "^6") == "  ab  "
assert format("abcdef", ".3") == "abc" and format("ab", "-<4") == "ab--"

# f-strings: specs, nested specs, conversions.
i, width, name = 3, 6, "conv"
assert f"block{i:02d}" == "block03" and f"{name:>{width}}" == "  conv"
assert f"{name!r}" == "'conv'" and f"{name!r:>8}" == "  'conv'" and f"{1.0 / 3:.3f}" == "0.333"
assert f"{i:{'0' + str(width)}}" == "000003"

# str.format: indices, keywords, attributes, items, conversions, specs.
assert "{}-{}".format(1, 2) == "1-2" and "{1}{0}".format("a", "b") == "ba"
assert "{x:03d}".format(x=5) == "005" and "{:.1f}%".format(12.345) == "12.3%"
assert "{0[1]}".format([4, 5]) == "5" and "{cfg[dim]}".format(cfg={"dim": 64}) == "64"
assert "{0!r}".format("a") == "'a'" and "{:>{w}}".format("x", w=3) == "  x"
assert "{{}} {}".format(1) == "{} 1"


class Point:
    def __init__(self):
        self.x = 2


assert "{0.x}".format(Point()) == "2" and "{p.x:>3}".format(p=Point()) == "  2"

# printf-style %.
assert "%s_%d" % ("layer", 3) == "layer_3" and "denselayer%d" % (1 + 1) == "denselayer2"
assert "%03d" % 7 == "007" and "%-4d|" % 7 == "7   |" and "%+d" % 5 == "+5"
assert "%.2f" % 3.14159 == "3.14" and "%8.3f" % 2.5 == "   2.500" and "%e" % 1234.5 == "1.234500e+03"
assert "%x %X %o" % (255, 255, 8) == "ff FF 10" and "%#x" % 255 == "0xff"
assert "%5s|%-5s|" % ("ab", "cd") == "   ab|cd   |" and "%.2s" % "abcdef" == "ab"
assert "%r" % "a" == "'a'" and "%s" % [1, 2] == "[1, 2]" and "%s" % (("a", 1),) == "('a', 1)"
assert "%d%%" % 50 == "50%" and "%d" % 3.9 == "3" and "%g" % 0.0001 == "0.0001"
assert "%(name)s-%(n)02d" % {"name": "fc", "n": 4} == "fc-04"
assert "%*d" % (4, 7) == "   7" and "%.*f" % (1, 2.25) == "2.2"


def raises(fn, error):
    try:
        fn()
    except error:
        return True
    return False


assert raises(lambda: "%d %d" % (1,), TypeError)
assert raises(lambda: "%d" % (1, 2), TypeError)
assert raises(lambda: format("x", "d"), ValueError)
assert raises(lambda: format(3, "s"), ValueError)
assert raises(lambda: "{2}".format(1), IndexError)

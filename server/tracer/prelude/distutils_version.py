"""distutils.version (Python 3.11 and before): version numbers compared the
way libraries still check torch's version (`LooseVersion(torch.__version__)
>= LooseVersion('1.8.0')`). Run by the exportlens tracer, never by CPython.
"""
import re


class Version:
    def __init__(self, vstring=None):
        if vstring:
            self.parse(vstring)

    def __repr__(self):
        return f"{self.__class__.__name__} ('{self}')"

    def __eq__(self, other):
        c = self._cmp(other)
        return c if c is NotImplemented else c == 0

    def __lt__(self, other):
        c = self._cmp(other)
        return c if c is NotImplemented else c < 0

    def __le__(self, other):
        c = self._cmp(other)
        return c if c is NotImplemented else c <= 0

    def __gt__(self, other):
        c = self._cmp(other)
        return c if c is NotImplemented else c > 0

    def __ge__(self, other):
        c = self._cmp(other)
        return c if c is NotImplemented else c >= 0


class LooseVersion(Version):
    """Components are runs of digits (compared as numbers) and runs of
    letters (compared as text)."""

    def parse(self, vstring):
        self.vstring = vstring
        components = [x for x in re.split(r"(\d+|[a-z]+|\.)", vstring) if x and x != "."]
        for i, obj in enumerate(components):
            try:
                components[i] = int(obj)
            except ValueError:
                pass
        self.version = components

    def __str__(self):
        return self.vstring

    def _cmp(self, other):
        if isinstance(other, str):
            other = LooseVersion(other)
        elif not isinstance(other, LooseVersion):
            return NotImplemented
        if self.version == other.version:
            return 0
        if self.version < other.version:
            return -1
        return 1


class StrictVersion(Version):
    """`major.minor[.patch][{a|b}N]`, compared numerically; a pre-release
    sorts before its release."""

    def parse(self, vstring):
        match = re.match(r"^(\d+)\.(\d+)(\.(\d+))?([ab](\d+))?$", vstring)
        if not match:
            raise ValueError(f"invalid version number '{vstring}'")
        major, minor, patch, prerelease, prerelease_num = match.group(1, 2, 4, 5, 6)
        self.version = (int(major), int(minor), int(patch) if patch else 0)
        self.prerelease = (prerelease[0], int(prerelease_num)) if prerelease else None

    def __str__(self):
        text = ".".join(str(v) for v in (self.version if self.version[2] else self.version[:2]))
        if self.prerelease:
            text += self.prerelease[0] + str(self.prerelease[1])
        return text

    def _cmp(self, other):
        if isinstance(other, str):
            other = StrictVersion(other)
        elif not isinstance(other, StrictVersion):
            return NotImplemented
        if self.version != other.version:
            return -1 if self.version < other.version else 1
        if self.prerelease == other.prerelease:
            return 0
        if self.prerelease is None:
            return 1
        if other.prerelease is None:
            return -1
        return -1 if self.prerelease < other.prerelease else 1

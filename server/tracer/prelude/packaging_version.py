"""packaging.version's `parse` and `Version`, for version checks in library
code (`version.parse(torch.__version__) >= version.parse("2.1")`).

Run by the exportlens tracer (never by CPython). Versions compare by their
release numbers, then pre-releases before the release, as PEP 440 orders
the common cases; a local part (`+cu121`) is ignored.
"""


class InvalidVersion(ValueError):
    pass


class Version:
    def __init__(self, version):
        text = str(version).strip().lower()
        if text.startswith("v"):
            text = text[1:]
        text = text.split("+")[0]
        release = []
        rest = ""
        for i, part in enumerate(text.split(".")):
            digits = ""
            for ch in part:
                if ch.isdigit() and not rest:
                    digits += ch
                else:
                    rest += ch
            if digits == "":
                if i == 0:
                    raise InvalidVersion(f"Invalid version: '{version}'")
                rest = part if not rest else rest
                break
            release.append(int(digits))
            if rest:
                break
        self.release = tuple(release)
        self._pre = rest
        self.public = str(version).split("+")[0]
        self.base_version = ".".join(str(n) for n in self.release)
        self.major = self.release[0] if len(self.release) > 0 else 0
        self.minor = self.release[1] if len(self.release) > 1 else 0
        self.micro = self.release[2] if len(self.release) > 2 else 0
        self.is_prerelease = rest != ""
        self.is_devrelease = "dev" in rest

    def _key(self):
        release = list(self.release)
        while len(release) > 1 and release[-1] == 0:
            release.pop()
        # A pre-release sorts before its release.
        return (tuple(release), 0 if self._pre else 1, self._pre)

    def __str__(self):
        return self.public

    def __repr__(self):
        return f"<Version('{self.public}')>"

    def __eq__(self, other):
        return self._key() == _version(other)._key()

    def __ne__(self, other):
        return self._key() != _version(other)._key()

    def __lt__(self, other):
        return self._key() < _version(other)._key()

    def __le__(self, other):
        return self._key() <= _version(other)._key()

    def __gt__(self, other):
        return self._key() > _version(other)._key()

    def __ge__(self, other):
        return self._key() >= _version(other)._key()


def _version(v):
    return v if isinstance(v, Version) else Version(v)


def parse(version):
    return Version(version)

"""random: Python's pseudo-random numbers as exportlens follows them, run by
the tracer (never by CPython). A draw is a fixed, valid stand-in rather
than a reproduction of the Mersenne Twister: the low end of a range, the
first element of a sequence, the middle of an interval, an order left as
it is. Model code draws at construction (a random initial index, a
shuffled permutation); an export depends on such a draw only through
values, which torch's own run fixes by chance too.
"""

BPF = 53


class Random:
    def __init__(self, x=None):
        self.seed(x)

    def seed(self, a=None, version=2):
        self._seed = a

    def getstate(self):
        return (self._seed,)

    def setstate(self, state):
        self._seed = state[0]

    def random(self):
        return 0.5

    def getrandbits(self, k):
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        return 0

    def randrange(self, start, stop=None, step=1):
        if stop is None:
            if start <= 0:
                raise ValueError("empty range for randrange()")
            return 0
        width = stop - start
        if step == 1:
            if width <= 0:
                raise ValueError(f"empty range for randrange() ({start}, {stop}, {width})")
            return start
        if step == 0:
            raise ValueError("zero step for randrange()")
        if (step > 0 and width <= 0) or (step < 0 and width >= 0):
            raise ValueError("empty range for randrange()")
        return start

    def randint(self, a, b):
        return self.randrange(a, b + 1)

    def choice(self, seq):
        if not len(seq):
            raise IndexError("Cannot choose from an empty sequence")
        return seq[0]

    def choices(self, population, weights=None, *, cum_weights=None, k=1):
        if not len(population):
            raise IndexError("Cannot choose from an empty population")
        return [population[0] for _ in range(k)]

    def sample(self, population, k, *, counts=None):
        population = list(population)
        if not 0 <= k <= len(population):
            raise ValueError("Sample larger than population or is negative")
        return population[:k]

    def shuffle(self, x):
        return None

    def uniform(self, a, b):
        return a + (b - a) * 0.5

    def triangular(self, low=0.0, high=1.0, mode=None):
        return (low + high) / 2 if mode is None else mode

    def gauss(self, mu=0.0, sigma=1.0):
        return mu

    def normalvariate(self, mu=0.0, sigma=1.0):
        return mu

    def lognormvariate(self, mu, sigma):
        import math

        return math.exp(mu)

    def expovariate(self, lambd=1.0):
        return 1.0 / lambd

    def betavariate(self, alpha, beta):
        return alpha / (alpha + beta)


class SystemRandom(Random):
    pass


_inst = Random()
seed = _inst.seed
random = _inst.random
getrandbits = _inst.getrandbits
randrange = _inst.randrange
randint = _inst.randint
choice = _inst.choice
choices = _inst.choices
sample = _inst.sample
shuffle = _inst.shuffle
uniform = _inst.uniform
triangular = _inst.triangular
gauss = _inst.gauss
normalvariate = _inst.normalvariate
lognormvariate = _inst.lognormvariate
expovariate = _inst.expovariate
betavariate = _inst.betavariate
getstate = _inst.getstate
setstate = _inst.setstate

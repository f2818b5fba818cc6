# typing's generic aliases, type variables and forward references as
# CPython 3.11 builds them, and the names and reprs of classes: what
# libraries read when they introspect annotations (torch_geometric's
# inspector, huggingface_hub's validators).
import collections
import collections.abc
import types
import typing
from typing import (
    Any,
    Callable,
    ClassVar,
    Dict,
    Final,
    ForwardRef,
    Generic,
    List,
    Literal,
    Optional,
    Sequence,
    Set,
    Tuple,
    Type,
    TypeVar,
    Union,
    get_args,
    get_origin,
)

NoneType = type(None)

# the names and reprs of classes
assert repr(int) == "<class 'int'>" and repr(type(None)) == "<class 'NoneType'>"
assert int.__module__ == "builtins" and int.__qualname__ == "int" and int.__name__ == "int"
assert NoneType.__module__ == "builtins" and NoneType.__qualname__ == "NoneType"
assert repr(collections.OrderedDict) == "<class 'collections.OrderedDict'>"
assert collections.OrderedDict.__module__ == "collections"
assert collections.OrderedDict.__qualname__ == "OrderedDict"
assert repr(collections.abc.Iterable) == "<class 'collections.abc.Iterable'>"
assert isinstance(NoneType, type) and isinstance(int, type)
assert not isinstance(Optional, type) and not isinstance(List, type)
assert repr(...) == "Ellipsis"


class Plain:
    pass


assert repr(Plain) == f"<class '{__name__}.Plain'>"
assert Plain.__qualname__ == "Plain" and Plain.__module__ == __name__

# bare forms
assert repr(Optional) == "typing.Optional" and repr(List) == "typing.List"
assert repr(Sequence) == "typing.Sequence" and repr(Any) == "typing.Any"
assert Optional.__module__ == "typing" and Sequence.__module__ == "typing"
assert Optional._name == "Optional" and List._name == "List" and Sequence._name == "Sequence"
assert List.__origin__ is list and Sequence.__origin__ is collections.abc.Sequence
assert not hasattr(Any, "_name")
assert getattr(List, "__args__", None) is None
assert isinstance([], List) and isinstance((1,), Sequence) and not isinstance({}, List)

# Optional and Union
opt = Optional[int]
assert repr(opt) == "typing.Optional[int]" and str(opt) == "typing.Optional[int]"
assert opt.__module__ == "typing" and opt._name == "Optional"
assert opt.__origin__ is Union and opt.__args__ == (int, NoneType)
assert opt.__parameters__ == ()
assert opt == Union[int, None] and opt == Union[None, int] and opt != Optional[str]
assert repr(Union[None, int]) == "typing.Optional[int]"
u = Union[int, str, int]
assert u.__args__ == (int, str) and u._name is None and repr(u) == "typing.Union[int, str]"
assert Union[int, Union[str, float]].__args__ == (int, str, float)
assert Union[int] is int and Optional[None] is NoneType
assert repr(Optional[Union[int, str]]) == "typing.Union[int, str, NoneType]"
assert repr(Union[int, "Plain"]) == "typing.Union[int, ForwardRef('Plain')]"
assert Union[int, str] == Union[str, int]
assert isinstance(3, Optional[int]) and isinstance(None, Optional[int])
assert not isinstance("a", Optional[int])
assert get_origin(opt) is Union and get_args(opt) == (int, NoneType)

# generic versions of classes
li = List[int]
assert repr(li) == "typing.List[int]" and li.__module__ == "typing" and li._name == "List"
assert li.__origin__ is list and li.__args__ == (int,) and li.__name__ == "List"
assert li == List[int] and li != List[str] and li != list[int]
assert repr(Dict[str, int]) == "typing.Dict[str, int]" and Dict[str, int].__origin__ is dict
assert repr(Tuple[int, ...]) == "typing.Tuple[int, ...]"
assert Tuple[int, ...].__args__ == (int, ...) and Tuple[()].__args__ == ()
assert repr(Tuple[()]) == "typing.Tuple[()]"
assert Set[int].__origin__ is set and Type[int].__origin__ is type
assert Sequence[int].__origin__ is collections.abc.Sequence
assert repr(Sequence[int]) == "typing.Sequence[int]"
assert typing.Mapping[str, int].__origin__ is collections.abc.Mapping
assert typing.Iterable[int].__origin__ is collections.abc.Iterable
assert typing.Iterator[int].__origin__ is collections.abc.Iterator
assert typing.DefaultDict[str, int].__origin__ is collections.defaultdict
assert typing.OrderedDict[str, int].__origin__ is collections.OrderedDict
assert typing.FrozenSet[int].__origin__ is frozenset
assert repr(Optional[List[int]]) == "typing.Optional[typing.List[int]]"
assert repr(Optional[list[int]]) == "typing.Optional[list[int]]"
assert get_origin(li) is list and get_args(li) == (int,)
assert get_origin(Dict[str, int]) is dict and get_args(Dict[str, int]) == (str, int)
assert get_origin(List) is list and get_args(List) == ()
assert get_origin(Sequence) is collections.abc.Sequence
assert get_origin(int) is None and get_args(int) == () and get_origin(Optional) is None
assert get_origin(Any) is None and get_origin(Generic) is Generic
assert typing.DefaultDict[str, int](int) == {}
try:
    List[int]()
    made = "made"
except TypeError as e:
    made = str(e)
assert made == "Type List cannot be instantiated; use list() instead", made
try:
    isinstance([], List[int])
    checked = "checked"
except TypeError:
    checked = "TypeError"
assert checked == "TypeError"
try:
    List[int, str]
    arity = "accepted"
except TypeError as e:
    arity = str(e)
assert arity == "Too many arguments for typing.List; actual 2, expected 1", arity

# Callable, Literal, ClassVar, Final, Annotated
c = Callable[[int], str]
assert repr(c) == "typing.Callable[[int], str]" and c.__args__ == (int, str)
assert c.__origin__ is collections.abc.Callable and c._name == "Callable"
assert get_args(c) == ([int], str)
assert repr(Callable[..., str]) == "typing.Callable[..., str]"
assert get_args(Callable[..., str]) == (..., str)
assert repr(Callable[[], int]) == "typing.Callable[[], int]"
lit = Literal[1, "a", 1]
assert repr(lit) == "typing.Literal[1, 'a']" and lit.__args__ == (1, "a")
assert lit.__origin__ is Literal and lit._name is None and lit == Literal["a", 1]
assert get_origin(lit) is Literal and get_args(lit) == (1, "a")
assert repr(ClassVar[int]) == "typing.ClassVar[int]" and ClassVar[int].__origin__ is ClassVar
assert repr(Final[int]) == "typing.Final[int]" and get_origin(Final[int]) is Final
ann = typing.Annotated[int, "meta"]
assert repr(ann) == "typing.Annotated[int, 'meta']" and ann.__metadata__ == ("meta",)
assert get_origin(ann) is typing.Annotated and get_args(ann) == (int, "meta")

# builtin generics and unions of classes
gl = list[int]
assert repr(gl) == "list[int]" and gl.__origin__ is list and gl.__args__ == (int,)
assert gl.__module__ == "builtins" and gl.__name__ == "list"
assert type(gl) is types.GenericAlias and gl == list[int] and gl != list[str]
assert repr(dict[str, list[int]]) == "dict[str, list[int]]"
assert repr(tuple[int, ...]) == "tuple[int, ...]" and repr(tuple[()]) == "tuple[()]"
assert repr(type[Plain]) == f"type[{__name__}.Plain]"
assert repr(collections.OrderedDict[str, int]) == "collections.OrderedDict[str, int]"
assert get_origin(gl) is list and get_args(dict[str, int]) == (str, int)
assert list[int]() == [] and dict[str, int](a=1) == {"a": 1}
pep = int | None
assert repr(pep) == "int | None" and pep.__args__ == (int, NoneType)
assert type(pep) is types.UnionType and get_origin(pep) is types.UnionType
assert get_args(pep) == (int, NoneType) and pep == Optional[int] and Optional[int] == pep
assert (int | str | None).__args__ == (int, str, NoneType) and (int | int) is int
assert (int | str) == (str | int)
assert isinstance(3, int | None) and isinstance(None, int | None) and not isinstance("a", int | None)
assert isinstance("a", (int, str | None)) and issubclass(int, int | str)
assert issubclass(bool, int) and issubclass(Plain, object) and issubclass(int, (str, int))
assert not issubclass(int, str) and not issubclass(str, int | None)
assert repr(int | list[int]) == "int | list[int]"
assert repr(Sequence | None) == "typing.Optional[typing.Sequence]"
assert repr(int | List[int]) == "typing.Union[int, typing.List[int]]"

# type variables, Generic, subclassing an alias
T = TypeVar("T")
assert isinstance(T, TypeVar) and T.__name__ == "T" and repr(T) == "~T"
assert T.__bound__ is None and T.__constraints__ == ()
assert repr(TypeVar("B", bound=int)) == "~B" and TypeVar("B", bound=int).__bound__ is int
lt = List[T]
assert lt.__parameters__ == (T,) and repr(lt) == "typing.List[~T]"
assert lt[int] == List[int] and Dict[str, T].__parameters__ == (T,)
assert repr(Dict[str, T][float]) == "typing.Dict[str, float]"
assert get_origin(Generic[T]) is Generic and get_args(Generic[T]) == (T,)


class Box(Generic[T]):
    def __init__(self, item):
        self.item = item


assert Box(3).item == 3


class Items(List[int]):
    pass


class Table(Dict[str, int]):
    pass


t = Table()
t["a"] = 1
assert t["a"] == 1 and isinstance(t, dict)
assert List[int].__mro_entries__((List[int],)) == (list, Generic)

# forward references and their evaluation
ref = ForwardRef("Plain")
assert ref.__forward_arg__ == "Plain" and repr(ref) == "ForwardRef('Plain')"
assert ref == ForwardRef("Plain") and ref != ForwardRef("int")
ns = {"Plain": Plain, "List": List, "Optional": Optional}
assert typing._eval_type(ForwardRef("Plain"), ns, None) is Plain
assert typing._eval_type(ForwardRef("Optional[List[Plain]]"), ns, None) == Optional[List[Plain]]
assert typing._eval_type(Optional["Plain"], ns, None) == Optional[Plain]
assert typing._eval_type(List[ForwardRef("int")], {}, None) == List[int]
assert typing._eval_type(list["Plain"], ns, None) == list[Plain]
assert typing._eval_type(int, {}, None) is int and typing._eval_type(li, {}, None) is li

# NewType
UserId = typing.NewType("UserId", int)
assert UserId(5) == 5 and UserId.__name__ == "UserId" and UserId.__supertype__ is int


# a NamedTuple class: a named tuple of its annotated fields
class Param(typing.NamedTuple):
    name: str
    type: Type
    default: Any = None

    def described(self):
        return f"{self.name}: {self.type.__name__}"


p = Param("x", int)
assert p.name == "x" and p.type is int and p.default is None and p.described() == "x: int"
assert Param(name="y", type=str, default=1).default == 1 and Param._fields == ("name", "type", "default")
assert tuple(p) == ("x", int, None) and p[0] == "x"
assert p._replace(name="z").name == "z" and p._asdict()["type"] is int

# a generic class's bare form makes its class
od = typing.OrderedDict()
od["a"] = 1
assert od == {"a": 1} and typing.DefaultDict(list)["k"] == []
try:
    typing.List()
    bare = "made"
except TypeError as e:
    bare = str(e)
assert bare == "Type List cannot be instantiated; use list() instead", bare

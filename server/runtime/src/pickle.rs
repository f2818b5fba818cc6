//! A bounded reader of the pickle subset torch checkpoints are written in
//! (`data.pkl` of a `.pt` archive), as plain data: nothing the pickle
//! names is ever called or imported.
//!
//! Objects live in one arena and refer to each other by index, so a memo
//! reference shares an object instead of copying it, and neither building,
//! walking nor dropping a value recurses on the native stack, however deep
//! the file nests. What a hostile file could still make expensive is
//! bounded by [`Limits`] and refused with the reason: the bytes the reader
//! holds (the pickle and the objects it builds), the nesting depth, and the
//! size a value would have if every memo reference were a copy (a "billion
//! laughs" file of a few hundred bytes describes 10^9 objects), which may
//! not exceed a fixed number of objects per byte of pickle.

use std::collections::HashMap;
use std::mem::size_of;

/// An object's index in [`Pickle::objs`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Id(u32);

/// One unpickled object. Containers hold the ids of their items.
#[derive(Debug, Clone, PartialEq)]
pub enum Obj {
    None,
    Bool(bool),
    Int(i64),
    /// An integer that does not fit in 64 bits (its bytes are not kept).
    BigInt,
    Float(f64),
    Str(String),
    /// A bytes object, by length (checkpoints never need the contents).
    Bytes(usize),
    /// `module.name`, as `GLOBAL` / `STACK_GLOBAL` name it (never imported).
    Global {
        module: String,
        name: String,
    },
    Tuple(Vec<Id>),
    List(Vec<Id>),
    Dict(Vec<(Id, Id)>),
    /// `REDUCE` / `NEWOBJ`: what Python would call, and its arguments.
    Call {
        func: Id,
        args: Id,
    },
    /// `BUILD` on something that is not a dict.
    Build {
        obj: Id,
        state: Id,
    },
    /// `BINPERSID` / `PERSID`: the persistent id (torch: a storage).
    PersId(Id),
}

impl Obj {
    /// What the object is, in a word (messages never print a whole value).
    pub fn kind(&self) -> &'static str {
        match self {
            Obj::None => "None",
            Obj::Bool(_) => "bool",
            Obj::Int(_) | Obj::BigInt => "int",
            Obj::Float(_) => "float",
            Obj::Str(_) => "str",
            Obj::Bytes(_) => "bytes",
            Obj::Global { .. } => "global",
            Obj::Tuple(_) => "tuple",
            Obj::List(_) => "list",
            Obj::Dict(_) => "dict",
            Obj::Call { .. } => "call",
            Obj::Build { .. } => "built object",
            Obj::PersId(_) => "persistent id",
        }
    }
}

/// Classes whose call makes an empty dict that `SETITEMS` then fills (a
/// state dict is an `OrderedDict`).
const DICT_CLASSES: &[(&str, &str)] = &[
    ("collections", "OrderedDict"),
    ("collections", "defaultdict"),
    ("builtins", "dict"),
];

/// What reading one pickle may cost.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Bytes the reader may hold: the pickle itself and every object.
    pub max_bytes: u64,
    /// How deep values may nest (a state dict nests about 6 deep).
    pub max_depth: u32,
    /// How many objects a value may stand for, with every memo reference
    /// counted as a copy, per byte of pickle (at least
    /// [`MIN_EXPANDED`] in all).
    pub expansion_per_byte: u64,
}

/// The expanded size every pickle may reach, however short.
pub const MIN_EXPANDED: u64 = 1 << 20;

impl Limits {
    /// The limits for a reader that may use `max_memory` bytes in all.
    pub fn within(max_memory: u64) -> Limits {
        Limits {
            max_bytes: max_memory / 8,
            max_depth: 1000,
            expansion_per_byte: 64,
        }
    }
}

/// Why a pickle was refused, and where.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{why} (at byte {at} of the pickle)")]
pub struct PickleError {
    pub at: usize,
    pub why: String,
    /// Refused for [`Limits::max_bytes`] (the others are the file's shape).
    pub over_budget: bool,
}

/// A read pickle: its objects and the one `STOP` returned.
#[derive(Debug)]
pub struct Pickle {
    objs: Vec<Obj>,
    pub root: Id,
}

impl Pickle {
    pub fn get(&self, id: Id) -> &Obj {
        &self.objs[id.0 as usize]
    }

    /// The string `id` holds, if it is one.
    pub fn str(&self, id: Id) -> Option<&str> {
        match self.get(id) {
            Obj::Str(s) => Some(s),
            _ => None,
        }
    }

    /// The items of a tuple or list.
    pub fn items(&self, id: Id) -> Option<&[Id]> {
        match self.get(id) {
            Obj::Tuple(v) | Obj::List(v) => Some(v),
            _ => None,
        }
    }
}

/// Depth and expanded size of an object, kept beside it.
#[derive(Clone, Copy)]
struct Meta {
    depth: u32,
    size: u64,
}

struct Reader<'a> {
    data: &'a [u8],
    pos: usize,
    /// Where the current opcode starts (for messages).
    op_at: usize,
    objs: Vec<Obj>,
    meta: Vec<Meta>,
    stack: Vec<Id>,
    /// Stack lengths at each `MARK`.
    marks: Vec<usize>,
    memo: HashMap<u32, Id>,
    held: u64,
    max_size: u64,
    limits: Limits,
}

/// Read a pickle. Every opcode a torch checkpoint uses is understood;
/// others are refused by name, as are the ones that would run code in
/// Python (`INST`, `OBJ`: nothing here calls anything anyway).
pub fn read(data: &[u8], limits: Limits) -> Result<Pickle, PickleError> {
    let mut r = Reader {
        data,
        pos: 0,
        op_at: 0,
        objs: Vec::new(),
        meta: Vec::new(),
        stack: Vec::new(),
        marks: Vec::new(),
        memo: HashMap::new(),
        held: data.len() as u64,
        max_size: limits
            .expansion_per_byte
            .saturating_mul(data.len() as u64)
            .max(MIN_EXPANDED),
        limits,
    };
    if r.held > limits.max_bytes {
        return Err(r.over_budget(format!(
            "the pickle is {} bytes, more than the {} a checkpoint's pickle may take",
            data.len(),
            limits.max_bytes
        )));
    }
    loop {
        if r.step()? {
            let root = r.pop()?;
            return Ok(Pickle { objs: r.objs, root });
        }
    }
}

/// Pickle opcodes by name (protocol 2-5), those the reader takes and two
/// it refuses (`INST`, `OBJ`: classes built from arbitrary arguments).
pub mod op {
    pub const INST: u8 = b'i';
    pub const OBJ: u8 = b'o';
    pub const MARK: u8 = b'(';
    pub const STOP: u8 = b'.';
    pub const POP: u8 = b'0';
    pub const POP_MARK: u8 = b'1';
    pub const DUP: u8 = b'2';
    pub const BININT: u8 = b'J';
    pub const BININT1: u8 = b'K';
    pub const BININT2: u8 = b'M';
    pub const NONE: u8 = b'N';
    pub const PERSID: u8 = b'P';
    pub const BINPERSID: u8 = b'Q';
    pub const REDUCE: u8 = b'R';
    pub const BINSTRING: u8 = b'T';
    pub const SHORT_BINSTRING: u8 = b'U';
    pub const BINUNICODE: u8 = b'X';
    pub const BINBYTES: u8 = b'B';
    pub const SHORT_BINBYTES: u8 = b'C';
    pub const APPEND: u8 = b'a';
    pub const BUILD: u8 = b'b';
    pub const GLOBAL: u8 = b'c';
    pub const DICT: u8 = b'd';
    pub const EMPTY_DICT: u8 = b'}';
    pub const APPENDS: u8 = b'e';
    pub const GET: u8 = b'g';
    pub const BINGET: u8 = b'h';
    pub const LONG_BINGET: u8 = b'j';
    pub const LIST: u8 = b'l';
    pub const EMPTY_LIST: u8 = b']';
    pub const PUT: u8 = b'p';
    pub const BINPUT: u8 = b'q';
    pub const LONG_BINPUT: u8 = b'r';
    pub const SETITEM: u8 = b's';
    pub const TUPLE: u8 = b't';
    pub const EMPTY_TUPLE: u8 = b')';
    pub const SETITEMS: u8 = b'u';
    pub const BINFLOAT: u8 = b'G';
    pub const PROTO: u8 = 0x80;
    pub const NEWOBJ: u8 = 0x81;
    pub const TUPLE1: u8 = 0x85;
    pub const TUPLE2: u8 = 0x86;
    pub const TUPLE3: u8 = 0x87;
    pub const NEWTRUE: u8 = 0x88;
    pub const NEWFALSE: u8 = 0x89;
    pub const LONG1: u8 = 0x8a;
    pub const LONG4: u8 = 0x8b;
    pub const SHORT_BINUNICODE: u8 = 0x8c;
    pub const BINUNICODE8: u8 = 0x8d;
    pub const BINBYTES8: u8 = 0x8e;
    pub const NEWOBJ_EX: u8 = 0x92;
    pub const STACK_GLOBAL: u8 = 0x93;
    pub const MEMOIZE: u8 = 0x94;
    pub const FRAME: u8 = 0x95;
}

impl Reader<'_> {
    fn err(&self, why: impl Into<String>) -> PickleError {
        PickleError {
            at: self.op_at,
            why: why.into(),
            over_budget: false,
        }
    }

    fn over_budget(&self, why: String) -> PickleError {
        PickleError {
            over_budget: true,
            ..self.err(why)
        }
    }

    fn bytes(&mut self, n: usize) -> Result<&[u8], PickleError> {
        let end = self
            .pos
            .checked_add(n)
            .filter(|e| *e <= self.data.len())
            .ok_or_else(|| self.err("the pickle ends in the middle of an opcode"))?;
        let s = &self.data[self.pos..end];
        self.pos = end;
        Ok(s)
    }

    fn u8(&mut self) -> Result<u8, PickleError> {
        Ok(self.bytes(1)?[0])
    }

    fn le<const N: usize>(&mut self) -> Result<[u8; N], PickleError> {
        let mut a = [0u8; N];
        a.copy_from_slice(self.bytes(N)?);
        Ok(a)
    }

    /// A length read from the file, checked against what is left of it.
    fn len(&mut self, n: u64) -> Result<usize, PickleError> {
        let left = (self.data.len() - self.pos) as u64;
        if n > left {
            return Err(self.err(format!(
                "an item claims {n} bytes, but only {left} are left"
            )));
        }
        Ok(n as usize)
    }

    fn line(&mut self) -> Result<&str, PickleError> {
        let rest = &self.data[self.pos..];
        let n = rest
            .iter()
            .position(|b| *b == b'\n')
            .ok_or_else(|| self.err("a text argument has no end of line"))?;
        self.pos += n + 1;
        let raw = &rest[..n];
        let raw = raw.strip_suffix(b"\r").unwrap_or(raw);
        std::str::from_utf8(raw).map_err(|_| self.err("a text argument is not UTF-8"))
    }

    fn charge(&mut self, bytes: usize) -> Result<(), PickleError> {
        self.held = self.held.saturating_add(bytes as u64);
        if self.held > self.limits.max_bytes {
            return Err(self.over_budget(format!(
                "reading the pickle needs more than the {} bytes a checkpoint's pickle may take",
                self.limits.max_bytes
            )));
        }
        Ok(())
    }

    fn check_meta(&self, m: Meta) -> Result<(), PickleError> {
        if m.depth > self.limits.max_depth {
            return Err(self.err(format!(
                "values nest more than {} deep",
                self.limits.max_depth
            )));
        }
        if m.size > self.max_size {
            return Err(self.err(format!(
                "a value stands for more than {} objects through repeated memo references, out of proportion to the pickle's {} bytes",
                self.max_size,
                self.data.len()
            )));
        }
        Ok(())
    }

    /// Add an object whose direct children are `children`.
    fn alloc(&mut self, obj: Obj, children: &[Id]) -> Result<Id, PickleError> {
        let payload = match &obj {
            Obj::Str(s) => s.len(),
            Obj::Global { module, name } => module.len() + name.len(),
            Obj::Tuple(v) | Obj::List(v) => v.len() * size_of::<Id>(),
            Obj::Dict(v) => v.len() * size_of::<(Id, Id)>(),
            _ => 0,
        };
        self.charge(size_of::<Obj>() + size_of::<Meta>() + payload)?;
        let mut m = Meta { depth: 1, size: 1 };
        for c in children {
            let cm = self.meta[c.0 as usize];
            m.depth = m.depth.max(cm.depth.saturating_add(1));
            m.size = m.size.saturating_add(cm.size);
        }
        self.check_meta(m)?;
        let id = Id(u32::try_from(self.objs.len())
            .map_err(|_| self.err("the pickle holds too many objects"))?);
        self.objs.push(obj);
        self.meta.push(m);
        Ok(id)
    }

    fn push(&mut self, obj: Obj, children: &[Id]) -> Result<(), PickleError> {
        let id = self.alloc(obj, children)?;
        self.push_id(id)
    }

    fn push_id(&mut self, id: Id) -> Result<(), PickleError> {
        self.charge(size_of::<Id>())?;
        self.stack.push(id);
        Ok(())
    }

    fn pop(&mut self) -> Result<Id, PickleError> {
        let floor = self.marks.last().copied().unwrap_or(0);
        if self.stack.len() <= floor {
            return Err(self.err("an opcode needs a value, but the stack is empty"));
        }
        Ok(self.stack.pop().expect("checked above"))
    }

    fn top(&self) -> Result<Id, PickleError> {
        let floor = self.marks.last().copied().unwrap_or(0);
        if self.stack.len() <= floor {
            return Err(self.err("an opcode needs a value, but the stack is empty"));
        }
        Ok(*self.stack.last().expect("checked above"))
    }

    fn pop_mark(&mut self) -> Result<Vec<Id>, PickleError> {
        let m = self
            .marks
            .pop()
            .ok_or_else(|| self.err("an opcode needs a MARK, but there is none"))?;
        Ok(self.stack.split_off(m))
    }

    /// Record that `target` (a list or dict) now also holds `children`.
    fn grow(&mut self, target: Id, children: &[Id]) -> Result<(), PickleError> {
        let mut m = self.meta[target.0 as usize];
        for c in children {
            let cm = self.meta[c.0 as usize];
            m.depth = m.depth.max(cm.depth.saturating_add(1));
            m.size = m.size.saturating_add(cm.size);
        }
        self.check_meta(m)?;
        self.charge(std::mem::size_of_val(children))?;
        self.meta[target.0 as usize] = m;
        Ok(())
    }

    fn append(&mut self, items: Vec<Id>) -> Result<(), PickleError> {
        let target = self.top()?;
        self.grow(target, &items)?;
        match &mut self.objs[target.0 as usize] {
            Obj::List(v) => {
                v.extend(items);
                Ok(())
            }
            other => {
                let kind = other.kind();
                Err(self.err(format!("APPEND to a {kind}, not a list")))
            }
        }
    }

    fn set_items(&mut self, items: Vec<Id>) -> Result<(), PickleError> {
        if !items.len().is_multiple_of(2) {
            return Err(self.err("SETITEMS with a key and no value"));
        }
        let target = self.top()?;
        self.grow(target, &items)?;
        match &mut self.objs[target.0 as usize] {
            Obj::Dict(d) => {
                d.extend(items.chunks_exact(2).map(|kv| (kv[0], kv[1])));
                Ok(())
            }
            other => {
                let kind = other.kind();
                Err(self.err(format!("SETITEM on a {kind}, not a dict")))
            }
        }
    }

    fn str_obj(&mut self, raw: &[u8], lossy: bool) -> Result<(), PickleError> {
        let s = match std::str::from_utf8(raw) {
            Ok(s) => s.to_string(),
            Err(_) if lossy => String::from_utf8_lossy(raw).into_owned(),
            Err(_) => return Err(self.err("a string is not UTF-8")),
        };
        self.push(Obj::Str(s), &[])
    }

    fn memo_get(&mut self, key: u32) -> Result<(), PickleError> {
        let id = *self
            .memo
            .get(&key)
            .ok_or_else(|| self.err(format!("memo entry {key} is read before it is written")))?;
        self.push_id(id)
    }

    fn memo_put(&mut self, key: u32) -> Result<(), PickleError> {
        let id = self.top()?;
        self.charge(2 * size_of::<(u32, Id)>())?;
        self.memo.insert(key, id);
        Ok(())
    }

    fn text_int(&mut self) -> Result<u32, PickleError> {
        let line = self.line()?.trim().to_string();
        line.parse()
            .map_err(|_| self.err(format!("`{line}` is not a memo key")))
    }

    fn long(&mut self, n: usize) -> Result<(), PickleError> {
        let raw = self.bytes(n)?;
        let obj = if n == 0 {
            Obj::Int(0)
        } else if n <= 8 {
            // Two's complement, little-endian, sign-extended.
            let fill = if raw[n - 1] & 0x80 != 0 { 0xff } else { 0 };
            let mut a = [fill; 8];
            a[..n].copy_from_slice(raw);
            Obj::Int(i64::from_le_bytes(a))
        } else {
            let fill = if raw[n - 1] & 0x80 != 0 { 0xff } else { 0 };
            // Wider encodings of values that fit (redundant sign bytes).
            if raw[8..].iter().all(|b| *b == fill) && (raw[7] & 0x80 != 0) == (fill == 0xff) {
                let mut a = [0u8; 8];
                a.copy_from_slice(&raw[..8]);
                Obj::Int(i64::from_le_bytes(a))
            } else {
                Obj::BigInt
            }
        };
        self.push(obj, &[])
    }

    fn call(&mut self, func: Id, args: Id) -> Result<(), PickleError> {
        let dict_like = matches!(self.objs[func.0 as usize], Obj::Global { ref module, ref name }
            if DICT_CLASSES.iter().any(|(m, n)| m == module && n == name));
        if dict_like {
            return self.push(Obj::Dict(Vec::new()), &[]);
        }
        self.push(Obj::Call { func, args }, &[func, args])
    }

    /// One opcode; `true` at `STOP`.
    fn step(&mut self) -> Result<bool, PickleError> {
        self.op_at = self.pos;
        if self.pos >= self.data.len() {
            return Err(self.err("the pickle ends without STOP"));
        }
        let code = self.u8()?;
        if code == op::STOP {
            return Ok(true);
        }
        let known = self.stack_op(code)?
            || self.scalar_op(code)?
            || self.text_op(code)?
            || self.container_op(code)?
            || self.object_op(code)?
            || self.memo_op(code)?;
        if !known {
            let shown = if code.is_ascii_graphic() {
                format!("0x{code:02x} ('{}')", code as char)
            } else {
                format!("0x{code:02x}")
            };
            return Err(self.err(format!("opcode {shown} is not one a torch checkpoint uses")));
        }
        Ok(false)
    }

    /// Framing and the stack (`MARK`, `POP`, `DUP`, ...); `false` for an
    /// opcode of another group.
    fn stack_op(&mut self, code: u8) -> Result<bool, PickleError> {
        match code {
            op::PROTO => {
                self.u8()?;
            }
            op::FRAME => {
                self.bytes(8)?;
            }
            op::MARK => {
                self.charge(size_of::<usize>())?;
                self.marks.push(self.stack.len());
            }
            op::POP => {
                if self.marks.last() == Some(&self.stack.len()) {
                    self.marks.pop();
                } else {
                    self.pop()?;
                }
            }
            op::POP_MARK => {
                self.pop_mark()?;
            }
            op::DUP => {
                let t = self.top()?;
                self.push_id(t)?;
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// Constants and numbers; `false` for an opcode of another group.
    fn scalar_op(&mut self, code: u8) -> Result<bool, PickleError> {
        match code {
            op::NONE => self.push(Obj::None, &[])?,
            op::NEWTRUE => self.push(Obj::Bool(true), &[])?,
            op::NEWFALSE => self.push(Obj::Bool(false), &[])?,
            op::BININT => {
                let v = i32::from_le_bytes(self.le()?);
                self.push(Obj::Int(v.into()), &[])?;
            }
            op::BININT1 => {
                let v = self.u8()?;
                self.push(Obj::Int(v.into()), &[])?;
            }
            op::BININT2 => {
                let v = u16::from_le_bytes(self.le()?);
                self.push(Obj::Int(v.into()), &[])?;
            }
            op::LONG1 => {
                let n = self.u8()?;
                self.long(n.into())?;
            }
            op::LONG4 => {
                let n = i32::from_le_bytes(self.le()?);
                let n = self.len(u64::try_from(n).unwrap_or(u64::MAX))?;
                self.long(n)?;
            }
            op::BINFLOAT => {
                let v = f64::from_be_bytes(self.le()?);
                self.push(Obj::Float(v), &[])?;
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// Strings and bytes; `false` for an opcode of another group.
    fn text_op(&mut self, code: u8) -> Result<bool, PickleError> {
        match code {
            op::BINUNICODE | op::BINUNICODE8 | op::SHORT_BINUNICODE => {
                let n = match code {
                    op::SHORT_BINUNICODE => u64::from(self.u8()?),
                    op::BINUNICODE => u64::from(u32::from_le_bytes(self.le()?)),
                    _ => u64::from_le_bytes(self.le()?),
                };
                let n = self.len(n)?;
                let start = self.pos;
                self.bytes(n)?;
                let data = self.data;
                self.str_obj(&data[start..start + n], false)?;
            }
            op::BINSTRING | op::SHORT_BINSTRING => {
                let n = if code == op::SHORT_BINSTRING {
                    u64::from(self.u8()?)
                } else {
                    u64::try_from(i32::from_le_bytes(self.le()?)).unwrap_or(u64::MAX)
                };
                let n = self.len(n)?;
                let start = self.pos;
                self.bytes(n)?;
                let data = self.data;
                self.str_obj(&data[start..start + n], true)?;
            }
            op::BINBYTES | op::SHORT_BINBYTES | op::BINBYTES8 => {
                let n = match code {
                    op::SHORT_BINBYTES => u64::from(self.u8()?),
                    op::BINBYTES => u64::from(u32::from_le_bytes(self.le()?)),
                    _ => u64::from_le_bytes(self.le()?),
                };
                let n = self.len(n)?;
                self.bytes(n)?;
                self.push(Obj::Bytes(n), &[])?;
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// Tuples, lists and dicts; `false` for an opcode of another group.
    fn container_op(&mut self, code: u8) -> Result<bool, PickleError> {
        match code {
            op::EMPTY_TUPLE => self.push(Obj::Tuple(Vec::new()), &[])?,
            op::TUPLE1 | op::TUPLE2 | op::TUPLE3 => {
                let n = usize::from(code - op::TUPLE1 + 1);
                let mut items = Vec::with_capacity(n);
                for _ in 0..n {
                    items.push(self.pop()?);
                }
                items.reverse();
                self.push(Obj::Tuple(items.clone()), &items)?;
            }
            op::TUPLE => {
                let items = self.pop_mark()?;
                self.push(Obj::Tuple(items.clone()), &items)?;
            }
            op::EMPTY_LIST => self.push(Obj::List(Vec::new()), &[])?,
            op::LIST => {
                let items = self.pop_mark()?;
                self.push(Obj::List(items.clone()), &items)?;
            }
            op::APPEND => {
                let v = self.pop()?;
                self.append(vec![v])?;
            }
            op::APPENDS => {
                let items = self.pop_mark()?;
                self.append(items)?;
            }
            op::EMPTY_DICT => self.push(Obj::Dict(Vec::new()), &[])?,
            op::DICT => {
                let items = self.pop_mark()?;
                if !items.len().is_multiple_of(2) {
                    return Err(self.err("DICT with a key and no value"));
                }
                let pairs = items.chunks_exact(2).map(|kv| (kv[0], kv[1])).collect();
                self.push(Obj::Dict(pairs), &items)?;
            }
            op::SETITEM => {
                let v = self.pop()?;
                let k = self.pop()?;
                self.set_items(vec![k, v])?;
            }
            op::SETITEMS => {
                let items = self.pop_mark()?;
                self.set_items(items)?;
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// Globals, calls, `BUILD` and persistent ids (recorded, never run);
    /// `false` for an opcode of another group.
    fn object_op(&mut self, code: u8) -> Result<bool, PickleError> {
        match code {
            op::GLOBAL => {
                let module = self.line()?.to_string();
                let name = self.line()?.to_string();
                self.push(Obj::Global { module, name }, &[])?;
            }
            op::STACK_GLOBAL => {
                let name = self.pop()?;
                let module = self.pop()?;
                let (Obj::Str(module), Obj::Str(name)) =
                    (&self.objs[module.0 as usize], &self.objs[name.0 as usize])
                else {
                    return Err(self.err("STACK_GLOBAL of something other than two strings"));
                };
                let g = Obj::Global {
                    module: module.clone(),
                    name: name.clone(),
                };
                self.push(g, &[])?;
            }
            op::REDUCE | op::NEWOBJ => {
                let args = self.pop()?;
                let func = self.pop()?;
                self.call(func, args)?;
            }
            op::NEWOBJ_EX => {
                let _kwargs = self.pop()?;
                let args = self.pop()?;
                let func = self.pop()?;
                self.call(func, args)?;
            }
            op::BUILD => {
                let state = self.pop()?;
                let obj = self.pop()?;
                if matches!(self.objs[obj.0 as usize], Obj::Dict(_)) {
                    // A dict's state is its attributes (a state dict's
                    // `_metadata`), not items.
                    self.push_id(obj)?;
                } else {
                    self.push(Obj::Build { obj, state }, &[obj, state])?;
                }
            }
            op::BINPERSID => {
                let pid = self.pop()?;
                self.push(Obj::PersId(pid), &[pid])?;
            }
            op::PERSID => {
                let pid = self.line()?.to_string();
                let id = self.alloc(Obj::Str(pid), &[])?;
                self.push(Obj::PersId(id), &[id])?;
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// The memo's `GET`s and `PUT`s; `false` for an opcode of another group.
    fn memo_op(&mut self, code: u8) -> Result<bool, PickleError> {
        match code {
            op::BINGET => {
                let k = self.u8()?;
                self.memo_get(k.into())?;
            }
            op::LONG_BINGET => {
                let k = u32::from_le_bytes(self.le()?);
                self.memo_get(k)?;
            }
            op::GET => {
                let k = self.text_int()?;
                self.memo_get(k)?;
            }
            op::BINPUT => {
                let k = self.u8()?;
                self.memo_put(k.into())?;
            }
            op::LONG_BINPUT => {
                let k = u32::from_le_bytes(self.le()?);
                self.memo_put(k)?;
            }
            op::PUT => {
                let k = self.text_int()?;
                self.memo_put(k)?;
            }
            op::MEMOIZE => {
                let k = u32::try_from(self.memo.len()).map_err(|_| self.err("the memo is full"))?;
                self.memo_put(k)?;
            }
            _ => return Ok(false),
        }
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits() -> Limits {
        Limits::within(1 << 30)
    }

    fn read_ok(data: &[u8]) -> Pickle {
        read(data, limits()).unwrap_or_else(|e| panic!("{e}"))
    }

    fn refused(data: &[u8], says: &str) {
        let e = read(data, limits()).expect_err("refused");
        assert!(e.to_string().contains(says), "{says:?} not in {e}");
    }

    #[test]
    fn a_dict_of_tuples_and_scalars_reads_as_data() {
        // {'a': (1, -2, 3.5, True, None), 'b': [300, 2**40]}
        let mut p = b"\x80\x02}q\x00(X\x01\x00\x00\x00a(K\x01J\xfe\xff\xff\xffG\x40\x0c\x00\x00\x00\x00\x00\x00\x88Ntq\x01".to_vec();
        p.extend_from_slice(
            b"X\x01\x00\x00\x00b]q\x02(M\x2c\x01\x8a\x06\x00\x00\x00\x00\x00\x01eu.",
        );
        let pk = read_ok(&p);
        let Obj::Dict(items) = pk.get(pk.root) else {
            panic!("not a dict")
        };
        assert_eq!(items.len(), 2);
        assert_eq!(pk.str(items[0].0), Some("a"));
        let t: Vec<&Obj> = pk
            .items(items[0].1)
            .unwrap()
            .iter()
            .map(|i| pk.get(*i))
            .collect();
        assert_eq!(
            t,
            vec![
                &Obj::Int(1),
                &Obj::Int(-2),
                &Obj::Float(3.5),
                &Obj::Bool(true),
                &Obj::None
            ]
        );
        let l: Vec<&Obj> = pk
            .items(items[1].1)
            .unwrap()
            .iter()
            .map(|i| pk.get(*i))
            .collect();
        assert_eq!(l, vec![&Obj::Int(300), &Obj::Int(1 << 40)]);
    }

    #[test]
    fn long1_is_twos_complement_and_wide_values_are_big() {
        for (bytes, want) in [
            (&b"\x8a\x00."[..], Obj::Int(0)),
            (b"\x8a\x01\xff.", Obj::Int(-1)),
            (
                b"\x8a\x08\x00\x00\x00\x00\x00\x00\x00\x40.",
                Obj::Int(1 << 62),
            ),
            (
                b"\x8a\x09\xff\xff\xff\xff\xff\xff\xff\xff\x00.",
                Obj::BigInt,
            ),
            (
                b"\x8a\x09\x01\x00\x00\x00\x00\x00\x00\x00\x00.",
                Obj::Int(1),
            ),
        ] {
            let pk = read_ok(bytes);
            assert_eq!(pk.get(pk.root), &want, "{bytes:?}");
        }
    }

    #[test]
    fn a_million_deep_nesting_is_refused_without_recursion() {
        let mut p = b"\x80\x02N".to_vec();
        p.extend(std::iter::repeat_n(0x85u8, 1_000_000));
        p.push(b'.');
        refused(&p, "nest more than 1000 deep");
        // Lists nested by APPEND, the other way to nest.
        let mut p = b"\x80\x02".to_vec();
        p.extend(std::iter::repeat_n(b']', 1_000_000));
        p.extend(std::iter::repeat_n(b'a', 999_999));
        p.push(b'.');
        refused(&p, "nest more than 1000 deep");
        // Within the limit, deep values read (and drop) fine.
        let mut p = b"\x80\x02N".to_vec();
        p.extend(std::iter::repeat_n(0x85u8, 999));
        p.push(b'.');
        read_ok(&p);
    }

    #[test]
    fn memo_references_are_shared_and_a_billion_laughs_is_refused() {
        // t0 = (None,) * 10; t_{k+1} = (t_k,) * 10; 10^9 objects at level 9.
        let mut p = b"\x80\x02Nq\x00".to_vec();
        for lvl in 1..10u8 {
            p.push(b'(');
            for _ in 0..10 {
                p.extend_from_slice(&[b'h', lvl - 1]);
            }
            p.extend_from_slice(&[b't', b'q', lvl]);
        }
        p.push(b'.');
        refused(&p, "through repeated memo references");
        // A few levels are fine, and shared rather than copied.
        let pk = read_ok(b"\x80\x02Nq\x00(h\x00h\x00tq\x01(h\x01h\x01t.");
        let outer = pk.items(pk.root).unwrap();
        assert_eq!(outer[0], outer[1]);
    }

    #[test]
    fn lengths_past_the_end_and_broken_streams_are_refused() {
        refused(b"X\xff\xff\xff\xff", "only 0 are left");
        refused(b"\x8d\xff\xff\xff\xff\xff\xff\xff\xff", "only 0 are left");
        refused(b"\x80\x02N", "ends without STOP");
        refused(b"a.", "stack is empty");
        refused(b"h\x07.", "memo entry 7 is read before it is written");
        refused(b"N(N)u.", "not a dict");
        refused(b"cos\nsystem\n(S'x'\no.", "opcode 0x53 ('S')");
        refused(b"(Vx\n.", "opcode 0x56 ('V')");
        // A MARK cannot be popped through by a plain pop.
        refused(b"N(\x85.", "stack is empty");
    }

    #[test]
    fn the_reader_holds_no_more_than_its_byte_budget() {
        let small = Limits {
            max_bytes: 10_000,
            ..limits()
        };
        let mut p = b"\x80\x02".to_vec();
        p.extend(std::iter::repeat_n(b'N', 5_000));
        p.push(b'.');
        let e = read(&p, small).unwrap_err();
        assert!(e.over_budget);
        assert!(e.to_string().contains("10000 bytes"), "{e}");
    }

    #[test]
    fn ordered_dicts_fill_and_their_attributes_are_not_items() {
        // OrderedDict() with one item, then BUILD {'_metadata': {}}.
        let p = b"\x80\x02ccollections\nOrderedDict\nq\x00)Rq\x01X\x01\x00\x00\x00kK\x05s}X\t\x00\x00\x00_metadata}sb.";
        let pk = read_ok(p);
        let Obj::Dict(items) = pk.get(pk.root) else {
            panic!("not a dict: {:?}", pk.get(pk.root))
        };
        assert_eq!(items.len(), 1);
        assert_eq!(pk.get(items[0].1), &Obj::Int(5));
    }
}

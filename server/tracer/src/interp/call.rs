//! Calling things: argument binding for user functions, bound methods,
//! classes (instantiation, `__init__`, dataclasses, enums), builtins and
//! torch ops, plus the definition of functions, lambdas and classes, and
//! imports.

use std::rc::Rc;
use std::sync::Arc;

use syntax::TextRange;
use syntax::ast::{self, Arg, Expr, ExprKind};

use super::{Flow, Frame, Interp, PyErr, R};
use crate::failure::FailureKind;
use crate::python::objects::KnownObject;
use crate::value::{
    Class, Dict, Function, FunctionBody, FunctionKind, ModuleState, Object, Scope, Value,
};

impl Interp {
    pub(super) fn eval_call(
        &mut self,
        call: &Expr,
        func: &Expr,
        args: &[Arg],
        scope: &Rc<Scope>,
    ) -> R<Value> {
        if self.entry_hook == Some(call.range) && self.in_entry_file() {
            // The export call under analysis: its arguments are what the
            // entry exports with; the call itself is not made.
            let captured = self.eval_args(args, scope)?;
            self.set_range(call.range);
            self.entry_hook = None;
            self.entry_captured = Some(captured);
            return Err(self.entry_reached());
        }
        let f = self.eval(func, scope)?;
        let (pos, kw) = self.eval_args(args, scope)?;
        self.set_range(call.range);
        if self.tracing
            && self.mode == crate::Mode::Strict
            && let Some(rule) = super::dynamo_breaks::rule_for(&f, &pos, &self.graph)
        {
            return Err(self.graph_break(rule.code, rule.reason, ""));
        }
        if self.tracing
            && self.mode == crate::Mode::NonStrict
            && let Some(rule) = super::dynamo_breaks::fake_tensor_failure(&f, &pos)
        {
            return Err(self.torch_error(rule.class, rule.message));
        }
        if self.strict_tracing()
            && let Some(rule) = super::dynamo_breaks::keyword_rule_for(&f, &kw)
        {
            return Err(self.graph_break(rule.code, rule.reason, ""));
        }
        if self.strict_tracing()
            && let Some((code, reason)) = super::dynamo_breaks::disabled_call(&f)
        {
            return Err(self.graph_break(code, reason, "remove the `torch.compiler.disable` call"));
        }
        self.call(&f, pos, kw)
    }

    /// True when the innermost frame runs the entry file's code.
    fn in_entry_file(&self) -> bool {
        self.frames
            .last()
            .is_some_and(|f| Arc::ptr_eq(&f.file, &self.entry_file))
    }

    /// The flow that stops execution once the entry hook captured its
    /// arguments: a failure the trace driver recognizes by
    /// [`Interp::entry_captured`] being set, never reported.
    fn entry_reached(&self) -> Flow {
        Flow::Fail(Box::new(crate::failure::Failure::new(
            FailureKind::Other,
            "the export call under analysis was reached",
        )))
    }

    /// Evaluate call arguments: `*xs` spread into the positional ones,
    /// `**kw` into the keyword ones.
    fn eval_args(&mut self, args: &[Arg], scope: &Rc<Scope>) -> R<super::CallArgs> {
        let mut pos = Vec::with_capacity(args.len());
        let mut kw = Vec::new();
        for a in args {
            match a {
                Arg::Positional(e) => pos.push(self.eval(e, scope)?),
                Arg::Starred(e) => {
                    let v = self.eval(e, scope)?;
                    pos.extend(self.iterate(&v)?);
                }
                Arg::Keyword { name, value, .. } => {
                    kw.push((name.clone(), self.eval(value, scope)?))
                }
                Arg::DoubleStarred(e) => {
                    let v = self.eval(e, scope)?;
                    for (k, v) in self.dict_items(&v)? {
                        match k {
                            Value::Str(ref s) => kw.push((s.to_string(), v)),
                            _ => return Err(self.type_error("keywords must be strings")),
                        }
                    }
                }
            }
        }
        Ok((pos, kw))
    }

    /// Call any callable value.
    pub fn call(&mut self, f: &Value, args: Vec<Value>, kwargs: Vec<(String, Value)>) -> R<Value> {
        match f {
            Value::Function(func) => self.call_function(func, args, kwargs),
            Value::BoundMethod(bm) => {
                let (recv, func) = (&bm.0, &bm.1);
                let mut all = Vec::with_capacity(args.len() + 1);
                all.push(recv.clone());
                all.extend(args);
                self.call(func, all, kwargs)
            }
            Value::Builtin(b) => crate::python::call_builtin(self, b.clone(), args, kwargs),
            // An ATen op packet called without naming an overload.
            // ... and an operator code defined (`torch.ops.mylib.foo`).
            Value::PyModule(p) if p.starts_with("torch.ops.") => {
                crate::ops::call_torch_function(self, &p.clone(), args, kwargs)
            }
            Value::Class(c) => self.instantiate(c.clone(), args, kwargs),
            Value::Object(o) => {
                if o.class.is_module() {
                    if self.tracing && o.get_attr(super::SCRIPTED).is_some() {
                        return self.scripted_module_call(&o.class.name);
                    }
                    return self.call_module(o.clone(), args, kwargs);
                }
                match o.class.lookup("__call__") {
                    Some((m, _)) => self.call_method_value_kw(&m, f.clone(), args, kwargs),
                    // `@torch.no_grad()` / `@torch.inference_mode()`: torch's
                    // grad-mode contexts (modelled as a null context) also
                    // decorate; export traces the function as is.
                    None if matches!(
                        o.class.builtin.as_deref(),
                        Some(
                            "contextlib.nullcontext"
                                | "torch.no_grad"
                                | "torch.enable_grad"
                                | "torch.inference_mode"
                        )
                    ) && matches!(args.as_slice(), [Value::Function(_)]) =>
                    {
                        Ok(args[0].clone())
                    }
                    None => {
                        Err(self.type_error(format!("'{}' object is not callable", o.class.name)))
                    }
                }
            }
            Value::Unknown(_) => {
                self.note_unknown_use(f);
                Ok(f.clone())
            }
            // `Dim.AUTO(min=2, max=512)` and friends.
            Value::Dim(d) => {
                let get = |k: &str, i: usize| {
                    kwargs
                        .iter()
                        .find(|(n, _)| n == k)
                        .map(|(_, v)| v.clone())
                        .or_else(|| args.get(i).cloned())
                };
                let min = get("min", 0).and_then(|v| v.as_int());
                let max = get("max", 1).and_then(|v| v.as_int());
                let spec = match &**d {
                    crate::value::DimSpec::Auto { .. } => crate::value::DimSpec::Auto { min, max },
                    crate::value::DimSpec::Dynamic { .. } => {
                        crate::value::DimSpec::Dynamic { min, max }
                    }
                    crate::value::DimSpec::Static { .. } => {
                        crate::value::DimSpec::Static { min, max }
                    }
                    _ => return Err(self.type_error("'Dim' object is not callable")),
                };
                Ok(Value::Dim(Rc::new(spec)))
            }
            other => {
                Err(self.type_error(format!("'{}' object is not callable", other.type_name())))
            }
        }
    }

    /// Call a function found on a class with an explicit receiver.
    pub fn call_method_value(&mut self, f: &Value, recv: Value, args: Vec<Value>) -> R<Value> {
        let mut all = vec![recv];
        all.extend(args);
        self.call(f, all, vec![])
    }

    /// `module(*args)`: a `__call__` of the module's own class or a
    /// library base (torch_geometric's aggregations fill in defaults
    /// there), else `nn.Module.__call__` ([`Self::call_module_itself`]).
    pub fn call_module(
        &mut self,
        m: Rc<Object>,
        args: Vec<Value>,
        kwargs: Vec<(String, Value)>,
    ) -> R<Value> {
        if let Some((own_call, owner)) = m.class.python_lookup("__call__")
            && owner.prelude_namespace.is_none()
        {
            let mut all = vec![Value::Object(m)];
            all.extend(args);
            return self.call(&own_call, all, kwargs);
        }
        self.call_module_itself(m, args, kwargs)
    }

    /// `nn.Module.__call__`: the forward hooks when any are registered,
    /// around `forward` (user-defined or from the nn library).
    pub fn call_module_itself(
        &mut self,
        m: Rc<Object>,
        args: Vec<Value>,
        kwargs: Vec<(String, Value)>,
    ) -> R<Value> {
        let hooked = self.module_hooks_registered
            && super::attr::MODULE_HOOK_REGISTRIES.iter().any(
            |r| matches!(m.get_attr(r), Some(Value::Dict(ref d)) if !d.borrow().entries().is_empty()),
        );
        let with_hooks = if hooked {
            m.class.python_lookup("_call_with_hooks")
        } else {
            None
        };
        if let Some((call_with_hooks, _)) = with_hooks {
            let mut kw = crate::value::Dict::default();
            for (k, v) in kwargs {
                kw.insert(Value::str(&k), v);
            }
            let kw = Value::Dict(Rc::new(crate::tracked::Tracked::new(kw)));
            let all = vec![Value::Object(m.clone()), Value::tuple(args), kw];
            self.module_calls.push(m);
            let out = self.call(&call_with_hooks, all, vec![]);
            self.module_calls.pop();
            return out;
        }
        match m.class.python_lookup("forward") {
            Some((forward, _)) => {
                let mut all = vec![Value::Object(m.clone())];
                all.extend(args);
                self.module_calls.push(m);
                let out = self.call(&forward, all, kwargs);
                self.module_calls.pop();
                out
            }
            None => {
                Err(self.type_error(format!("module '{}' has no forward method", m.class.name)))
            }
        }
    }

    /// Bind arguments to a user function's parameters and run it.
    pub fn call_function(
        &mut self,
        func: &Rc<Function>,
        args: Vec<Value>,
        kwargs: Vec<(String, Value)>,
    ) -> R<Value> {
        if self.frames.len() as u32 >= self.budget.call_depth {
            return Err(self.fail(
                FailureKind::Incomplete,
                format!(
                    "analysis incomplete: call depth limit ({}) reached calling `{}` (unbounded recursion?)",
                    self.budget.call_depth, func.name
                ),
            ));
        }
        let scope = Scope::unregistered(Some(func.closure.clone()));
        if let Err(err) = self.bind_params(func, &scope, args, kwargs) {
            // A definition kept undecorated stands for what the decorator
            // made: a call that does not fit its own signature was meant
            // for that (`@as_validated_field def _inner(value)` called as
            // `_inner(default=0.02)`).
            if func.attrs.borrow().contains_key(UNDECORATED) {
                let range = self.current_range();
                return Ok(self.incomplete(
                    range,
                    format!(
                        "analysis incomplete: `{}` is called as its decorator (not followed) made it",
                        func.name
                    ),
                ));
            }
            // Dynamo binds the arguments of the functions it inlines as
            // Python does: the TypeError is an exception it observes.
            return Err(match err {
                Flow::Raise(mut e) => {
                    e.raiser = match &func.body {
                        FunctionBody::Def(d) if !d.decorators.is_empty() => {
                            super::Raiser::DecoratedCallBinding
                        }
                        _ => super::Raiser::PlainCallBinding,
                    };
                    Flow::Raise(e)
                }
                other => other,
            });
        }
        let range = match &func.body {
            FunctionBody::Def(d) => d.range,
            FunctionBody::Lambda(e) => e.range,
        };
        self.sync_guard_paths();
        self.frames.push(Frame {
            file: func.file.clone(),
            range,
            function: Some(func.clone()),
            scope: Some(scope.clone()),
        });
        let result = match &func.body {
            FunctionBody::Def(def) if def.is_generator() && !def.is_async => {
                self.generator_sinks.push(Vec::new());
                let run = self.exec_block(def.body(), &scope);
                let yielded = self.generator_sinks.pop().unwrap_or_default();
                match run {
                    Ok(()) | Err(Flow::Return(_)) => Ok(crate::python::builtins::iter_of(yielded)),
                    Err(e) => Err(e),
                }
            }
            FunctionBody::Def(def) => match self.exec_block(def.body(), &scope) {
                Ok(()) => Ok(Value::None),
                Err(Flow::Return(v)) => Ok(v),
                Err(e) => Err(e),
            },
            FunctionBody::Lambda(body) => self.eval(body, &scope),
        };
        self.sync_guard_paths();
        self.frames.pop();
        // Locals nothing else holds are freed here; the ones a closure or a
        // stored frame keeps may sit in a cycle the collector must break.
        if Rc::strong_count(&scope) > 1 {
            crate::cycles::register(&scope);
        }
        match &func.body {
            // Calling an `async def` makes a coroutine, which Dynamo does
            // not model: it inlines the body as a plain function's.
            FunctionBody::Def(def)
                if def.is_async && !def.is_generator() && !self.strict_tracing() =>
            {
                let value = result?;
                let index = crate::prelude::module_index("exportlens.builtins")
                    .ok_or_else(|| self.type_error("the prelude has no coroutine"))?;
                let class = self.prelude_value(index, "coroutine")?;
                self.call(&class, vec![value], vec![])
            }
            _ => result,
        }
    }

    fn bind_params(
        &mut self,
        func: &Rc<Function>,
        scope: &Rc<Scope>,
        args: Vec<Value>,
        kwargs: Vec<(String, Value)>,
    ) -> R<()> {
        let p = &func.params;
        let positional: Vec<&ast::Param> = p.posonly.iter().chain(p.args.iter()).collect();
        let mut vars = scope.vars.borrow_mut();
        let mut args = args.into_iter();
        for param in &positional {
            match args.next() {
                Some(v) => {
                    vars.insert(param.name.clone(), v);
                }
                None => break,
            }
        }
        let rest: Vec<Value> = args.collect();
        if let Some(va) = &p.vararg {
            vars.insert(va.name.clone(), Value::tuple(rest));
        } else if !rest.is_empty() {
            drop(vars);
            return Err(self.type_error(format!(
                "{}() takes {} positional arguments but {} were given",
                func.name,
                positional.len(),
                positional.len() + rest.len()
            )));
        }
        let mut extra = Dict::default();
        for (k, v) in kwargs {
            let known =
                positional.iter().any(|q| q.name == k) || p.kwonly.iter().any(|q| q.name == k);
            if known {
                vars.insert(k, v);
            } else if p.kwarg.is_some() {
                extra.insert(Value::str(&k), v);
            } else {
                drop(vars);
                return Err(self.type_error(format!(
                    "{}() got an unexpected keyword argument '{k}'",
                    func.name
                )));
            }
        }
        if let Some(kw) = &p.kwarg {
            vars.insert(
                kw.name.clone(),
                Value::Dict(Rc::new(crate::tracked::Tracked::new(extra))),
            );
        }
        for param in positional.iter().copied().chain(p.kwonly.iter()) {
            if !vars.contains_key(&param.name) {
                match func.defaults.get(&param.name) {
                    Some(d) => {
                        vars.insert(param.name.clone(), d.clone());
                    }
                    None => {
                        drop(vars);
                        return Err(self.type_error(format!(
                            "{}() missing required argument: '{}'",
                            func.name, param.name
                        )));
                    }
                }
            }
        }
        Ok(())
    }

    fn eval_defaults(
        &mut self,
        params: &ast::Parameters,
        scope: &Rc<Scope>,
    ) -> R<crate::value::NameMap<Value>> {
        let mut defaults = crate::value::NameMap::default();
        for p in params
            .posonly
            .iter()
            .chain(&params.args)
            .chain(&params.kwonly)
        {
            if let Some(d) = &p.default {
                let v = self.eval(d, scope)?;
                defaults.insert(p.name.clone(), v);
            }
        }
        Ok(defaults)
    }

    fn current_file(&self) -> Arc<crate::SourceFile> {
        self.frames
            .last()
            .map(|f| f.file.clone())
            .unwrap_or_else(|| self.entry_file.clone())
    }

    pub fn make_function(&mut self, def: &Arc<ast::FunctionDef>, scope: &Rc<Scope>) -> R<Value> {
        let defaults = self.eval_defaults(&def.params, scope)?;
        let mut kind = FunctionKind::Plain;
        let mut decorators = Vec::new();
        let mut skipped = false;
        for d in &def.decorators {
            let Some(v) = self.eval_decorator(d, scope)? else {
                skipped = true;
                continue;
            };
            match &v {
                Value::Builtin(b) if &*b.name == "builtins.staticmethod" => {
                    kind = FunctionKind::StaticMethod
                }
                Value::Builtin(b) if &*b.name == "builtins.classmethod" => {
                    kind = FunctionKind::ClassMethod
                }
                Value::Builtin(b) if &*b.name == "builtins.property" => {
                    kind = FunctionKind::Property
                }
                _ => decorators.push(v),
            }
        }
        let globals = root_scope(scope);
        let f = Value::Function(Rc::new(Function {
            name: Rc::from(def.name.as_str()),
            qualname: Rc::from(def.name.as_str()),
            params: def.params.clone(),
            body: FunctionBody::Def(def.clone()),
            defaults,
            closure: scope.closure_for_functions(),
            globals,
            file: self.current_file(),
            kind,
            attrs: Default::default(),
        }));
        // Decorators apply bottom-up.
        let mut result = f;
        for d in decorators.into_iter().rev() {
            self.set_range(def.range);
            result = self.apply_decorator(&d, result, def.range)?;
        }
        if skipped && let Value::Function(func) = &result {
            func.attrs
                .borrow_mut()
                .insert(UNDECORATED.into(), Value::Bool(true));
        }
        Ok(result)
    }

    /// A decorator expression's value; `None` (with a note) when it cannot
    /// be evaluated, so the definition still binds its name.
    fn eval_decorator(&mut self, d: &Expr, scope: &Rc<Scope>) -> R<Option<Value>> {
        match self.eval(d, scope) {
            Ok(Value::Unknown(_)) => Ok(None),
            Ok(v) => Ok(Some(v)),
            Err(Flow::Raise(e)) => {
                self.incomplete(
                    d.range,
                    format!(
                        "analysis incomplete: decorator not followed ({}: {}); the definition is used undecorated",
                        e.class, e.message
                    ),
                );
                Ok(None)
            }
            Err(other) => Err(other),
        }
    }

    /// `decorator(target)`. When the tracer cannot follow the decorator
    /// (it raises on unknown values, or yields an unknown), the target is
    /// kept undecorated: model code decorates with wrappers (`no_grad`,
    /// `register_model`, legacy-argument shims) whose result behaves like
    /// the function they wrap.
    fn apply_decorator(&mut self, d: &Value, target: Value, range: TextRange) -> R<Value> {
        match self.call(d, vec![target.clone()], vec![]) {
            Ok(Value::Unknown(_)) => Ok(target),
            Ok(v) => Ok(v),
            Err(Flow::Raise(e)) => {
                self.incomplete(
                    range,
                    format!(
                        "analysis incomplete: decorator not followed ({}: {}); the definition is used undecorated",
                        e.class, e.message
                    ),
                );
                Ok(target)
            }
            Err(other) => Err(other),
        }
    }

    pub(super) fn make_lambda(
        &mut self,
        params: &Arc<ast::Parameters>,
        body: &Arc<Expr>,
        scope: &Rc<Scope>,
        _range: TextRange,
    ) -> R<Value> {
        let defaults = self.eval_defaults(params, scope)?;
        Ok(Value::Function(Rc::new(Function {
            name: Rc::from("<lambda>"),
            qualname: Rc::from("<lambda>"),
            params: params.clone(),
            body: FunctionBody::Lambda(body.clone()),
            defaults,
            closure: scope.closure_for_functions(),
            globals: root_scope(scope),
            file: self.current_file(),
            kind: FunctionKind::Plain,
            attrs: Default::default(),
        })))
    }

    /// The prelude's `dict` class, the base of user dict subclasses.
    fn prelude_dict_base(&mut self) -> R<Rc<crate::value::Class>> {
        let index = crate::prelude::module_index("exportlens.builtins")
            .ok_or_else(|| self.type_error("the prelude has no dict base"))?;
        match self.prelude_value(index, "dict")? {
            Value::Class(ref c) => Ok(c.clone()),
            _ => Err(self.type_error("the prelude's dict is not a class")),
        }
    }

    /// A class statement's bases, each object that is not a class
    /// replaced by what its `__mro_entries__` gives (`List[int]`: `list`;
    /// `Generic[T]`: `Generic`).
    fn class_bases(&mut self, def: &ast::ClassDef, scope: &Rc<Scope>) -> R<Vec<Value>> {
        let mut given = Vec::with_capacity(def.bases.len());
        for b in &def.bases {
            given.push(self.eval(b, scope)?);
        }
        if !given.iter().any(|b| matches!(b, Value::Object(_))) {
            return Ok(given);
        }
        let all = Value::tuple(given.clone());
        let mut bases = Vec::with_capacity(given.len());
        for b in given {
            match &b {
                Value::Object(o)
                    if let Some(hook) = super::attr::python_dunder(o, "__mro_entries__") =>
                {
                    let entries = self.call(&hook, vec![b.clone(), all.clone()], vec![])?;
                    bases.extend(self.iterate(&entries)?);
                }
                _ => bases.push(b),
            }
        }
        Ok(bases)
    }

    /// The base `class P(NamedTuple)` gets: the prelude's
    /// `collections.namedtuple` of the fields the body annotates (not
    /// `ClassVar`s), the trailing ones with the values the body gives them
    /// as defaults.
    fn named_tuple_base(
        &mut self,
        def: &ast::ClassDef,
        body: &Scope,
    ) -> R<Rc<crate::value::Class>> {
        let fields: Vec<String> = def
            .body
            .iter()
            .filter_map(|s| match &s.kind {
                ast::StmtKind::AnnAssign {
                    target, annotation, ..
                } if !is_class_var(annotation) => name_of(target),
                _ => None,
            })
            .collect();
        let mut defaults = Vec::new();
        for f in &fields {
            let value = body.vars.borrow().get(f).cloned();
            match value {
                Some(v) => defaults.push(v),
                None if !defaults.is_empty() => {
                    return Err(self.type_error(format!(
                        "Non-default namedtuple field {f} cannot follow default field"
                    )));
                }
                None => {}
            }
        }
        let index = crate::prelude::module_index("collections")
            .ok_or_else(|| self.type_error("the prelude has no collections module"))?;
        let namedtuple = self.prelude_value(index, "namedtuple")?;
        let made = self.call(
            &namedtuple,
            vec![
                Value::str(&def.name),
                Value::list(fields.iter().map(|f| Value::str(f)).collect()),
            ],
            vec![("defaults".to_string(), Value::tuple(defaults))],
        )?;
        match made {
            Value::Class(ref c) => Ok(c.clone()),
            _ => Err(self.type_error("namedtuple() made no class")),
        }
    }

    pub fn make_class(&mut self, def: &Arc<ast::ClassDef>, scope: &Rc<Scope>) -> R<Value> {
        let mut bases = Vec::new();
        let mut is_enum = false;
        let mut typed_dict = false;
        let mut named_tuple = false;
        for b in self.class_bases(def, scope)? {
            match &b {
                // `class P(NamedTuple)`: a namedtuple of its annotated
                // fields, made once the body has run.
                Value::Class(c) if c.builtin.as_deref() == Some("typing.NamedTuple") => {
                    named_tuple = true;
                }
                Value::Builtin(b)
                    if matches!(&*b.name, "typing.TypedDict" | "typing_extensions.TypedDict") =>
                {
                    typed_dict = true;
                }
                Value::Class(c) if c.lookup(TYPED_DICT).is_some() => {
                    typed_dict = true;
                    bases.push(c.clone());
                }
                Value::Class(c) if c.builtin.as_deref() == Some("collections.OrderedDict") => {
                    bases.push(self.prelude_dict_base()?);
                }
                Value::Class(c) => {
                    is_enum |= c.is_enum;
                    bases.push(c.clone());
                }
                Value::Builtin(b) if &*b.name == "builtins.property" && b.receiver.is_none() => {
                    bases.push(self.builtin_class("builtins.property"));
                }
                // A dict subclass derives from the prelude's `dict`, which
                // keeps its items (`prelude/builtins.py`).
                Value::Builtin(b) if &*b.name == "builtins.dict" && b.receiver.is_none() => {
                    bases.push(self.prelude_dict_base()?);
                }
                Value::Unknown(_) => {}
                _ => {}
            }
        }
        if bases.is_empty() && !named_tuple {
            bases.push(self.builtin_class("builtins.object"));
        }
        let mut decorators = Vec::new();
        for d in &def.decorators {
            decorators.extend(self.eval_decorator(d, scope)?);
        }
        // The class body runs in its own namespace; methods close over the
        // enclosing scope, not the class namespace (as in Python).
        let body_scope = Scope::new(Some(scope.clone()));
        body_scope.class_body.set(true);
        self.exec_block(&def.body, &body_scope)?;
        if named_tuple {
            let base = self.named_tuple_base(def, &body_scope)?;
            bases.insert(0, base);
        }
        let prelude_namespace = self
            .frames
            .last()
            .and_then(|f| crate::prelude::namespace_of(&f.file.path));
        let class = Rc::new(Class {
            name: Rc::from(def.name.as_str()),
            qualname: Rc::from(def.name.as_str()),
            bases,
            attrs: Default::default(),
            builtin: None,
            prelude_namespace,
            decorators: Vec::new(),
            is_dataclass: Default::default(),
            subclasses: Default::default(),
            mro_tail: Default::default(),
            defines_property: Default::default(),
            lookups: Default::default(),
            is_enum,
        });
        crate::cycles::register(&class);
        Class::link_to_bases(&class);
        let mut order = namespace_in_definition_order(def, &body_scope);
        if is_enum {
            let mut members = Vec::new();
            for (k, v) in order.iter_mut() {
                if matches!(v, Value::Function(_)) || k.starts_with('_') {
                    continue;
                }
                let member = Rc::new(Object {
                    id: 0,
                    class: class.clone(),
                    attrs: crate::tracked::Tracked::new(vec![
                        ("name".to_string(), Value::str(k)),
                        ("value".to_string(), v.clone()),
                        ("_value_".to_string(), v.clone()),
                    ]),
                    module: None,
                });
                crate::cycles::register(&member);
                members.push((k.clone(), Value::Object(member)));
            }
            for (k, m) in members {
                if let Some(slot) = order.iter_mut().find(|(n, _)| *n == k) {
                    slot.1 = m;
                }
            }
        }
        if !order.iter().any(|(k, _)| k == "__module__") {
            let module = root_scope(scope).vars.borrow().get("__name__").cloned();
            order.push((
                "__module__".into(),
                module.unwrap_or_else(|| Value::str("__main__")),
            ));
        }
        // Every class's namespace holds `__doc__`: its docstring, else None
        // (so an instance reads its own class's, never a base's).
        if !order.iter().any(|(k, _)| k == "__doc__") {
            let doc = match def.body.first().map(|s| &s.kind) {
                Some(ast::StmtKind::Expr(e)) => match &e.kind {
                    ast::ExprKind::Str(s) => Value::str(s),
                    _ => Value::None,
                },
                _ => Value::None,
            };
            order.push(("__doc__".into(), doc));
        }
        // A TypedDict makes plain dicts; `total=False` makes its keys optional.
        if typed_dict {
            let total = match def.keywords.iter().find(|(k, _)| k == "total") {
                Some((_, e)) => {
                    let v = self.eval(e, scope)?;
                    self.truthy(&v)?
                }
                None => true,
            };
            order.push((TYPED_DICT.into(), Value::Bool(total)));
            order.push(("__total__".into(), Value::Bool(total)));
        }
        // The metaclass, kept for the hooks it defines on the class
        // (`__instancecheck__`); subclasses find it through the MRO.
        if let Some((_, e)) = def.keywords.iter().find(|(k, _)| k == "metaclass")
            && let meta @ Value::Class(_) = self.eval(e, scope)?
        {
            order.push((METACLASS.into(), meta));
        }
        for (name, value) in &order {
            self.note_class_attr(name, value);
        }
        *class.attrs.borrow_mut() = order;
        crate::value::class_attrs_changed();
        // Record annotated fields for dataclasses (`ClassVar`s are not).
        let fields: Vec<Value> = def
            .body
            .iter()
            .filter_map(|s| match &s.kind {
                ast::StmtKind::AnnAssign {
                    target, annotation, ..
                } if !is_class_var(annotation) => name_of(target).map(|n| Value::str(&n)),
                _ => None,
            })
            .collect();
        class.set_attr("__dataclass_fields_order__", Value::tuple(fields));
        // `type.__new__` calls the nearest base's `__init_subclass__` (an
        // implicit classmethod) before any class decorator runs.
        if let Some((Value::Function(ref hook), _)) = class
            .bases
            .iter()
            .find_map(|b| b.lookup("__init_subclass__"))
        {
            let keywords = def
                .keywords
                .iter()
                .filter(|(k, _)| k != "metaclass")
                .map(|(k, e)| Ok((k.clone(), self.eval(e, scope)?)))
                .collect::<R<Vec<_>>>()?;
            self.set_range(def.range);
            self.call_function(hook, vec![Value::Class(class.clone())], keywords)?;
        }
        let mut result = Value::Class(class.clone());
        for d in decorators.into_iter().rev() {
            match &d {
                Value::Builtin(b) if b.name.starts_with("dataclasses.dataclass") => {
                    class.is_dataclass.set(true);
                }
                _ => {
                    self.set_range(def.range);
                    result = self.apply_decorator(&d, result, def.range)?;
                }
            }
        }
        Ok(result)
    }

    /// A call of a `torch.jit.script`ed module while tracing: Dynamo
    /// cannot trace into the TorchScript runtime; non-strict export runs
    /// it there, which the analysis does not follow.
    fn scripted_module_call(&mut self, class: &str) -> R<Value> {
        if self.strict_tracing() {
            return Err(self.graph_break(
                "GB4695",
                format!("torch.jit.script/freeze modules unsupported: `{class}`"),
                "call the original eager module instead of its scripted copy",
            ));
        }
        let r = self.current_range();
        Ok(self.incomplete(
            r,
            format!(
                "analysis incomplete: the TorchScript module `{class}` runs outside the traced Python"
            ),
        ))
    }

    /// `Class(*args)`: library classes are built by the tracer; user classes
    /// get a fresh object and run `__init__`.
    pub fn instantiate(
        &mut self,
        class: Rc<Class>,
        args: Vec<Value>,
        kwargs: Vec<(String, Value)>,
    ) -> R<Value> {
        // A metaclass defining `__call__` decides what calling the class
        // does (kornia injects `__post_init__` this way); its
        // `type.__call__(cls, ...)` comes back to `construct`.
        if let Some((Value::Class(ref meta), _)) = class.lookup(METACLASS)
            && let Some((Value::Function(ref hook), _)) = meta.python_lookup("__call__")
        {
            let mut full = Vec::with_capacity(args.len() + 1);
            full.push(Value::Class(class));
            full.extend(args);
            return self.call_function(hook, full, kwargs);
        }
        self.construct(class, args, kwargs)
    }

    /// `type.__call__(class, *args, **kwargs)`: a new instance of `class`
    /// made and initialised, whatever its metaclass.
    pub fn construct(
        &mut self,
        class: Rc<Class>,
        args: Vec<Value>,
        kwargs: Vec<(String, Value)>,
    ) -> R<Value> {
        // `typing.List()`: a typing form's call (`prelude/typing.py`).
        if let Some(name) = &class.builtin
            && super::typing_forms::is_typing_form(name)
            && &**name != "typing.NamedTuple"
        {
            let mut positional = vec![Value::str(name)];
            positional.extend(args);
            return self.typing_prelude_call_kw("_form_call", positional, kwargs);
        }
        if let Some(name) = &class.builtin {
            return super::torch_natives::construct_builtin(
                self,
                class.clone(),
                name.clone(),
                args,
                kwargs,
            );
        }
        if let Some((Value::Bool(total), _)) = class.lookup(TYPED_DICT) {
            if !total && self.strict_tracing() {
                return Err(self.graph_break(
                    "GB0257",
                    format!("TypedDict with optional keys: `{}`", class.name),
                    "avoid TypedDict with optional keys in `forward`",
                ));
            }
            return self.call(&Value::builtin("builtins.dict"), args, kwargs);
        }
        if class.is_enum {
            // `Color(1)`: look a member up by value; a member is itself.
            if let Some(v) = args.first() {
                if let Value::Object(o) = v
                    && o.class.is_enum
                    && o.class.mro().iter().any(|c| Rc::ptr_eq(c, &class))
                {
                    return Ok(v.clone());
                }
                for (_, m) in class.attrs.borrow().iter() {
                    if let Value::Object(o) = m
                        && o.get_attr("value").is_some_and(|x| x.key_eq(v))
                    {
                        return Ok(m.clone());
                    }
                }
            }
            return Err(self.raise("ValueError", "not a valid enum value"));
        }
        let is_module = class.is_module();
        let exception_base = class
            .mro()
            .iter()
            .find_map(|c| c.builtin.clone())
            .filter(|n| n.ends_with("Error") || n.ends_with("Exception"));
        let obj = Rc::new(Object {
            id: self.fresh_id(),
            class: class.clone(),
            attrs: Default::default(),
            module: is_module.then(|| crate::tracked::Tracked::new(ModuleState::new(true))),
        });
        crate::cycles::register(&obj);
        let value = Value::Object(obj.clone());
        if exception_base.is_some() {
            obj.set_attr("args", Value::tuple(args.clone()));
        }
        // `@dataclass` writes `__init__` into the class it decorates unless
        // that class defines one: the nearest of the two on the MRO runs.
        let generated = class
            .mro()
            .iter()
            .take_while(|k| k.builtin.is_none())
            .find(|k| k.is_dataclass.get() || k.own_attr("__init__").is_some())
            .is_some_and(|k| k.own_attr("__init__").is_none());
        if generated {
            self.init_dataclass(&class, &obj, args, kwargs)?;
            return Ok(value);
        }
        if let Some((init, _)) = class.python_lookup("__init__") {
            self.call_method_value_kw(&init, value.clone(), args, kwargs)?;
        } else if super::attr::is_property_class(&class) {
            // `property.__init__(fget, fset, fdel, doc)`.
            let mut args = args.into_iter();
            for slot in ["fget", "fset", "fdel", "__doc__"] {
                let v = args
                    .next()
                    .or_else(|| {
                        kwargs
                            .iter()
                            .find(|(k, _)| k == slot)
                            .map(|(_, v)| v.clone())
                    })
                    .unwrap_or(Value::None);
                obj.set_attr(slot, v);
            }
        }
        Ok(value)
    }

    /// What the `__init__` that `@dataclass` generates for `class` does: set
    /// each field from the arguments, its default or its default factory,
    /// then call `__post_init__`. Also reached through `super().__init__(...)`
    /// from a subclass that defines its own `__init__`.
    pub fn init_dataclass(
        &mut self,
        class: &Rc<Class>,
        obj: &Rc<Object>,
        args: Vec<Value>,
        kwargs: Vec<(String, Value)>,
    ) -> R<()> {
        let fields = self.dataclass_fields(class);
        if let Some((k, _)) = kwargs.iter().find(|(k, _)| !fields.contains(k)) {
            return Err(self.type_error(format!(
                "{}.__init__() got an unexpected keyword argument '{k}'",
                class.name
            )));
        }
        let mut args = args.into_iter();
        for name in fields {
            let v = match args.next() {
                Some(v) => v,
                None => match kwargs.iter().find(|(k, _)| **k == name) {
                    Some((_, v)) => v.clone(),
                    None => match class.lookup(&name).map(|(v, _)| v) {
                        Some(Value::Builtin(ref b)) if KnownObject::DataclassFactory.is(b) => {
                            let factory = b.receiver.clone().unwrap_or(Value::None);
                            self.call(&factory, vec![], vec![])?
                        }
                        Some(v) => v,
                        None => Value::None,
                    },
                },
            };
            obj.set_attr(&name, v);
        }
        if let Some((post_init, _)) = obj.class.lookup("__post_init__") {
            self.call_method_value(&post_init, Value::Object(obj.clone()), vec![])?;
        }
        Ok(())
    }

    /// A dataclass's fields in `__init__` order: inherited dataclass fields
    /// first, as `dataclasses` orders them.
    pub fn dataclass_fields(&self, class: &Rc<Class>) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for c in class.mro().iter().rev() {
            if !c.is_dataclass.get() {
                continue;
            }
            if let Some(Value::Tuple(ref t)) = c.own_attr("__dataclass_fields_order__") {
                for f in t.iter() {
                    if let Value::Str(n) = f
                        && !out.iter().any(|o| **o == **n)
                    {
                        out.push(n.to_string());
                    }
                }
            }
        }
        out
    }

    pub fn call_method_value_kw(
        &mut self,
        f: &Value,
        recv: Value,
        args: Vec<Value>,
        kwargs: Vec<(String, Value)>,
    ) -> R<Value> {
        let mut all = vec![recv];
        all.extend(args);
        self.call(f, all, kwargs)
    }

    pub fn exception_from(&mut self, v: Value) -> PyErr {
        let (class, value) = match &v {
            Value::Class(c) => (c.name.clone(), None),
            Value::Object(o) => (o.class.name.clone(), Some(v.clone())),
            _ => (Rc::from("Exception"), None),
        };
        let message = match &v {
            Value::Object(o) => match o.get_attr("args") {
                Some(Value::Tuple(ref t)) => t
                    .first()
                    .map(|a| match a {
                        Value::Str(s) => s.to_string(),
                        _ => String::new(),
                    })
                    .unwrap_or_default(),
                _ => String::new(),
            },
            _ => String::new(),
        };
        PyErr {
            class,
            message,
            value,
            range: Some(self.current_range()),
            path: self.current_path(),
            line: self.failure_line(),
            raiser: super::Raiser::Model,
        }
    }

    pub fn exception_matches(&mut self, err: &PyErr, handler: &Value) -> bool {
        match handler {
            Value::Tuple(t) => t.iter().any(|h| self.exception_matches(err, h)),
            Value::Class(c) => {
                let hn = &*c.name;
                if hn == "Exception" || hn == "BaseException" || *err.class == *hn {
                    return true;
                }
                if let Some(Value::Object(o)) = &err.value {
                    return o.class.is_subclass_of(c);
                }
                // An exception the tracer's model of Python raised has only
                // its class name: caught by any built-in class it derives from.
                match crate::python::builtins::exception_class_name(&err.class) {
                    Some(full) => self.builtin_class(full).is_subclass_of(c),
                    None => false,
                }
            }
            _ => false,
        }
    }

    // ----- imports ------------------------------------------------------------

    /// Resolve `import a.b.c` to a module value. Torch and the standard
    /// library modules the tracer models are namespaces; workspace modules
    /// are run from their source (see [`super::import`]); anything else is
    /// an opaque module whose attributes are unknown.
    pub fn import_module(&mut self, name: &str, range: TextRange) -> R<Value> {
        if !is_modelled_module(name) && !is_opaque_package(name) {
            if let Some((_, leaf)) = self.import_workspace(name, range)? {
                return Ok(leaf);
            }
            self.incomplete(
                range,
                format!(
                    "analysis incomplete: module `{name}` is not analysed; its values are unknown"
                ),
            );
        }
        Ok(Value::PyModule(Rc::from(name)))
    }

    /// `import a.b.c` without `as`: the value bound to `a`.
    pub fn import_top(&mut self, name: &str, range: TextRange) -> R<Value> {
        if !is_modelled_module(name)
            && !is_opaque_package(name)
            && let Some((top, _)) = self.import_workspace(name, range)?
        {
            return Ok(top);
        }
        let top = name.split('.').next().unwrap_or(name);
        self.import_module(top, range)
    }

    pub fn import_relative(&mut self, name: &str, level: u32, range: TextRange) -> R<Value> {
        if let Some(m) = self.import_workspace_relative(name, level, range)? {
            return Ok(m);
        }
        self.incomplete(
            range,
            format!("analysis incomplete: relative import of `{name}` is not analysed"),
        );
        Ok(Value::PyModule(Rc::from(
            format!("<relative>.{name}").as_str(),
        )))
    }

    /// Run a callable that must succeed for tracing to go on; a Python
    /// exception stops the trace at the current line, as a failure or an
    /// incomplete analysis by [`crate::evidence`]'s rule.
    pub fn expect_ok(&mut self, r: R<Value>) -> R<Value> {
        match r {
            Err(Flow::Raise(e)) => {
                let f = crate::evidence::failure_of_exception(&e, self.mode);
                Err(self.fail_with(f))
            }
            other => other,
        }
    }
}

fn name_of(e: &Expr) -> Option<String> {
    match &e.kind {
        ExprKind::Name(n) => Some(n.clone()),
        _ => None,
    }
}

/// A package left uninterpreted ([`super::attr::OPAQUE_PACKAGES`]), but
/// for the modules of one that model code's configuration is made of
/// ([`super::attr::INTERPRETED_MODULES`]).
fn is_opaque_package(name: &str) -> bool {
    let top = name.split('.').next().unwrap_or(name);
    super::attr::OPAQUE_PACKAGES.contains(&top)
        && !super::attr::INTERPRETED_MODULES
            .iter()
            .any(|m| name == *m || name.strip_prefix(m).is_some_and(|r| r.starts_with('.')))
}

/// Torch and the standard-library modules the tracer implements itself.
fn is_modelled_module(name: &str) -> bool {
    super::attr::KNOWN_MODULES.contains(&name) || name == "torch" || name.starts_with("torch.")
}

fn root_scope(scope: &Rc<Scope>) -> Rc<Scope> {
    let mut s = scope.clone();
    while let Some(p) = s.parent.clone() {
        s = p;
    }
    s
}

/// A function attribute marking a definition whose decorator was not
/// followed (an unknown value, from a package the tracer does not read):
/// calls its own signature refuses give an unknown value.
const UNDECORATED: &str = "__exportlens_undecorated__";

/// The class attribute that marks a `TypedDict` class, holding its `total`.
const TYPED_DICT: &str = "__exportlens_typeddict__";

/// The class attribute that holds a class statement's `metaclass=`.
pub(crate) const METACLASS: &str = "__exportlens_metaclass__";

/// An annotation naming `typing.ClassVar` (`ClassVar`, `ClassVar[int]`,
/// `typing.ClassVar[...]`): a class attribute, not a dataclass field.
fn is_class_var(annotation: &Expr) -> bool {
    let head = match &annotation.kind {
        ExprKind::Subscript { value, .. } => value,
        _ => annotation,
    };
    match &head.kind {
        ExprKind::Name(n) => n == "ClassVar",
        ExprKind::Attribute { attr, .. } => attr == "ClassVar",
        _ => false,
    }
}

/// The names a class body bound, in the order its statements define them
/// (then any others it bound), with their values.
fn namespace_in_definition_order(def: &ast::ClassDef, body_scope: &Scope) -> Vec<(String, Value)> {
    let vars = body_scope.vars.borrow();
    let mut order: Vec<(String, Value)> = Vec::with_capacity(vars.len());
    let mut placed: foldhash::HashSet<&str> =
        foldhash::HashSet::with_capacity_and_hasher(vars.len(), Default::default());
    let mut place = |name: &str| {
        if let Some((k, v)) = vars.get_key_value(name)
            && placed.insert(k.as_str())
        {
            order.push((k.clone(), v.clone()));
        }
    };
    for s in &def.body {
        match &s.kind {
            ast::StmtKind::FunctionDef(f) => place(&f.name),
            ast::StmtKind::ClassDef(c) => place(&c.name),
            ast::StmtKind::Assign { targets, .. } => {
                for n in targets.iter().filter_map(name_of) {
                    place(&n);
                }
            }
            ast::StmtKind::AnnAssign { target, .. } => {
                if let Some(n) = name_of(target) {
                    place(&n);
                }
            }
            _ => {}
        }
    }
    for (k, v) in vars.iter() {
        if !placed.contains(k.as_str()) {
            order.push((k.clone(), v.clone()));
        }
    }
    order
}

# Templates rendered as jinja2 3.1 renders them: output, statements, filters, tests, whitespace.
import jinja2

env = jinja2.Environment()


def render(source, **context):
    return env.from_string(source).render(**context)


# Output: values are printed with str(); undefined names print as "".
assert render("{{ x }}-{{ y }}", x=1, y=None) == "1-None"
assert render("[{{ missing }}]") == "[]"
assert jinja2.Template("{{ a }}{{ b }}").render({"a": 1}, b=2) == "12"
assert render("{{ 1 + 2 * 3 }} {{ 7 // 2 }} {{ 7 % 3 }} {{ 2 ** 3 }}") == "7 3 1 8"
assert render("{{ 'a' ~ 1 ~ none ~ missing }}") == "a1None"
assert render("{{ [1, 'x'] }} {{ (1,) }} {{ {'k': true} }}") == "[1, 'x'] (1,) {'k': True}"
tests = "{{ n > 3 and n < 10 }} {{ 2 in xs }} {{ 5 not in xs }}"
assert render(tests, n=5, xs=[1, 2]) == "True True True"
assert render("{{ 'yes' if flag else 'no' }}|{{ 'only' if flag }}|", flag=False) == "no||"
assert render("{{ not flag or 'x' }}", flag=True) == "x"

# Attribute and item access: `a.b` falls back to `a['b']` and back.
assert render("{{ d.a }} {{ d['b'] }} {{ d.c }}|", d={"a": 1, "b": 2}) == "1 2 |"
assert render("{{ s.upper() }} {{ s[1:] }} {{ s[-1] }} {{ xs.0 }}", s="abc", xs=[7]) == "ABC bc c 7"
assert render("{{ d.items()|list }}", d={"k": 1}) == "[('k', 1)]"
assert render("{{ name[:-2] }}_{{ name[-1] }}", name="x_j") == "x_j"
assert render("{{ f(1, b=2) }}", f=lambda a, b=0: a + b) == "3"

# if / elif / else.
source = "{% if n == 1 %}one{% elif n == 2 %}two{% else %}many{% endif %}"
assert render(source, n=1) == "one"
assert render(source, n=2) == "two"
assert render(source, n=3) == "many"
assert render("{% if missing %}a{% else %}b{% endif %}") == "b"

# for, with else, tuple unpacking, a filtering condition, the loop variable.
assert render("{% for x in xs %}{{ x }},{% endfor %}", xs=[1, 2]) == "1,2,"
assert render("{% for x in xs %}{{ x }}{% else %}empty{% endfor %}", xs=[]) == "empty"
assert render("{% for x in missing %}{{ x }}{% else %}none{% endfor %}") == "none"
items = "{% for k, v in d.items() %}{{ k }}={{ v }};{% endfor %}"
assert render(items, d={"a": 1, "b": 2}) == "a=1;b=2;"
odd = "{% for x in xs if x is odd %}{{ x }}/{{ loop.length }} {% endfor %}"
assert render(odd, xs=[1, 2, 3]) == "1/2 3/2 "
loop_vars = "{{ loop.index }}{{ loop.index0 }}{{ loop.revindex }}{{ loop.revindex0 }}{{ loop.length }}"
assert render("{% for x in 'ab' %}" + loop_vars + "|{% endfor %}") == "10212|21102|"
commas = "{% for x in xs %}{{ x }}{% if not loop.last %}, {% endif %}{% endfor %}"
assert render(commas, xs=[1, 2, 3]) == "1, 2, 3"
assert render("{% for x in xs %}{{ loop.first }}{% endfor %}", xs=[1, 2]) == "TrueFalse"
assert render("{% for x in xs %}{{ loop.cycle('a', 'b') }}{% endfor %}", xs=[1, 2, 3]) == "aba"
nested = "{% for r in rows %}{% for c in r %}{{ loop.index }}{% endfor %};{% endfor %}"
assert render(nested, rows=[[5, 6], [7]]) == "12;1;"
assert render("{% for x in xs %}{% endfor %}[{{ x }}]", xs=[1]) == "[]"

# set: names, tuples, blocks; a loop's assignments stay in the loop.
assert render("{% set a = 3 %}{% set b, c = 1, 2 %}{{ a }}{{ b }}{{ c }}") == "312"
assert render("{% set t %}x{{ 1 }}{% endset %}[{{ t }}]") == "[x1]"
assert render("{% set y = 0 %}{% for x in xs %}{% set y = x %}{% endfor %}{{ y }}", xs=[1, 2]) == "0"
ns_source = ("{% set ns = namespace(total=0) %}{% for x in xs %}"
             "{% set ns.total = ns.total + x %}{% endfor %}{{ ns.total }}")
assert render(ns_source, xs=[1, 2, 3]) == "6"

# Filters.
assert render("{{ xs|length }} {{ xs|count }} {{ xs|join(', ') }}", xs=[1, 2]) == "2 2 1, 2"
assert render("{{ xs|join }}", xs=[1, 2]) == "12"
assert render("{{ s|lower }} {{ s|upper }} {{ s|replace('b', 'x') }}", s="aBb") == "abb ABB aBx"
assert render("{{ missing|default('d') }} {{ none|default('d') }} {{ ''|d('e', true) }}") == "d None e"
assert render("{{ 1|string ~ 2 }} {{ '42'|int + 1 }} {{ 'x'|int }}") == "12 43 0"
assert render("{{ (xs|list)[0] }} {{ xs|first }} {{ xs|last }}", xs=(5, 6)) == "5 5 6"
assert render("[{{ ''|trim }}] [{{ '  a '|trim }}]") == "[] [a]"
assert render("{{ text|indent }}", text="a\nb\n\nc") == "a\n    b\n\n    c"
assert render("{{ text|indent(2, first=true) }}", text="a\nb") == "  a\n  b"
names = "{{ ps|map(attribute='name')|join(',') }}"
assert render(names, ps=[{"name": "p"}, {"name": "q"}]) == "p,q"
assert render("{{ xs|select('odd')|list }} {{ xs|reject('odd')|list }}", xs=[1, 2, 3]) == "[1, 3] [2]"
sorts = "{{ xs|sort|list }} {{ xs|sort(reverse=true)|join }} {{ xs|reverse|list }}"
assert render(sorts, xs=[2, 3, 1]) == "[1, 2, 3] 321 [1, 3, 2]"
assert render("{% for k, v in d|items %}{{ k }}{{ v }}{% endfor %}", d={"a": 1}) == "a1"
assert render("{{ s|upper|replace('A', '-') }}", s="abc") == "-BC"

# Tests.
defined = "{{ x is defined }} {{ missing is defined }} {{ missing is undefined }}"
assert render(defined, x=0) == "True False True"
assert render("{{ x is none }} {{ x is not none }}", x=None) == "True False"
kinds = "{{ 's' is string }} {{ 1 is string }} {{ 1.5 is number }} {{ 'a' is number }}"
assert render(kinds) == "True False True False"
assert render("{{ 4 is even }} {{ 9 is divisibleby 3 }} {{ d is mapping }}", d={}) == "True True True"
assert render("{{ '_empty' not in p.__name__ }}", p=None) == "True"

# Whitespace control.
assert render("a  {{- 1 -}}  b") == "a1b"
assert render("a \n {%- if true -%} \n x \n {%- endif -%} \n b") == "axb"
assert render("x {#- note -#} y") == "xy"
assert render("{% for x in xs %}\n{{ x }}\n{% endfor %}", xs=[1, 2]) == "\n1\n\n2\n"
assert render("(\n{%- for x in xs %}\n    {{ x }},\n{%- endfor %}\n)", xs=[1, 2]) == "(\n    1,\n    2,\n)"
trimmed = jinja2.Environment(trim_blocks=True, lstrip_blocks=True)
block = "<ul>\n  {% for x in xs %}\n  <li>{{ x }}</li>\n  {% endfor %}\n</ul>"
assert trimmed.from_string(block).render(xs=[1, 2]) == "<ul>\n  <li>1</li>\n  <li>2</li>\n</ul>"
assert env.from_string(block).render(xs=[1]) == "<ul>\n  \n  <li>1</li>\n  \n</ul>"
assert trimmed.from_string("  {%+ if true %}x{% endif %}").render() == "  x"
assert trimmed.from_string("{% if true +%}\nx{% endif %}").render() == "\nx"

# The trailing newline: one is dropped unless keep_trailing_newline.
assert render("a\n") == "a"
assert render("a\n\n") == "a\n"
assert jinja2.Environment(keep_trailing_newline=True).from_string("a\n").render() == "a\n"
assert render("a\r\nb") == "a\nb"

# Comments and raw blocks.
assert render("a{# {{ x }} {% if %} #}b") == "ab"
assert render("{% raw %}{{ x }}{% if %}{% endraw %}") == "{{ x }}{% if %}"
assert render("{{ '{{' }}{{ '}}' }}") == "{{}}"

# Errors: bad syntax, unknown filters, operations on undefined values.
for bad in ("{% if %}", "{% for x in xs %}", "{{ x|no_such_filter }}", "{% frobnicate %}", "{{ (1 }}"):
    try:
        env.from_string(bad)
        raised = False
    except jinja2.TemplateSyntaxError:
        raised = True
    assert raised, bad
try:
    render("{{ missing.attr }}")
    raised = False
except jinja2.UndefinedError:
    raised = True
assert raised
assert isinstance(jinja2.TemplateNotFound("x"), LookupError)

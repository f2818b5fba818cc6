"""The user guide holds together: README.md, ARCHITECTURE.md, docs/*.md and
editors/README.md.

- Every relative Markdown link names a file or folder that exists, and every
  `#anchor` (to the same page or another) names a heading of that page, as
  GitHub makes heading anchors.
- docs/configuration.md has a row for every key the configuration parser
  knows (`server/pyenv/src/settings.rs`, `KEYS`), and docs/rules.md one for
  every code of exportlens's own (`server/rules/src/lib.rs`, `OWN_CODES`).
- The test command README.md gives under "The two commands" is the one CI
  runs (`.ci/run`).
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = sorted(
    [ROOT / "README.md", ROOT / "ARCHITECTURE.md", ROOT / "editors" / "README.md"]
    + list((ROOT / "docs").glob("*.md"))
)

FENCE = re.compile(r"^\s*(```|~~~)")
INLINE_CODE = re.compile(r"(`+)(.+?)\1")
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


def prose_lines(text: str) -> list[tuple[int, str]]:
    """The lines of `text` outside fenced code blocks, numbered from 1."""
    out, fenced = [], False
    for number, line in enumerate(text.splitlines(), 1):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced:
            out.append((number, line))
    return out


def slug(heading: str) -> str:
    """GitHub's anchor for a heading's text."""
    text = INLINE_CODE.sub(lambda m: m.group(2), heading)
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = text.strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    seen: dict[str, int] = {}
    out = set()
    for _, line in prose_lines(page.read_text(encoding="utf-8")):
        m = HEADING.match(line)
        if not m:
            continue
        base = slug(m.group(2))
        count = seen.get(base, 0)
        seen[base] = count + 1
        out.add(base if count == 0 else f"{base}-{count}")
    return out


def links(page: Path) -> list[tuple[int, str]]:
    out = []
    for number, line in prose_lines(page.read_text(encoding="utf-8")):
        # Links are not read inside inline code, but a code span may be a
        # link's text: blank the span's content, keep its length.
        masked = INLINE_CODE.sub(lambda m: "x" * len(m.group(0)), line)
        out.extend((number, m.group(1)) for m in LINK.finditer(masked))
    return out


def broken_links(page: Path, root: Path = ROOT) -> list[str]:
    broken = []
    for number, target in links(page):
        if SCHEME.match(target):
            continue
        path_part, _, anchor = target.partition("#")
        dest = (page.parent / path_part).resolve() if path_part else page
        where = f"{page.relative_to(root)}:{number}: {target}"
        if not dest.exists():
            broken.append(f"{where}: no such file")
        elif anchor:
            if dest.is_dir() or dest.suffix != ".md":
                broken.append(f"{where}: an anchor into a file that is not Markdown")
            elif anchor not in anchors(dest):
                broken.append(f"{where}: no heading with that anchor in {dest.relative_to(root)}")
    return broken


def test_slug_follows_github() -> None:
    assert slug("The `export --json` report") == "the-export---json-report"
    assert slug("exportlens's own codes") == "exportlenss-own-codes"
    assert slug("Emacs (eglot), Helix, any LSP client") == "emacs-eglot-helix-any-lsp-client"
    assert slug("Quick runs: speed and memory") == "quick-runs-speed-and-memory"


def test_user_guide_pages_exist() -> None:
    for name in ["README.md", "configuration.md", "rules.md", "editors.md", "json-schema.md",
                 "fidelity.md", "benchmarks.md", "robustness.md", "quick-runs.md", "cli.md"]:
        assert (ROOT / "docs" / name).is_file(), name


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_relative_links_resolve(page: Path) -> None:
    assert page.is_file()
    assert broken_links(page) == []


def test_links_are_found() -> None:
    """The link reader sees the links the README and the index hold."""
    readme = {target for _, target in links(ROOT / "README.md")}
    assert {"docs/configuration.md", "docs/rules.md", "docs/editors.md", "docs/json-schema.md"} <= readme
    index = {target for _, target in links(ROOT / "docs" / "README.md")}
    assert "json-schema.md#the-export---json-report" in index


def test_a_broken_link_is_reported(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("# Title\n\n[ok](#title) [gone](missing.md) [bad](#nowhere)\n"
                    "```\n[in code](also-missing.md)\n```\n`[code](x.md)`\n")
    assert broken_links(page, root=tmp_path) == [
        "page.md:3: missing.md: no such file",
        "page.md:3: #nowhere: no heading with that anchor in page.md",
    ]


def table_rows(page: Path) -> set[str]:
    """The first cell of every table row, without its backticks."""
    rows = set()
    for _, line in prose_lines(page.read_text(encoding="utf-8")):
        m = re.match(r"^\|\s*`([^`]+)`\s*\|", line)
        if m:
            rows.add(m.group(1))
    return rows


CATALOGUES = {
    # page: (source, the list in it, one name in that list)
    "configuration.md": ("server/pyenv/src/settings.rs", r"pub const KEYS: &\[&str\] = &\[(.*?)\];", r'"([^"]+)"'),
    "rules.md": ("server/rules/src/lib.rs", r"const OWN_CODES: &\[OwnCode\] = &\[(.*?)\n\];", r'code: "([^"]+)"'),
}


@pytest.mark.parametrize("page", sorted(CATALOGUES))
def test_page_documents_every_name_of_its_catalogue(page: str) -> None:
    """configuration.md has a row per configuration key, rules.md per own code."""
    source, list_pattern, name_pattern = CATALOGUES[page]
    block = re.search(list_pattern, (ROOT / source).read_text(encoding="utf-8"), re.S)
    assert block, f"the list is not found in {source}"
    names = set(re.findall(name_pattern, block.group(1)))
    assert len(names) >= 10
    assert names - table_rows(ROOT / "docs" / page) == set()


def test_readme_test_command_is_what_ci_runs() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## The two commands", 1)[1].split("\n## ", 1)[0]
    commands = [line.strip().split("#", 1)[0].strip()
                for line in section.splitlines() if line.startswith("    ")]
    assert commands[:2] == ["./scripts/test.sh", "cargo run --release -p cli -- check --both examples/"]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert re.search(r"^exec \./scripts/test\.sh\s*$", ci, re.M), ci

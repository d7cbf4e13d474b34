"""The examples in the stub's docstrings (the API docs) and the package docstring run and pass."""

from __future__ import annotations

import ast
import contextlib
import doctest
import inspect
import io
import pathlib
import re

import pytest

import oware

STUB = pathlib.Path(oware.__file__).with_name("_oware.pyi")


def _docstrings() -> list[tuple[str, str]]:
    """(qualified name, docstring) of every documented item of the stub."""
    tree = ast.parse(STUB.read_text(encoding="utf-8"))
    found: list[tuple[str, str]] = []

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.ClassDef, ast.FunctionDef)):
                name = f"{prefix}{child.name}"
                doc = ast.get_docstring(child, clean=False)
                if doc and ">>>" in doc:
                    found.append((name, doc))
                visit(child, name + ".")

    visit(tree, "")
    return found


def _run(name: str, text: str) -> None:
    parser = doctest.DocTestParser()
    test = parser.get_doctest(text, {"oware": oware}, name, str(STUB), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    out: list[str] = []
    result = runner.run(test, out=out.append)
    assert result.failed == 0, "".join(out)


DOCS = _docstrings()


def test_the_stub_has_examples() -> None:
    assert len(DOCS) >= 20


@pytest.mark.parametrize(("name", "doc"), DOCS, ids=[n for n, _ in DOCS])
def test_stub_example(name: str, doc: str) -> None:
    if name.split(".")[0] in ("random_games", "BoardBatch"):
        pytest.importorskip("numpy")
    _run(name, doc)


def test_package_docstring() -> None:
    assert oware.__doc__ is not None
    _run("oware", oware.__doc__)


def test_every_public_name_is_documented() -> None:
    tree = ast.parse(STUB.read_text(encoding="utf-8"))
    documented = {
        node.name
        for node in tree.body
        if isinstance(node, (ast.ClassDef, ast.FunctionDef)) and ast.get_docstring(node)
    }
    public = {n for n in oware.__all__ if n[0].isupper() and not n.isupper()}  # constants aside
    public |= {"play_match", "random_games"}
    assert public - documented == set()


def _stub_docstring(qualified: str) -> str:
    tree = ast.parse(STUB.read_text(encoding="utf-8"))
    cls, name = qualified.split(".")
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == cls:
            for child in node.body:
                if isinstance(child, ast.FunctionDef) and child.name == name:
                    doc = ast.get_docstring(child)
                    assert doc is not None, qualified
                    return doc
    raise AssertionError(f"the stub has no {qualified}")


@pytest.mark.parametrize("qualified", ["Board.search", "Board.analyse", "Searcher.search", "Searcher.analyse"])
def test_help_on_search_is_the_stubs_docstring(qualified: str) -> None:
    """Issue 31: ``help(oware.Board.search)`` said only "Searches the position", where
    the stub (the API docs) gives the limits' defaults and ranges. The module's own
    docstrings for the search calls are now the stub's, word for word."""
    cls, name = qualified.split(".")
    runtime = getattr(getattr(oware, cls), name).__doc__
    assert runtime is not None
    assert inspect.cleandoc(runtime) == _stub_docstring(qualified)


def test_help_on_board_search_gives_the_defaults_and_ranges() -> None:
    doc = oware.Board.search.__doc__ or ""
    assert f"({oware.DEFAULT_SEARCH_DEPTH}) plies" in doc
    assert f"({oware.DEFAULT_SEARCH_NODES:_}) positions".replace("_", " ") in doc
    assert "*depth* outside 1 to 64" in doc


def _stub_callables() -> list[tuple[str, str]]:
    """(qualified name, stub docstring) of every public
    function and method of the stub, and the endgame classes (what
    :mod:`oware.distributed` builds on)."""
    tree = ast.parse(STUB.read_text(encoding="utf-8"))
    found: list[tuple[str, str]] = []
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and not node.name.startswith("_"):
            found.append((node.name, ast.get_docstring(node) or ""))
        elif isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
            if node.name in ("EndgameDatabase", "EndgameLayerSlice"):
                found.append((node.name, ast.get_docstring(node) or ""))
            for child in node.body:
                if isinstance(child, ast.FunctionDef) and not child.name.startswith("_"):
                    found.append((f"{node.name}.{child.name}", ast.get_docstring(child) or ""))
    return found


def _runtime(qualified: str) -> object:
    obj: object = oware._oware
    for part in qualified.split("."):
        obj = getattr(obj, part)
    return obj


def test_help_shows_the_stubs_docs() -> None:
    """Issue 18: ``help(oware.EndgameDatabase.load_dir)`` showed one line where the
    stub (the API docs) has two paragraphs. help() reads the module's own docstrings
    (the Rust doc comments), so each must carry the stub's text: at least half as
    long as the stub's docstring, and never empty."""
    short = []
    for qualified, stub in _stub_callables():
        runtime = inspect.getdoc(_runtime(qualified)) or ""
        if not runtime or len(runtime) < len(stub) / 2:
            short.append(f"{qualified}: {len(runtime)} characters, the stub {len(stub)}")
    assert short == []


README_ARROW = "# \u2192 "
#: A comment that quotes an output without the arrow, so no test would check it
#: (issue 31: ``# e.g. C +0.10`` where the line printed ``F +0.40``).
UNCHECKED_QUOTE = re.compile(r"#\s*(e\.g\.|eg\b|for example|prints?\b|gives\b)", re.IGNORECASE)


def _is_print(node: ast.stmt) -> bool:
    call = node.value if isinstance(node, ast.Expr) else None
    return isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == "print"


def _check_readme(readme: pathlib.Path) -> int:
    """Runs the Python blocks of `readme` in order, in one namespace, statement by
    statement; where a statement's lines end in `# → TEXT`, TEXT is what it must print
    (or, for a bare expression, its repr), `...` matching anything as in doctest.
    Returns how many statements were checked."""
    text = readme.read_text(encoding="utf-8")
    blocks = [b.split("```", 1)[0] for b in text.split("```python\n")[1:]]
    assert blocks, f"{readme} has no Python block"
    namespace: dict[str, object] = {}
    checker = doctest.OutputChecker()
    checked = 0
    for block in blocks:
        lines = block.splitlines()
        for number, line in enumerate(lines, 1):
            assert not UNCHECKED_QUOTE.search(line), (
                f"{readme.name} line {number} of its block quotes an output no test checks "
                f"(write it after `# \u2192 `): {line.strip()!r}"
            )
        for node in ast.parse(block).body:
            source = lines[node.lineno - 1 : node.end_lineno]
            wanted = [line.split(README_ARROW, 1)[1].rstrip() for line in source if README_ARROW in line]
            printed = io.StringIO()
            with contextlib.redirect_stdout(printed):
                if isinstance(node, ast.Expr) and not _is_print(node):
                    value = eval(compile(ast.Expression(node.value), str(readme), "eval"), namespace)
                    print(repr(value))
                else:
                    exec(compile(ast.Module([node], []), str(readme), "exec"), namespace)
            if wanted:
                want, got = "\n".join(wanted) + "\n", printed.getvalue()
                assert checker.check_output(want, got, doctest.ELLIPSIS), (
                    f"{readme.name} line {node.lineno} of its block says {want!r}, it gives {got!r}"
                )
                checked += 1
    return checked


def test_the_readme_checker_catches_a_stale_value(tmp_path: pathlib.Path) -> None:
    good = "```python\nx = [1, 2]\nx  # \u2192 [1, ...]\nprint(len(x))  # \u2192 2\n```\n"
    (tmp_path / "good.md").write_text(good, encoding="utf-8")
    assert _check_readme(tmp_path / "good.md") == 2
    (tmp_path / "stale.md").write_text(good.replace("\u2192 2", "\u2192 3"), encoding="utf-8")
    with pytest.raises(AssertionError, match="says '3"):
        _check_readme(tmp_path / "stale.md")
    (tmp_path / "eg.md").write_text(good.replace("\u2192 2", "e.g. 3"), encoding="utf-8")
    with pytest.raises(AssertionError, match="quotes an output no test checks"):
        _check_readme(tmp_path / "eg.md")


@pytest.mark.parametrize("readme", ["oware-py/README.md", "README.md"])
def test_readme_examples_print_what_they_say(readme: str) -> None:
    """The Python blocks of the package's and the repository's READMEs run, and every
    value they quote after `# →` is what the code gives today."""
    pytest.importorskip("numpy")
    path = pathlib.Path(__file__).parents[2] / readme
    assert _check_readme(path) >= 3

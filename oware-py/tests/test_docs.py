"""The examples in the stub's docstrings (the API docs) and the package docstring run and pass."""

from __future__ import annotations

import ast
import doctest
import pathlib

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


def test_readme_examples_run(capsys: pytest.CaptureFixture[str]) -> None:
    """The Python blocks of oware-py/README.md run, in order, in one namespace."""
    pytest.importorskip("numpy")
    readme = pathlib.Path(__file__).parents[1] / "README.md"
    text = readme.read_text(encoding="utf-8")
    blocks = [b.split("```", 1)[0] for b in text.split("```python\n")[1:]]
    assert len(blocks) >= 2
    namespace: dict[str, object] = {}
    for block in blocks:
        exec(compile(block, str(readme), "exec"), namespace)
    out = capsys.readouterr().out
    assert "['D', 'E', 'F', 'a']" in out and "illegal move a" in out

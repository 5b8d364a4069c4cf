"""Large catalogs: the module compiles, imports and validates at 1,000 and 10,000 codes.

The text is rendered without black here (rendering is black-clean: see test_py_generate);
no timing is asserted, the benchmarks measure it.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pydantic
import pytarget_support as support
import pytest

from errgen.targets.python.target import render_package, render_runtime


def generated(n: int, where: Path) -> tuple[ModuleType, str]:
    catalog = support.from_text(support.synthetic(n, name=f"scale{n}"))
    package = where / f"scale{n}_errors"
    package.mkdir()
    text = render_package(catalog, package.name)
    (package / "__init__.py").write_text(text, encoding="utf-8")
    (package / "_runtime.py").write_text(render_runtime(), encoding="utf-8")
    return support.import_path(package), text


def exercise(mod: ModuleType, n: int) -> None:
    codes = list(mod.CODES)
    classes = [mod.model_for(code) for code in codes]
    assert len(codes) == n and len(mod.ErrorCode.__args__) == n
    assert [getattr(mod, cls.__name__) for cls in classes] == classes  # each class declared in the module
    assert not any(cls.__pydantic_complete__ for cls in classes)  # defer_build: no validator built at import
    last = codes[-1]
    values = {"status": 503} if last.endswith("upstream") else {"limit": 3} if last.endswith("too_big") else {}
    err = mod.build_error(last, values)
    assert mod.parse_result(err.to_result()) == err
    assert pydantic.TypeAdapter(mod.ErrorUnion).validate_python(err.to_payload()) == err
    mapped = mod.map_http(502)
    assert mapped.code == codes[3] and mapped.retriable is True
    built = [cls.__name__ for cls in classes if cls.__pydantic_complete__]
    assert built == sorted({type(err).__name__, type(mapped).__name__}, key=built.index)  # only the classes used
    with pytest.raises(pydantic.ValidationError):
        mod.validate_error({**err.to_payload(), "message": ""})


def test_a_thousand_codes(tmp_path: Path) -> None:
    mod, text = generated(1000, tmp_path)
    assert "KnownErrorUnion = Union[  # noqa: UP007" in text
    exercise(mod, 1000)


@pytest.mark.slow
def test_ten_thousand_codes_import_and_validate(tmp_path: Path) -> None:
    mod, _ = generated(10_000, tmp_path)
    exercise(mod, 10_000)
    assert len(mod.payload_schema()["allOf"]) == 10_000

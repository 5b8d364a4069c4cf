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

from errgen.targets.python import context
from errgen.templating import render


def generated(n: int, where: Path) -> tuple[ModuleType, str]:
    catalog = support.from_text(support.synthetic(n, name=f"scale{n}"))
    text = render("python/errors.py.jinja", None, **context(catalog, f"scale{n}_errors"))
    path = where / f"scale{n}_errors.py"
    path.write_text(text, encoding="utf-8")
    return support.import_path(path), text


def exercise(mod: ModuleType, n: int) -> None:
    codes = list(mod.CODES)
    assert len(codes) == n and len(mod.ErrorCode.__args__) == n
    assert not any(name in vars(mod) for name in mod._CLASS_CODES)  # nothing built at import
    last = codes[-1]
    values = {"status": 503} if last.endswith("upstream") else {"limit": 3} if last.endswith("too_big") else {}
    err = mod.build_error(last, values)
    assert mod.parse_result(err.to_result()) == err
    assert pydantic.TypeAdapter(mod.ErrorUnion).validate_python(err.to_payload()) == err
    assert not type(err).__pydantic_complete__  # the shared validator took them all: no per-code one built
    mapped = mod.map_http(502)
    assert mapped.code == codes[3] and mapped.retriable is True
    assert len(mod._MODELS) == 2  # only the classes used were built
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

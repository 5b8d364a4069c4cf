"""The `openapi` and `reasons` targets, read by the tools that consume them.

The problem documents every runtime writes (the committed `problem` vectors, byte-identical in
Python, TypeScript, Go and Rust) must be valid for the JSON Schema of their code and for nothing
else; openapi-typescript (npm, pinned in `tests/ts/openapi/`) and datamodel-code-generator (pip,
pinned in `tests/constraints.txt`) must generate code from the OpenAPI document that accepts those
documents: tsc --strict type-checks them against the generated types, pydantic validates them
with the generated models, and both refuse a document with the wrong status.
"""

from __future__ import annotations

import fcntl
import html
import importlib.util
import json
import re
import subprocess
import sys
import typing
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import jsonschema
import pytest
from conftest import unavailable
from contract import vectors
from ts import harness

from errgen.catalog.model import Catalog
from errgen.targets import TargetOptions, reasons
from errgen.targets import openapi as target

OPENAPI_TOOLS = harness.TS_DIR / "openapi"
CATALOGS = ["napkin", "workbook", "filetools", "tswire", "tsnames"]


def problems(name: str) -> list[tuple[str, dict[str, Any]]]:
    """(code, document) of every problem document the vectors of catalog `name` hold for a known code."""
    return [(v["case"]["code"], json.loads(v["expect"])) for v in vectors.read(name)
            if v["case"]["op"] == "problem" and "code" in v["case"]]  # fmt: skip


@pytest.fixture(scope="module")
def catalogs() -> dict[str, Catalog]:
    return vectors.catalogs()


@pytest.mark.parametrize("name", CATALOGS)
def test_each_problem_document_is_valid_for_its_code_and_no_other(catalogs: dict[str, Catalog], name: str) -> None:
    catalog = catalogs[name]
    schema = target.problem_schemas(catalog)
    jsonschema.Draft202012Validator.check_schema(schema)
    names = target.schema_names(catalog)
    checker = jsonschema.Draft202012Validator.FORMAT_CHECKER
    docs = problems(name)
    assert {code for code, _ in docs} == {c.id for c in catalog.constructible_codes}
    for code, doc in docs:
        jsonschema.Draft202012Validator(schema, format_checker=checker).validate(doc)  # exactly one branch
        own = {**schema, "$ref": f"#/$defs/{names[code]}"}
        own.pop("oneOf")
        jsonschema.Draft202012Validator(own, format_checker=checker).validate(doc)
        wrong = {**doc, "status": 599 if doc["status"] != 599 else 598}
        assert not jsonschema.Draft202012Validator(schema).is_valid(wrong)


def test_an_error_the_catalog_cannot_type_is_no_problem_of_it(catalogs: dict[str, Catalog]) -> None:
    generic = [json.loads(v["expect"]) for v in vectors.read("napkin") if v["case"]["op"] == "problem"
               and "result" in v["case"]]  # fmt: skip
    assert generic and all(doc["type"] == "about:blank" for doc in generic)
    schema = target.problem_schemas(catalogs["napkin"])
    assert not any(jsonschema.Draft202012Validator(schema).is_valid(doc) for doc in generic)


def ensure_openapi_tools() -> Path:
    """`npm ci` in tests/ts/openapi when its node_modules is missing or stale; the openapi-typescript CLI."""
    lock = json.loads((OPENAPI_TOOLS / "package-lock.json").read_text(encoding="utf-8"))
    with open(OPENAPI_TOOLS / "package-lock.json", "rb") as lock_file:
        fcntl.flock(lock_file, fcntl.LOCK_EX)
        stale = [key for key, meta in lock["packages"].items() if key.startswith("node_modules/")
                 and not meta.get("optional") and _installed(OPENAPI_TOOLS / key) != meta["version"]]  # fmt: skip
        if stale:
            done = harness.run([harness.tool("npm"), "ci", "--no-audit", "--no-fund"], cwd=OPENAPI_TOOLS)
            assert done.returncode == 0, f"`npm ci` in {OPENAPI_TOOLS} failed:\n{done.stdout}\n{done.stderr}"
    return OPENAPI_TOOLS / "node_modules" / ".bin" / "openapi-typescript"


def _installed(folder: Path) -> str | None:
    manifest = folder / "package.json"
    return json.loads(manifest.read_text(encoding="utf-8")).get("version") if manifest.exists() else None


def write_openapi(catalog: Catalog, folder: Path) -> Path:
    files = target.generate(catalog, TargetOptions())
    path = folder / f"{catalog.name}.openapi.json"
    path.write_text(files[f"openapi/{catalog.name}.openapi.json"], encoding="utf-8")
    return path


def test_openapi_typescript_types_the_problem_documents(catalogs: dict[str, Catalog], tmp_path: Path) -> None:
    cli = ensure_openapi_tools()
    checks = []
    for name in CATALOGS:
        out = tmp_path / f"{name}-openapi.ts"
        done = harness.run([harness.tool("node"), str(cli), str(write_openapi(catalogs[name], tmp_path)), "-o",
                            str(out)], cwd=tmp_path)  # fmt: skip
        assert done.returncode == 0, done.stdout + done.stderr
        names = target.schema_names(catalogs[name])
        checks.append(f'import type {{ components as {name} }} from "./{name}-openapi.js";')
        # an object literal's "__proto__" sets its prototype (TypeScript types it so): those documents are left out
        typed_docs = [(code, doc) for code, doc in problems(name) if "__proto__" not in doc]
        for i, (code, doc) in enumerate(typed_docs[:60]):
            kind = f'{name}["schemas"][{json.dumps(names[code])}]'
            checks.append(f"export const {name}{i}: {kind} = {json.dumps(doc)};")
        code, doc = problems(name)[0]
        wrong = json.dumps({**doc, "status": 599})
        checks.append(f'// @ts-expect-error the status is the code\'s own\nexport const {name}Wrong: {name}["schemas"]'
                      f"[{json.dumps(names[code])}] = {wrong};")  # fmt: skip
    (tmp_path / "check.ts").write_text("\n".join(checks) + "\n", encoding="utf-8")
    config = {"compilerOptions": {"strict": True, "noEmit": True, "target": "es2022", "module": "nodenext",
                                  "moduleResolution": "nodenext", "skipLibCheck": True, "types": []},
              "files": ["check.ts"]}  # fmt: skip
    (tmp_path / "tsconfig.json").write_text(json.dumps(config), encoding="utf-8")
    (tmp_path / "package.json").write_text('{"type": "module"}', encoding="utf-8")
    tsc = OPENAPI_TOOLS / "node_modules" / "typescript" / "bin" / "tsc"
    done = harness.run([harness.tool("node"), str(tsc), "-p", "tsconfig.json"], cwd=tmp_path)
    assert done.returncode == 0, (done.stdout + done.stderr)[-4000:]


def test_datamodel_code_generator_models_read_the_problem_documents(
    catalogs: dict[str, Catalog], tmp_path: Path
) -> None:
    if importlib.util.find_spec("datamodel_code_generator") is None:
        unavailable("datamodel-code-generator is not installed (pip install -c tests/constraints.txt -e '.[test]')")
    for name in CATALOGS:
        models = tmp_path / f"{name}_problems.py"
        source = write_openapi(catalogs[name], tmp_path)
        cmd = [sys.executable, "-m", "datamodel_code_generator", "--input", str(source),
               "--input-file-type", "openapi", "--output-model-type", "pydantic_v2.BaseModel", "--output",
               str(models), "--disable-timestamp", "--formatters", "black", "isort"]  # fmt: skip
        done = subprocess.run(cmd, capture_output=True, text=True, check=False, cwd=tmp_path)
        assert done.returncode == 0, done.stdout + done.stderr
        spec = importlib.util.spec_from_file_location(f"{name}_problems", models)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module  # pydantic resolves the module's annotations through it
        spec.loader.exec_module(module)
        for code, doc in problems(name):
            model = _model_for(module, catalogs[name].channels.codes[code].problem_type)
            model.model_validate(doc)
            with pytest.raises(ValueError, match="status"):
                model.model_validate({**doc, "status": 599})


def _model_for(module: Any, uri: str) -> Any:
    """The generated pydantic model whose ``type`` is the literal `uri`."""
    from pydantic import BaseModel

    for value in vars(module).values():
        if isinstance(value, type) and issubclass(value, BaseModel) and "type" in value.model_fields:
            annotation = value.model_fields["type"].annotation
            if uri in typing.get_args(annotation) or annotation == typing.Literal[uri]:
                return value
    raise AssertionError(f"no generated model has type {uri!r}")


def test_reasons_list_every_code_under_its_reason_once(catalogs: dict[str, Catalog]) -> None:
    for name in CATALOGS:
        catalog = catalogs[name]
        doc = reasons.reasons_document(catalog)
        [domain] = doc["domains"]
        assert domain["domain"] == catalog.channels.domain
        assert [r["code"] for r in domain["reasons"]] == list(catalog.codes)
        statuses = [json.loads(v["expect"]) for v in vectors.read(name) if v["case"]["op"] == "status"
                    and "code" in v["case"]]  # fmt: skip
        written = {d["reason"] for s in statuses for d in s["details"] if d["@type"].endswith("ErrorInfo")}
        assert written <= {r["reason"] for r in domain["reasons"]}


@pytest.mark.parametrize("name", CATALOGS)
def test_a_derived_type_uri_resolves_to_its_codes_anchor_in_the_docs(catalogs: dict[str, Catalog], name: str) -> None:
    """The type URI's fragment (the code id, percent-encoded after the problem base) is an anchor of the Markdown."""
    import cmarkgfm
    from cmarkgfm.cmark import Options

    from errgen.targets.markdown import target as markdown

    catalog = catalogs[name]
    text = markdown.render_document(catalog)
    page = cmarkgfm.github_flavored_markdown_to_html(text, options=Options.CMARK_OPT_UNSAFE)
    ids = {html.unescape(i) for i in re.findall(r'<a id="([^"]*)"></a>', page)}
    base = catalog.channels.problem_base
    derived = [c for c in catalog.channels.codes.values() if c.problem_type.startswith(base)]
    assert derived
    for ch in derived:
        anchor = unquote(ch.problem_type[len(base) :])
        assert anchor in ids, (ch.problem_type, sorted(ids)[:5])

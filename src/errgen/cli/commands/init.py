"""``errgen init``: scaffold a catalog and ``[tool.errgen]`` that build and lint clean at once."""

from __future__ import annotations

import json
import re
from pathlib import Path

import click

from errgen.cli.commands.common import CONTEXT, fail

CATALOG = """\
# yaml-language-server: $schema=catalog.schema.json
# The error catalog of {name}: edit it, then run `errgen build`.
# `errgen explain CODE` shows a code; `errgen lint` checks the catalog.
errgen: 1
catalog:
  name: {name}
  version: 0.1.0
  title: {title} tool errors
  description: >-
    The errors the {name} tools return. Each code is a stable string clients switch on;
    repair fields are present only when they apply.

# Repair fields: declared once with a type, listed per code.
fields:
  field:
    type: string
    description: The input argument the error is about.
  allowed:
    type: array
    items: string
    description: The values the argument may take.

# Kinds group codes by retry semantics; policies name kinds that stop an agent loop.
kinds:
  Validation:
    retryable: false
    description: The caller sent bad input and can fix it.
  Transient:
    retryable: true
    description: Likely to succeed on retry.
    max_attempts: 3
    initial_backoff_ms: 200
  Internal:
    retryable: false
    description: Anything unclassified.
default_kind: Internal

policies:
  operator_safe:
    terminate_on: [Internal]
    description: Stop the agent loop on failures the model cannot influence.

codes:
  invalid_input:
    title: Invalid input
    when: An argument is malformed or outside the allowed set.
    message: "argument '{{field}}' is malformed or outside the allowed set"
    kind: Validation
    http_status: 400
    recoverable: yes
    next_action: Fix the argument to one of the listed allowed values and call again.
    ui_meaning: this argument is invalid — pick one of the listed values
    fields:
      required: [field]
      optional: [allowed]
    examples:
      - {{field: unit, allowed: [kg, lb]}}
  unavailable:
    title: Temporarily unavailable
    when: A dependency is down or overloaded.
    message: the service is temporarily unavailable
    kind: Transient
    http_status: 503
    retriable: yes
    recoverable: yes
    next_action: Retry with back-off.
    ui_meaning: busy — try again in a moment
    examples: [{{}}]
  internal_error:
    title: Internal error
    when: An unexpected failure inside the server.
    message: an internal error occurred
    kind: Internal
    http_status: 500
    next_action: Report the failure with its provenance stamp.
    ui_meaning: something went wrong on our side
    examples: [{{}}]

# Lifecycle: never delete a code. Deprecate it first
#   deprecated: {{since: 0.2.0, replaced_by: other_code}}
# then move it here so its id is never reused:
# retired:
#   old_code: {{since: 0.3.0, reason: merged into other_code, replaced_by: other_code}}
"""

CONFIG = """
[tool.errgen]
catalogs = ["{catalog}"]
out = "generated"
# targets = ["catalog", "jsonschema", "markdown", "python", "typescript", "packs"]
# templates = "errgen-templates"   # overrides built-in templates; custom/*.jinja add files

# [tool.errgen.python]
# module = "{name}_errors"

# [tool.errgen.typescript]
# import_extension = ".js"   # "" for bundlers

# [tool.errgen.docs]
# files = ["README.md"]      # errgen docs inject

# [tool.errgen.lint]
# disable = []               # errgen lint --list-rules
"""

_NAME = re.compile(r"^[a-z][a-z0-9_-]{0,63}$")


def default_name(folder: Path) -> str:
    """A valid catalog name derived from a folder name (``My Server`` → ``my_server``)."""
    name = re.sub(r"[^a-z0-9_-]+", "_", folder.resolve().name.lower()).strip("_-")
    name = re.sub(r"^[^a-z]+", "", name)[:64]
    return name if _NAME.match(name) else "errors"


def _check_name(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    if value is not None and not _NAME.match(value):
        raise click.BadParameter("use lowercase letters, digits, '_' or '-', starting with a letter (max 64)")
    return value


@click.command("init", context_settings=CONTEXT)
@click.argument("folder", default=".", type=click.Path(file_okay=False, path_type=Path))
@click.option("--name", callback=_check_name, help="Catalog name (module and folder stem).  [default: FOLDER's name]")
@click.option("--force", is_flag=True, help="Overwrite an existing catalog file.")
def command(folder: Path, name: str | None, force: bool) -> None:
    """Create catalog/NAME.yaml and [tool.errgen] in FOLDER's pyproject.toml; `errgen build` then works."""
    name = name or default_name(folder)
    catalog = folder / "catalog" / f"{name}.yaml"
    if catalog.exists() and not force:
        fail(f"{catalog} already exists; pass --force to overwrite it")
    pyproject = folder / "pyproject.toml"
    existing = pyproject.read_text(encoding="utf-8") if pyproject.is_file() else None
    configured = existing is not None and re.search(r"^\[tool\.errgen(\.|\])", existing, re.M) is not None
    catalog.parent.mkdir(parents=True, exist_ok=True)
    title = name.replace("_", " ").replace("-", " ").title()
    catalog.write_text(CATALOG.format(name=name, title=title), encoding="utf-8")
    click.echo(f"created: {catalog}")
    schema = catalog.parent / "catalog.schema.json"
    if not schema.exists():
        from errgen.catalog.catalog_schema import SCHEMA

        schema.write_text(json.dumps(SCHEMA, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        click.echo(f"created: {schema} (editor completion; refresh with `errgen schema`)")
    if configured:
        click.echo(f"kept:    {pyproject} (it already has [tool.errgen]; add catalog/{name}.yaml to its catalogs)")
    else:
        config = CONFIG.format(catalog=f"catalog/{name}.yaml", name=name)
        prefix = "" if existing is None else existing + ("" if existing.endswith("\n") else "\n")
        pyproject.write_text(prefix + config.lstrip("\n") if existing is None else prefix + config, encoding="utf-8")
        click.echo(f"{'updated' if existing is not None else 'created'}: {pyproject} ([tool.errgen])")
    click.echo("next:    errgen build && errgen lint && errgen explain invalid_input")

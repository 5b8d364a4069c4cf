"""Synthetic catalogs for the benchmark, and the equivalent JSON Schema for the peers.

`catalog(n)` is an errgen catalog of `n` codes shaped like the shipped ones: a
message template with placeholders, 2–3 repair fields (required, then optional)
of every wire type, a kind with retry semantics, an HTTP status, 1–2 examples and
now and then long-form docs. `peer_schema(n)` describes the same payloads as
JSON Schema draft-07 the way a hand-written contract would: one object schema per
code in ``definitions``, their union as ``oneOf`` at the root. Output is
deterministic (a fixed seed), so every run measures the same input.

    python bench/synth.py --codes 1000 --out bench/out/1000   # synth.yaml + synth.schema.json
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
from pathlib import Path
from typing import Any

import yaml

NAME = "synth"
SEED = 20240611
PYPROJECT = '[tool.errgen]\ncatalogs = ["synth.yaml"]\nout = "generated"\n'

# name: (type, items, description)
FIELDS: dict[str, tuple[str, str | None, str]] = {
    "field": ("string", None, "The input argument the error is about."),
    "allowed": ("array", "string", "The values the argument may take."),
    "required": ("array", "string", "The inputs that must be supplied."),
    "range": ("range", None, "The inclusive bounds the value must lie within."),
    "status": ("integer", None, "The upstream HTTP status."),
    "limit": ("number", None, "The limit that was exceeded."),
    "path": ("string", None, "The resource path, relative to the workspace."),
    "resource": ("string", None, "The resource id."),
    "retry_after_ms": ("integer", None, "How long to wait before retrying, in milliseconds."),
    "enabled": ("boolean", None, "Whether the feature is enabled for this account."),
    "details": ("object", None, "Structured details for diagnostics."),
    "original": ("any", None, "The upstream failure in sanitized form."),
}

KINDS: dict[str, dict[str, Any]] = {
    "Transient": {"retryable": True, "max_attempts": 3, "initial_backoff_ms": 200,
                  "description": "Network, TLS, DNS and 5xx failures; likely to succeed on retry."},
    "RateLimit": {"retryable": True, "max_attempts": 3, "initial_backoff_ms": 1000,
                  "description": "Too many requests; wait the advertised time and retry."},
    "Auth": {"retryable": False, "description": "Credentials are missing or insufficient."},
    "Validation": {"retryable": False, "description": "The caller can fix its input."},
    "Permanent": {"retryable": False, "description": "The request will not succeed as sent."},
    "Internal": {"retryable": False, "description": "Anything unclassified: the catch-all."},
}  # fmt: skip

DOMAINS = ("widget", "invoice", "report", "user", "file", "job", "query", "token", "upload", "sheet", "cell", "model")
PROBLEMS: dict[str, tuple[str, int]] = {  # problem: (kind, http status)
    "not_found": ("Permanent", 404),
    "invalid": ("Validation", 400),
    "conflict": ("Permanent", 409),
    "expired": ("Auth", 401),
    "forbidden": ("Auth", 403),
    "too_large": ("Validation", 413),
    "rate_limited": ("RateLimit", 429),
    "unavailable": ("Transient", 503),
    "timed_out": ("Transient", 504),
    "corrupt": ("Internal", 500),
}


def _pascal(wire: str) -> str:
    return "".join(part[:1].upper() + part[1:] for part in wire.split("_"))


def _value(rng: random.Random, type_: str, index: int) -> Any:
    """An example value of a field type."""
    values: dict[str, Any] = {
        "string": f"value-{index}",
        "array": [f"opt{index}a", f"opt{index}b"],
        "range": {"min": 0, "max": 10 + index % 990},
        "integer": rng.choice((400, 404, 409, 429, 500, 503)),
        "number": round(rng.uniform(1, 100), 2),
        "boolean": rng.random() < 0.5,
        "object": {"hint": f"check item {index}", "attempt": index % 7},
        "any": {"status": 500, "body": {"error": f"upstream failure {index}"}},
    }
    return values[type_]


def _code(rng: random.Random, index: int) -> tuple[str, dict[str, Any]]:
    """The wire id and catalog entry of code number `index`."""
    domain = DOMAINS[index % len(DOMAINS)]
    problem = list(PROBLEMS)[(index // len(DOMAINS)) % len(PROBLEMS)]
    kind, status = PROBLEMS[problem]
    wire = f"{domain}_{problem}_{index:05d}"
    chosen = rng.sample(sorted(FIELDS), rng.choice((2, 3)))
    required, optional = chosen[:2], chosen[2:]
    words = problem.replace("_", " ")
    values = {name: _value(rng, FIELDS[name][0], index) for name in chosen}
    entry: dict[str, Any] = {
        "title": f"{_pascal(domain)} {words} #{index}",
        "when": f"The {domain} named in the call is {words} (case {index}).",
        "message": f"{domain} '{{{required[0]}}}' is {words}; see {{{required[1]}}}",
        "kind": kind,
        "retriable": "yes" if KINDS[kind]["retryable"] else "no",
        "recoverable": "yes" if kind == "Validation" else "sometimes",
        "next_action": f"Fix the {domain} and call again." if kind == "Validation" else "Retry later or escalate.",
        "ui_meaning": f"the {domain} is {words}",
        "http_status": status,
        "fields": {"required": required, **({"optional": optional} if optional else {})},
        "examples": [{name: values[name] for name in required}]
        + ([{name: values[name] for name in chosen}] if optional else []),
    }
    if index % 10 == 0:
        entry["docs"] = f"Raised when the {domain} is {words}.\n\nSee `{required[0]}` for the offending input.\n"
    return wire, entry


def _codes(n: int) -> dict[str, dict[str, Any]]:
    rng = random.Random(SEED)
    return dict(_code(rng, i) for i in range(1, n + 1))


def catalog(n: int) -> dict[str, Any]:
    """An errgen catalog of `n` codes."""
    return {
        "errgen": 1,
        "catalog": {"name": NAME, "version": "1.0.0", "title": f"Synthetic catalog of {n} codes",
                    "description": "Generated by bench/synth.py for the errgen benchmark.", "prefix": "SYN"},
        "fields": {name: {"type": t, **({"items": items} if items else {}), "description": d}
                   for name, (t, items, d) in FIELDS.items()},
        "kinds": KINDS,
        "default_kind": "Internal",
        "policies": {"operator_safe": {"terminate_on": ["Auth", "Permanent"], "description": "Stop on these."}},
        "classification": {"http": [{"status": 429, "kind": "RateLimit"}, {"status": [401, 403], "kind": "Auth"},
                                    {"status": "5xx", "kind": "Transient"}, {"status": "4xx", "kind": "Permanent"}]},
        "codes": _codes(n),
    }  # fmt: skip


def _field_schema(name: str) -> dict[str, Any]:
    type_, items, description = FIELDS[name]
    schemas: dict[str, dict[str, Any]] = {
        "array": {"type": "array", "items": {"type": items or "string"}},
        "range": {"type": "object", "properties": {"min": {"type": "number"}, "max": {"type": "number"}},
                  "minProperties": 1, "additionalProperties": False},
        "any": {},
    }  # fmt: skip
    return {**schemas.get(type_, {"type": type_}), "description": description}


def _code_schema(wire: str, entry: dict[str, Any]) -> dict[str, Any]:
    fields = entry["fields"]
    names = [*fields["required"], *fields.get("optional", [])]
    return {
        "title": f"{_pascal(wire)}Error",
        "description": entry["when"],
        "type": "object",
        "properties": {
            "code": {"const": wire},
            "message": {"type": "string", "minLength": 1},
            **{name: _field_schema(name) for name in names},
            "provenance": {"$ref": "#/definitions/Provenance"},
        },
        "required": ["code", "message", *fields["required"], "provenance"],
        "additionalProperties": False,
    }


def peer_schema(n: int) -> dict[str, Any]:
    """JSON Schema (draft-07) of the payloads of `catalog(n)`: one definition per code, ``oneOf`` at the root."""
    codes = _codes(n)
    definitions = {
        "Provenance": {
            "title": "Provenance",
            "type": "object",
            "properties": {name: {"type": "string"} for name in ("catalog", "version", "fingerprint")},
            "required": ["catalog", "version", "fingerprint"],
            "additionalProperties": False,
        },
        **{f"{_pascal(wire)}Error": _code_schema(wire, entry) for wire, entry in codes.items()},
    }
    return {
        "$schema": "http://json-schema.org/draft-07/schema#",
        "title": "SynthError",
        "description": f"Payloads of the {n} synthetic error codes.",
        "oneOf": [{"$ref": f"#/definitions/{_pascal(wire)}Error"} for wire in codes],
        "definitions": definitions,
    }


class _Dumper(yaml.SafeDumper):
    """Write every value out in full, as a person would (no ``&id001`` anchors)."""

    def ignore_aliases(self, data: Any) -> bool:
        return True


def write(n: int, out: Path) -> tuple[Path, Path]:
    """Write ``synth.yaml`` and ``synth.schema.json`` of `n` codes into `out`; return their paths."""
    out.mkdir(parents=True, exist_ok=True)
    catalog_path, schema_path = out / f"{NAME}.yaml", out / f"{NAME}.schema.json"
    text = yaml.dump(catalog(n), Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=1000)
    catalog_path.write_text(f"# Generated by bench/synth.py ({n} codes).\n{text}", encoding="utf-8")
    schema_path.write_text(json.dumps(peer_schema(n), indent=2) + "\n", encoding="utf-8")
    return catalog_path, schema_path


def project(folder: Path, catalog: Path) -> Path:
    """A fresh errgen project: pyproject.toml + synth.yaml, no output, no black cache."""
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    (folder / "pyproject.toml").write_text(PYPROJECT, encoding="utf-8")
    shutil.copy(catalog, folder / "synth.yaml")
    return folder


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--codes", type=int, required=True, help="number of codes")
    parser.add_argument("--out", type=Path, required=True, help="folder for synth.yaml and synth.schema.json")
    args = parser.parse_args()
    for path in write(args.codes, args.out):
        print(path)


if __name__ == "__main__":
    main()

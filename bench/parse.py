"""Reading an error back, beside each language's plain decoder into the same shapes: time and instructions.

    python bench/parse.py                     # synthetic 100 and 1,000 codes + the shipped catalogs, 4 languages
    python bench/parse.py --write             # … and the "Parsing" section of docs/performance.md
    python bench/parse.py --from bench/out/parse/results.json --write   # measure nothing, rewrite the section
    python bench/parse.py --catalogs synth-1000 --languages rust,go --rounds 5 --no-count

The inputs are every example of every tool-channel code of a catalog (the payloads
`bench/probe_python.py` builds, `docs/runtime-contract.md` §1), each also as the MCP
`CallToolResult` JSON text the generated Python package's `to_result` writes for it. Each language
reads them two ways, the generated parser beside the language's plain tool decoding into the same
shapes, in one process, interleaved round by round (median of the rounds, CPU time):

- Rust (`parse.rs` driver): `parse_result_bytes(text)` vs `serde_json::from_slice` into a result
  struct whose `structuredContent` is a derived internally tagged enum (`#[serde(tag = "code")]`,
  one struct per code with the payload's members, written here); `parse_error(&Json::from(&value))`
  vs `Enum::deserialize(&value)` from the same `serde_json::Value`; and `parse_error` of a
  runtime `Json` decoded beforehand.
- Go (`main.go` driver): `ParseResult(text)` vs `json.Unmarshal` of the result with
  `structuredContent` as `json.RawMessage`, then the code, then a switch on it and
  `json.Unmarshal` into the generated struct of that code; `Parse(payload text)` vs the same from
  the payload; `ParseValue(map[string]any)` (what `encoding/json` gives an SDK's `any`) vs
  `json.Marshal` then the same.
- TypeScript (`runner.mjs` driver, node): `parseResult(JSON.parse(text))` vs `JSON.parse` then
  zod's `safeParse` of a result schema over the generated zod file's `CatalogErrorSchema`;
  `parseError(value)` vs `CatalogErrorSchema.safeParse(value)`.
- Python: `bench/probe_python.py` (`parse_error` vs datamodel-code-generator's models under a
  pydantic `TypeAdapter`, on the synthetic catalogs), each in a fresh process, and `bench/instr.py`.

Where valgrind is installed, machine instructions per input of each side (cachegrind: a run of
2 warm passes and a run of 2 + N, the difference over N passes) are counted too: they do not move
with the other work on a shared machine. The target (issue 27) is parse ≤ 1.5× the plain decode.
Builds go to bench/out/parse/ (cargo and go offline: their caches must hold serde and serde_json;
node uses tests/ts/node_modules for tsc and zod).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(BENCH))

import instr  # noqa: E402
import synth  # noqa: E402
from probe_python import payloads  # noqa: E402

from errgen.catalog.compiler import compile_catalog  # noqa: E402
from errgen.catalog.diagnostics import Diagnostics  # noqa: E402
from errgen.catalog.load import load_catalog  # noqa: E402
from errgen.catalog.model import Catalog  # noqa: E402
from errgen.targets.go.names import go_names  # noqa: E402

OUT = BENCH / "out" / "parse"
DRIVERS = BENCH / "parse"
DOC = ROOT / "docs" / "performance.md"
BEGIN, END = "<!-- parse:begin -->", "<!-- parse:end -->"
SHIPPED = ("napkin", "workbook", "filetools")
SIZES = (100, 1000)
LANGUAGES = ("rust", "go", "typescript", "python")
TARGET = 1.5  # parse ≤ 1.5 × the plain decode (issue 27)
ROUNDS = 9
WARM, MORE = 2, 3  # instruction counts: passes before, passes counted
RUST_DEPENDENCIES = """serde = { version = "1.0.200", features = ["derive"] }
serde_json = "1.0.120"
"""


@dataclass(frozen=True)
class Subject:
    """One catalog under test: its generated tree and its inputs."""

    name: str  # synth-100, napkin, …
    tree: Path  # the generated folder (generated/<catalog>/)
    catalog: Catalog
    payloads: list[dict[str, Any]]
    results: list[str]  # the payloads' CallToolResult JSON texts

    @property
    def codes(self) -> list[str]:
        key = self.catalog.envelope.discriminator
        return [p[key] for p in self.payloads]

    def spec(self, rounds: int, sample_s: float) -> dict[str, Any]:
        texts = [json.dumps(p, ensure_ascii=False, separators=(",", ":")) for p in self.payloads]
        return {"payloads": texts, "results": self.results, "codes": self.codes, "rounds": rounds,
                "sample_s": sample_s, "discriminator": self.catalog.envelope.discriminator}  # fmt: skip


# -- the catalogs and their inputs ------------------------------------------------------------


def compiled(path: Path) -> Catalog:
    diags = Diagnostics()
    doc = load_catalog(path, path.name, diags)
    catalog = compile_catalog(doc, diags) if doc is not None else None
    if catalog is None:
        raise SystemExit(f"{path} does not compile:\n" + "\n".join(d.format() for d in diags.items))
    return catalog


def subject(name: str) -> Subject:
    """Build (synthetic) or take (shipped, as committed) the generated tree of `name`; its inputs."""
    if name.startswith("synth-"):
        folder = OUT / name
        source, _ = synth.write(int(name.removeprefix("synth-")), OUT / "input" / name)
        if not (folder / "pyproject.toml").exists():
            synth.project(folder, source)
        shutil.copy(source, folder / "synth.yaml")
        _run([sys.executable, "-m", "errgen", "build"], cwd=folder)
        path, tree = folder / "synth.yaml", folder / "generated" / synth.NAME
    else:
        path, tree = ROOT / "catalog" / f"{name}.yaml", ROOT / "generated" / name
    catalog = compiled(path)
    items = wire_payloads(tree / "catalog.json")
    return Subject(name, tree, catalog, items, results(tree, items))


def wire_payloads(catalog_json: Path) -> list[dict[str, Any]]:
    """`probe_python.payloads`, keyed as the catalog's wire is: its discriminator, its fields' wire keys."""
    data = json.loads(catalog_json.read_text(encoding="utf-8"))
    key = data["envelope"]["discriminator"]
    wire = {f["name"]: f["key"] for f in data["fields"]}
    out = []
    for payload in payloads(catalog_json):
        code = payload.pop("code")
        out.append({key: code, **{wire.get(name, name): value for name, value in payload.items()}})
    return out


RESULTS = """
import json, sys
sys.path.insert(0, sys.argv[1])
module = __import__(sys.argv[2])
out = []
for payload in json.load(sys.stdin):
    error = module.parse_error(payload)
    assert type(error).__name__ != "UnknownCode", (payload, error)
    out.append(json.dumps(error.to_result(), ensure_ascii=False, separators=(",", ":")))
print(json.dumps(out))
"""


def results(tree: Path, items: list[dict[str, Any]]) -> list[str]:
    """Each payload's CallToolResult as the generated Python package writes it (`to_result`)."""
    package = next((tree / "python").glob("*/__init__.py")).parent
    done = subprocess.run([sys.executable, "-c", RESULTS, str(package.parent), package.name], input=json.dumps(items),
                          capture_output=True, text=True, check=False)  # fmt: skip
    if done.returncode != 0:
        raise SystemExit(f"writing the results failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout)  # type: ignore[no-any-return]


# -- the plain decoders of one catalog ------------------------------------------------------------

RUST_TYPES = {"string": "String", "integer": "i64", "number": "f64", "boolean": "bool", "range": "Range",
              "object": "serde_json::Map<String, serde_json::Value>", "any": "serde_json::Value"}  # fmt: skip


def _rust_type(type_: str, items: str | None) -> str:
    return f"Vec<{RUST_TYPES[items or 'string']}>" if type_ == "array" else RUST_TYPES[type_]


def _lit(text: str) -> str:
    """A Rust, Go or JavaScript string literal (the names here are printable)."""
    return json.dumps(text, ensure_ascii=False)


def rust_plain(s: Subject) -> str:
    """`plain.rs`: the payload of every code as a struct, their internally tagged enum, the result."""
    env = s.catalog.envelope
    codes = list(dict.fromkeys(s.codes))
    lines = ["// Written by bench/parse.py: the plain serde shapes of the catalog's payloads.",
             "#![allow(dead_code)]", "use serde::Deserialize;", "",
             "#[derive(Deserialize)]", "pub struct Provenance { pub catalog: String, pub version: String, "
             "pub fingerprint: String }", "",
             "#[derive(Deserialize)]", "pub struct Range { #[serde(default)] pub min: Option<f64>, "
             "#[serde(default)] pub max: Option<f64> }", ""]  # fmt: skip
    for index, cid in enumerate(codes):
        code = s.catalog.codes[cid]
        members = ["    pub message: String,"]
        if env.retriable is not None:
            members.append(f"    #[serde(rename = {_lit(env.retriable.key)}, default)] pub retriable: bool,")
        for i, text in enumerate(env.texts):
            members.append(f"    #[serde(rename = {_lit(text.key)}, default)] pub t{i}: Option<String>,")
        for i, field in enumerate(_fields(s, cid)):
            type_ = _rust_type(field.type.name, field.type.items)
            if field.name in code.optional:
                type_ = f"Option<{type_}>"
            attr = f"rename = {_lit(field.wire)}" + (", default" if field.name in code.optional else "")
            members.append(f"    #[serde({attr})] pub f{i}: {type_},")
        if env.provenance_mode.value == "required":
            members.append("    pub provenance: Provenance,")
        elif env.provenance_mode.value == "optional":
            members.append("    #[serde(default)] pub provenance: Option<Provenance>,")
        if env.mirror_is_error:
            members.append('    #[serde(rename = "isError")] pub is_error: bool,')
        lines += ["#[derive(Deserialize)]", f"pub struct P{index} {{", *members, "}", ""]
    variants = [f"    #[serde(rename = {_lit(cid)})] C{i}(P{i})," for i, cid in enumerate(codes)]
    arms = [f"            Plain::C{i}(_) => {_lit(cid)}," for i, cid in enumerate(codes)]
    lines += ["#[derive(Deserialize)]", f"#[serde(tag = {_lit(env.discriminator)})]", "pub enum Plain {", *variants,
              "}", "", "impl Plain {", "    pub fn code(&self) -> &'static str {", "        match self {", *arms,
              "        }", "    }", "}", "",
              "#[derive(Deserialize)]", "pub struct Block { #[serde(rename = \"type\")] pub kind: String, "
              "pub text: String }", "",
              "#[derive(Deserialize)]", "pub struct PlainResult {",
              '    #[serde(rename = "isError", default)] pub is_error: bool,', "    pub content: Vec<Block>,",
              '    #[serde(rename = "structuredContent")] pub structured: Plain,', "}", ""]  # fmt: skip
    return "\n".join(lines)


def _fields(s: Subject, cid: str) -> list[Any]:
    code = s.catalog.codes[cid]
    return [s.catalog.fields[name] for name in (*code.required, *code.optional)]


def go_plain(s: Subject) -> str:
    """`plain.go`: the code, then a switch on it and `json.Unmarshal` into the generated struct."""
    names = go_names(s.catalog)
    key = s.catalog.envelope.discriminator
    cases = []
    for cid in dict.fromkeys(s.codes):
        type_ = names.codes[cid].type
        cases += [f"\tcase {_lit(cid)}:", f"\t\tvar e generated.{type_}", "\t\treturn &e, json.Unmarshal(data, &e)"]
    return "\n".join([
        "// Written by bench/parse.py: encoding/json into the generated struct of the payload's code.",
        "package main", "", "import (", '\t"encoding/json"', '\t"errors"', "",
        f'\tgenerated "{_go_module(s)}"', ")", "",
        "// plainPayload decodes the code, then the payload into the struct of that code.",
        "func plainPayload(data []byte) (any, error) {",
        f"\tvar head struct {{\n\t\tCode string `json:{_lit(key)}`\n\t}}",
        "\tif err := json.Unmarshal(data, &head); err != nil {", "\t\treturn nil, err", "\t}",
        "\tswitch head.Code {", *cases, "\t}", '\treturn nil, errors.New("unknown code " + head.Code)', "}", "",
    ])  # fmt: skip


def _go_module(s: Subject) -> str:
    go_mod = (s.tree / "go" / "go.mod").read_text(encoding="utf-8")
    return next(line.split()[1] for line in go_mod.splitlines() if line.startswith("module "))


# -- building and running the drivers -------------------------------------------------------------


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")
    return path


def _run(command: list[str], cwd: Path = ROOT, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=False,
                          env={**os.environ, **(env or {})})  # fmt: skip
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command[:4])} … failed:\n{done.stdout[-3000:]}{done.stderr[-3000:]}")
    return done.stdout


def build_rust(s: Subject) -> list[str]:
    """The Rust driver of `s`, built in release mode; its command."""
    folder = OUT / "rust" / s.name
    crate = s.tree / "rust"
    package = next(line.split('"')[1] for line in (crate / "Cargo.toml").read_text().splitlines()
                   if line.startswith("name = "))  # fmt: skip
    _write(folder / "Cargo.toml", f'[package]\nname = "parse-{s.name}"\nversion = "0.0.0"\nedition = "2021"\n'
           'publish = false\n\n[workspace]\n\n[profile.release]\ndebug = "line-tables-only"\n\n[dependencies]\n'
           f'generated = {{ package = "{package}", path = "{crate}" }}\n{RUST_DEPENDENCIES}')  # fmt: skip
    _write(folder / "src" / "main.rs", (DRIVERS / "main.rs").read_text(encoding="utf-8"))
    _write(folder / "src" / "plain.rs", rust_plain(s))
    target = OUT / "rust" / "target"
    _run(["cargo", "build", "--release", "--quiet", "--offline"], cwd=folder, env={"CARGO_TARGET_DIR": str(target)})
    return [str(target / "release" / f"parse-{s.name}")]


def build_go(s: Subject) -> list[str]:
    """The Go driver of `s` (its module replaced by the generated folder); its command."""
    folder = OUT / "go" / s.name
    module = _go_module(s)
    _write(folder / "go.mod", f"module errgen.bench/parse\n\ngo 1.25\n\nrequire {module} v0.0.0\n\n"
           f"replace {module} => {s.tree / 'go'}\n")  # fmt: skip
    main = (DRIVERS / "main.go").read_text(encoding="utf-8").replace("errgen.bench/parse/generated", module)
    _write(folder / "main.go", main)
    _write(folder / "plain.go", go_plain(s))
    binary = folder / "parsebench"
    _run(["go", "build", "-o", str(binary), "."], cwd=folder, env={"GOWORK": "off", "GOFLAGS": "-mod=mod"})
    return [str(binary)]


def build_typescript(s: Subject) -> list[str]:
    """The generated TypeScript of `s` compiled by tsc (tests/ts/node_modules) beside the node driver; its command."""
    folder = OUT / "typescript" / s.name
    modules = ROOT / "tests" / "ts" / "node_modules"
    sources = sorted(p for p in (s.tree / "ts").glob("*.ts") if ".mcp" not in p.name)  # not the SDK adapters
    for source in sources:
        _write(folder / "src" / source.name, source.read_text(encoding="utf-8"))
    _write(folder / "package.json", '{"type": "module"}\n')
    _write(folder / "runner.mjs", (DRIVERS / "runner.mjs").read_text(encoding="utf-8"))
    link = folder / "node_modules"
    if not link.exists():
        link.symlink_to(modules)
    _run([str(modules / ".bin" / "tsc"), "--target", "es2022", "--module", "nodenext", "--moduleResolution", "nodenext",
          "--skipLibCheck", "--outDir", str(folder / "js"), *(str(folder / "src" / p.name) for p in sources)],
         cwd=folder)  # fmt: skip
    catalog = next(p for p in sources if p.name.endswith("-errors.ts") and not p.name.startswith("errgen-"))
    zod = next(p for p in sources if p.name.endswith(".zod.ts"))
    js = [str(folder / "js" / p.name.replace(".ts", ".js")) for p in (catalog, zod)]
    return ["node", str(folder / "runner.mjs"), *js]


BUILDERS = {"rust": build_rust, "go": build_go, "typescript": build_typescript}


def drive(command: list[str], spec: dict[str, Any], *args: str, env: dict[str, str] | None = None) -> Any:
    done = subprocess.run([*command, *args], input=json.dumps(spec), capture_output=True, text=True, check=False,
                          env={**os.environ, **(env or {})})  # fmt: skip
    if done.returncode != 0:
        raise SystemExit(f"{command[0]} {' '.join(args)} failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout) if done.stdout.strip() else None


def summary(entry: dict[str, Any]) -> dict[str, Any]:
    """Median seconds per input of each side, and the median of the rounds' ratios."""
    if entry["typed"] != entry["inputs"] or entry["plain_ok"] != entry["inputs"]:
        raise SystemExit(f"of {entry['inputs']} inputs, errgen typed {entry['typed']}, plain {entry['plain_ok']}")
    ratios = [a / b for a, b in zip(entry["errgen"], entry["plain"], strict=True)]
    return {"us_errgen": statistics.median(entry["errgen"]) * 1e6, "us_plain": statistics.median(entry["plain"]) * 1e6,
            "ratio": statistics.median(ratios), "ratio_low": min(ratios), "ratio_high": max(ratios),
            "typed": entry["typed"], "plain_ok": entry["plain_ok"], "inputs": entry["inputs"]}  # fmt: skip


def count(command: list[str], spec: dict[str, Any], entry: str, side: str, n: int) -> int:
    """Machine instructions per input of one side of `entry` (cachegrind: 2 + MORE passes less 2)."""
    import re

    totals = []
    for passes in (0, MORE):
        cmd = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null", *command,
               "count", entry, side, str(passes)]  # fmt: skip
        done = subprocess.run(cmd, input=json.dumps(spec), capture_output=True, text=True, check=False,
                              env={**os.environ, "GOMAXPROCS": "1"})  # fmt: skip
        found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
        if done.returncode != 0 or found is None:
            raise RuntimeError(f"cachegrind of {command[0]} failed:\n{done.stderr[-2000:]}")
        totals.append(int(found.group(1).replace(",", "")))
    return round((totals[1] - totals[0]) / (MORE * n))


def measure_python(s: Subject, rounds: int, counted: bool) -> dict[str, Any]:
    """`parse_error` beside datamodel-codegen's models under a `TypeAdapter` (`probe_python.py`, `instr.py`)."""
    import peers

    if not s.name.startswith("synth-"):
        return {"error": "the Python peer is measured on the synthetic catalogs (their JSON Schema for the peer)"}
    folder = OUT / "python" / s.name
    schema = OUT / "input" / s.name / f"{synth.NAME}.schema.json"
    peer = folder / "synth_peer.py"
    if not peer.exists():
        _run([str(peers.datamodel_codegen()), "--input", str(schema), "--input-file-type", "jsonschema",
              "--output-model-type", "pydantic_v2.BaseModel", "--output", str(peer)])  # fmt: skip
    package = next((s.tree / "python").glob("*/__init__.py")).parent
    catalog_json = s.tree / "catalog.json"
    probe = [sys.executable, str(BENCH / "probe_python.py")]
    runs: dict[str, list[float]] = {"errgen": [], "plain": []}
    for round_ in range(max(3, rounds // 2)):  # each probe a fresh process: the pair's order swapped every round
        for side in ("errgen", "plain") if round_ % 2 == 0 else ("plain", "errgen"):
            mode, target = ("validate", package) if side == "errgen" else ("peer-validate", peer)
            found = json.loads(_run([*probe, mode, str(target.parent), target.stem, str(catalog_json)]))
            if found["untyped"]:
                raise SystemExit(f"{s.name} python {side}: {found['untyped']} payloads untyped")
            runs[side].append(found["us_parse_error"] if side == "errgen" else found["us_per_payload"])
    ratios = [a / b for a, b in zip(runs["errgen"], runs["plain"], strict=True)]
    n = len(s.payloads)
    out: dict[str, Any] = {"us_errgen": statistics.median(runs["errgen"]), "us_plain": statistics.median(runs["plain"]),
                           "ratio": statistics.median(ratios), "ratio_low": min(ratios), "ratio_high": max(ratios),
                           "typed": n, "plain_ok": n, "inputs": n}  # fmt: skip
    if counted and instr.available():
        mine = instr.per_payload(package.parent, package.name, catalog_json, "parse_error", len(s.payloads))
        theirs = instr.per_payload(peer.parent, peer.stem, catalog_json, "peer", len(s.payloads))
        out |= {"instr_errgen": mine, "instr_plain": theirs, "instr_ratio": mine / theirs}
    return {"payload": out}


def measure_language(language: str, s: Subject, rounds: int, counted: bool) -> dict[str, Any]:
    if language == "python":
        return measure_python(s, rounds, counted)
    command = BUILDERS[language](s)
    spec = s.spec(rounds, 0.1 if language == "typescript" else 0.02)  # longer samples: a GC pause is spread thin
    timed = drive(command, spec, "time")
    out: dict[str, Any] = {entry: summary(data) for entry, data in timed.items()}
    if counted and instr.available() and language != "typescript":  # node's JIT makes its counts meaningless
        small = s.spec(1, 0.02)
        for entry in out:
            sides = {side: count(command, small, entry, side, len(s.payloads)) for side in ("errgen", "plain")}
            out[entry] |= {"instr_errgen": sides["errgen"], "instr_plain": sides["plain"],
                           "instr_ratio": sides["errgen"] / sides["plain"]}  # fmt: skip
    return out


# -- the report ----------------------------------------------------------------------------------

# language, entry, what errgen's side calls, what the plain side does, whether the target judges it
ROWS: tuple[tuple[str, str, str, str, bool], ...] = (
    ("rust", "result", "`parse_result_bytes(text)`",
     "`serde_json::from_slice` into a result struct whose `structuredContent` is a "
     "`#[serde(tag = \"code\")]` enum", True),
    ("rust", "payload_json", "`parse_error(&json)` (a `Json` decoded before)",
     "`Enum::deserialize(&value)` (a `serde_json::Value` decoded before)", True),
    ("rust", "payload", "`parse_error(&Json::from(&value))` (a host holding a `serde_json::Value`)",
     "`Enum::deserialize(&value)`", False),
    ("go", "result", "`ParseResult(text)`",
     "`json.Unmarshal` of the result (`structuredContent` a `json.RawMessage`), the code, a switch, "
     "`json.Unmarshal` into its struct", True),
    ("go", "payload", "`Parse(text)`", "the code, a switch on it, `json.Unmarshal` into its struct", True),
    ("go", "value", "`ParseValue(value)` (a `map[string]any`, as SDKs decode `any`)",
     "`json.Marshal`, then as above", False),
    ("typescript", "result", "`parseResult(JSON.parse(text))`",
     "`JSON.parse`, then zod `safeParse` of a result schema over `CatalogErrorSchema`", True),
    ("typescript", "payload", "`parseError(value)`", "zod `CatalogErrorSchema.safeParse(value)`", True),
    ("python", "payload", "`parse_error(value)`",
     "pydantic `TypeAdapter.validate_python` over datamodel-codegen's models", True),
)  # fmt: skip
LABELS = {"rust": "Rust", "go": "Go", "typescript": "TypeScript (node)", "python": "Python"}


def judged(entry: dict[str, Any]) -> tuple[float, str]:
    """The ratio the target is judged on: instructions where counted (not moved by load), else CPU time."""
    if "instr_ratio" in entry:
        return entry["instr_ratio"], "instructions"
    return entry["ratio"], "time"


def markdown(data: dict[str, Any]) -> str:
    """The section of docs/performance.md, between its markers."""
    names = list(data["catalogs"])
    heads = " | ".join(n.replace("synth-", "synthetic ").replace("1000", "1,000") for n in names)
    rows, verdicts = [], []
    for language, entry, mine, plain, target in ROWS:
        cells = []
        worst = 0.0
        for name in names:
            found = data["catalogs"][name].get(language, {}).get(entry)
            if not found:
                cells.append("—")
                continue
            ratio, basis = judged(found)
            worst = max(worst, ratio)
            time_cell = f"{found['ratio']:.2f}× time ({found['us_errgen']:.2f} / {found['us_plain']:.2f} µs)"
            cells.append(f"**{ratio:.2f}×** " + ("instr.; " + time_cell if basis == "instructions" else time_cell[6:]))
        verdict = ("PASS" if worst <= TARGET else "**FAIL**") if target and worst else "—"
        if target and worst:
            verdicts.append(worst <= TARGET)
        rows.append(f"| {LABELS[language]} | {mine} | {plain} | {' | '.join(cells)} | {verdict} |")
    met = f"**{sum(verdicts)} of {len(verdicts)} entry points meet the target** (parse ≤ {TARGET} × the plain decode)."
    return "\n".join([
        BEGIN, "## Reading errors back, beside plain decoding", "",
        "What a host pays to read an error back through the generated parser, against decoding the same inputs with",
        "the language's plain tool into the same shapes (issue 27): every example of every tool-channel code of a",
        "catalog as a payload, and as the MCP `CallToolResult` JSON text the generated Python package writes for it.",
        "In each language both sides run in one process, interleaved round by round (median of the rounds' ratios,",
        "CPU time); machine instructions per input (valgrind's cachegrind, warm: the difference of two runs) are",
        "counted for Rust, Go and Python, whose counts do not move with the other work on the machine, and judge",
        "the target there (node's JIT makes its counts meaningless: TypeScript is judged on time).",
        "A cell is errgen ÷ plain (below 1: errgen is faster); the synthetic catalogs are `bench/synth.py`'s.", "",
        "```sh illustrative", data["command"], "```", "", met, "",
        f"| language | errgen | plain decode | {heads} | ≤ {TARGET}× |",
        "|---|---|---|" + "---:|" * len(names) + "---|", *rows, "",
        "Rows without a verdict are informative: a Rust host holding a `serde_json::Value` (rmcp) converts it to",
        "the runtime's `Json` first, and a Go host holding a `map[string]any` has no plain decode but a",
        "`json.Marshal` round trip. Every side read every input as its own code (checked each run). The generated",
        "parsers check more than the plain decoders: a non-empty message, the provenance stamp's",
        "`sha256:<64 hex>`, at most 64 levels, closed objects, the integer and string rules of",
        "docs/runtime-contract.md §7; the Rust and Go runtimes read JSON text with their own reader (one meaning",
        "in every language: lone surrogates, duplicate keys, depth), which builds the whole result as a value",
        "where serde borrows its strings from the text.", "",
        f"{data['versions']}, {data['date']}; wall figures from a shared 2-core machine under other work.", END,
    ])  # fmt: skip


def write_section(data: dict[str, Any]) -> None:
    """Put the section in docs/performance.md: in place of the old one, else before "## Machine"."""
    doc = DOC.read_text(encoding="utf-8")
    section = markdown(data)
    if BEGIN in doc:
        doc = doc[: doc.index(BEGIN)] + section + doc[doc.index(END) + len(END) :]
    else:
        doc = doc.replace("## Machine", section + "\n\n## Machine", 1)
    DOC.write_text(doc, encoding="utf-8")


def versions() -> str:
    import platform

    def out(*cmd: str) -> str:
        done = subprocess.run(cmd, capture_output=True, text=True, check=False)
        return (done.stdout or done.stderr).strip().splitlines()[0] if done.returncode == 0 else "?"

    rust = out("rustc", "--version").split()[1] if shutil.which("rustc") else "?"
    go = out("go", "env", "GOVERSION") if shutil.which("go") else "?"
    return f"Python {platform.python_version()}, node {out('node', '--version')}, {go}, Rust {rust}"


def measure(catalogs: list[str], languages: list[str], rounds: int, counted: bool) -> dict[str, Any]:
    """Every language's figures on every catalog."""
    data: dict[str, Any] = {"catalogs": {}}
    for name in catalogs:
        s = subject(name)
        data["catalogs"][name] = {"inputs": len(s.payloads)}
        for language in languages:
            started = time.perf_counter()
            data["catalogs"][name][language] = measure_language(language, s, rounds, counted)
            print(f"parse: {name} {language} ({time.perf_counter() - started:.0f} s): "
                  f"{json.dumps(data['catalogs'][name][language])}", file=sys.stderr)  # fmt: skip
            OUT.mkdir(parents=True, exist_ok=True)  # what is measured so far, in case a later step fails
            (OUT / "results.partial.json").write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    data["date"] = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    data["versions"] = versions()
    return data


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--catalogs", default=",".join([*(f"synth-{n}" for n in SIZES), *SHIPPED]))
    parser.add_argument("--languages", default=",".join(LANGUAGES))
    parser.add_argument("--rounds", type=int, default=ROUNDS, help="interleaved rounds (the median is kept)")
    parser.add_argument("--no-count", action="store_true", help="no instruction counts (valgrind)")
    parser.add_argument("--write", action="store_true", help="write the section of docs/performance.md")
    parser.add_argument("--from", dest="saved", type=Path, help="measure nothing: use a results.json")
    args = parser.parse_args()
    if args.saved:
        data = json.loads(args.saved.read_text(encoding="utf-8"))
    else:
        data = measure(args.catalogs.split(","), args.languages.split(","), args.rounds, not args.no_count)
        data["command"] = "python bench/parse.py" + (" --write" if args.write else "") + (
            f" --rounds {args.rounds}" if args.rounds != ROUNDS else "")  # fmt: skip
        OUT.mkdir(parents=True, exist_ok=True)
        (OUT / "results.json").write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    print(markdown(data))
    if args.write:
        write_section(data)
    return 0


if __name__ == "__main__":
    sys.exit(main())

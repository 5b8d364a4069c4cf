"""The generated sanitizer against real leak shapes: zero leaks in text content and in ``original``.

Home paths on Linux, macOS and Windows; Python, JavaScript and Java stack traces; bearer
tokens; API keys; ``password=…``; cookies. Each shape names the secrets it carries; none
may survive `scrub_text` / `sanitize` in the reference (`errgen.targets.sanitizer.scrub`), the
generated Python or the generated TypeScript (run by node), whether it arrives in a
message value (the result's text content) or in an upstream body (``original``).
Repair fields the server passes explicitly are its own data and are sent as given.
"""

from __future__ import annotations

import json
import subprocess
import warnings
from pathlib import Path
from typing import Any

import pytest
from pytarget_support import forget

from errgen.targets.sanitizer import scrub
from errgen.targets.typescript.codes import code_views

from .hostile_checks import must_compile, render
from .test_hostile_python import import_generated
from .test_hostile_typescript import TS, TSC, _tools

# (name, text, secrets that must not survive)
LEAKS: list[tuple[str, str, tuple[str, ...]]] = [
    ("linux home", "cannot open /home/alice/projects/app/config.yaml: denied", ("alice", "projects/app")),
    ("url password", "connect postgres://app:s3cr3t-pw@db.internal:5432/prod refused", ("s3cr3t-pw",)),
    ("git url password", "clone https://deploy:tok3n.v4lue@git.example.com/r.git failed", ("tok3n.v4lue",)),
    ("linux home quoted", 'open("/home/alice/.netrc") failed', ("alice", ".netrc")),
    ("root home", "read /root/.aws/credentials", (".aws", "credentials")),
    ("macos home", "at /Users/bob/Library/Application Support/Tool/db.sqlite", ("bob", "Library")),
    ("windows home", "C:\\Users\\carol\\AppData\\Roaming\\tool\\token.json not found", ("carol", "AppData")),
    ("windows home, forward slashes", "D:/Users/carol/Documents/secret.txt", ("carol", "secret.txt")),
    ("windows home in JSON text", '{"path": "C:\\\\Users\\\\carol\\\\key.pem"}', ("carol", "key.pem")),
    (
        "python traceback",
        'boom\nTraceback (most recent call last):\n  File "/srv/app/handlers.py", line 42, in charge\n'
        "    raise ValueError(token)\nValueError: tok_4f9a8b7c6d5e",
        ("handlers.py", "tok_4f9a8b7c6d5e", "line 42"),
    ),
    (
        "javascript stack",
        "TypeError: fetch failed\n    at handler (/srv/app/server.js:10:5)\n"
        "    at Module._compile (node:internal/modules/cjs/loader:1256:14)\n    at async Promise.all (index 0)",
        ("server.js", "node:internal", "Promise.all"),
    ),
    (
        "javascript anonymous frame",
        "Error: x\n    at /srv/app/index.js:3:9\n    at new Promise (<anonymous>)",
        ("index.js",),
    ),
    (
        "java stack",
        "java.lang.IllegalStateException: boom\n\tat com.acme.billing.Charge.run(Charge.java:42)\n"
        "\tat com.acme.Main.main(Main.java:7)",
        ("Charge.java", "Main.java", "com.acme"),
    ),
    (
        "bearer header",
        "Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.c2lnbmF0dXJl",
        ("eyJhbGciOiJIUzI1NiJ9", "c2lnbmF0dXJl"),
    ),
    (
        "bearer lowercase in curl",
        'curl -H "authorization: bearer abc123.def456.ghi789" https://api.example.com',
        ("abc123", "def456", "ghi789"),
    ),
    ("basic auth", "Proxy-Authorization: Basic dXNlcjpodW50ZXIy", ("dXNlcjpodW50ZXIy",)),
    ("openai key", "using key sk-proj-AbCdEf0123456789AbCdEf0123456789", ("AbCdEf0123456789",)),
    ("anthropic key", "ANTHROPIC_API_KEY=sk-ant-api03-AbCdEf0123456789-xyz", ("AbCdEf0123456789",)),
    ("github token", "token ghp_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789", ("AbCdEfGhIjKlMnOpQrSt",)),
    (
        "github fine-grained token",
        "push failed for github_pat_11ABCDEFG0123456789_AbCdEfGhIjKlMnOpQrStUvWxYz",
        ("AbCdEfGhIjKlMnOpQrSt",),
    ),
    ("aws access key", "aws_access_key_id AKIAIOSFODNN7EXAMPLE", ("IOSFODNN7EXAMPLE",)),
    ("slack token", "xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx", ("AbCdEfGhIjKlMnOpQrSt",)),
    ("stripe key", "charge failed with sk_live_51HAbCdEfGhIjKlMnOpQrStUv", ("AbCdEfGhIjKlMnOpQrSt",)),
    ("google api key", "https://maps.example.com/api?key=AIzaSyA1b2C3d4E5f6G7h8I9j0KlMnOpQrStUvW", ("AIzaSyA1b2C3d4",)),
    ("api key parameter", "GET /v1/items?api_key=abcd1234efgh5678&page=2", ("abcd1234efgh5678",)),
    ("api key header", "X-API-Key: abcd1234efgh5678", ("abcd1234efgh5678",)),
    ("password assignment", "login failed: password=hunter2", ("hunter2",)),
    ("password colon", "passwd: hunter2", ("hunter2",)),
    ("password in JSON", '{"user": "ann", "password": "hunter2"}', ("hunter2",)),
    ("db password", "DB_PASSWORD=hunter2 psql", ("hunter2",)),
    ("quoted passphrase", 'password = "correct horse battery staple"', ("correct", "horse", "staple")),
    ("client secret", "client_secret: 'Zx9 Yw8'", ("Zx9", "Yw8")),
    ("cookie header", "Cookie: session=abc123def456; theme=dark", ("abc123def456",)),
    ("cookie, secret second", "Cookie: theme=dark; sid=S3cr3tValue99", ("S3cr3tValue99",)),
    ("set-cookie", "Set-Cookie: id=S3cr3tValue99; Path=/; HttpOnly; Secure", ("S3cr3tValue99",)),
]
IDS = [name for name, _, _ in LEAKS]

LEAKY = """\
errgen: 1
catalog: {name: leaky, version: 1.0.0}
fields:
  detail: {type: string}
  status: {type: integer}
  original: {type: any}
codes:
  upstream_failed:
    message: "upstream said: {detail}"
    fields: {optional: [detail, status, original]}
mappings:
  default: upstream_failed
"""


def body_of(text: str) -> dict[str, Any]:
    """An upstream response body carrying the leak in every position a server might echo."""
    return {
        "error": text,
        "details": [text, {"message": text}],
        "headers": {"Authorization": text, "Cookie": text, "x-api-key": text, "X-Trace": text},
        "password": text,
    }


def assert_no_leak(where: str, output: Any, secrets: tuple[str, ...]) -> None:
    text = output if isinstance(output, str) else json.dumps(output, ensure_ascii=False)
    leaked = [s for s in secrets if s in text]
    assert not leaked, f"{where} leaks {leaked}: {text!r}"


@pytest.mark.parametrize(("name", "text", "secrets"), LEAKS, ids=IDS)
def test_reference_sanitizer_leaks_nothing(name: str, text: str, secrets: tuple[str, ...]) -> None:
    assert_no_leak("scrub_text", scrub.scrub_text(text), secrets)
    assert_no_leak("sanitize", scrub.sanitize({"status": 500, "body": body_of(text)}), secrets)


@pytest.fixture(scope="module")
def leaky_files() -> dict[str, str]:
    return render(must_compile(LEAKY), "python", "typescript")


@pytest.fixture(scope="module")
def python_runtime(leaky_files: dict[str, str], tmp_path_factory: pytest.TempPathFactory) -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        module = import_generated(leaky_files, tmp_path_factory.mktemp("leaky-py"))
    yield module
    forget(module.__name__)


@pytest.mark.parametrize(("name", "text", "secrets"), LEAKS, ids=IDS)
def test_generated_python_leaks_nothing(python_runtime: Any, name: str, text: str, secrets: tuple[str, ...]) -> None:
    mod = python_runtime
    assert mod.scrub_text(text) == scrub.scrub_text(text)
    result = mod.build_error("upstream_failed", {"detail": text}).to_result()
    assert_no_leak("text content", [block["text"] for block in result["content"]], secrets)
    assert_no_leak("structuredContent.message", result["structuredContent"]["message"], secrets)
    original = mod.map_http(502, body_of(text)).to_payload()["original"]
    assert original == scrub.sanitize({"status": 502, "body": body_of(text)})
    assert_no_leak("original", original, secrets)


@pytest.fixture(scope="module")
def typescript_outputs(leaky_files: dict[str, str], tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    """What the generated TypeScript makes of every leak, compiled by tsc and run by node."""
    _tools()
    folder = tmp_path_factory.mktemp("leaky-ts")
    (folder / "node_modules").symlink_to(TS / "node_modules", target_is_directory=True)
    (folder / "package.json").write_text('{"type": "module"}\n')
    sources = []
    for rel, text in leaky_files.items():
        if rel.startswith("ts/"):
            (folder / rel).parent.mkdir(parents=True, exist_ok=True)
            (folder / rel).write_text(text, encoding="utf-8")
            sources.append(rel)
    ctor = next(v.ctor for v in code_views(must_compile(LEAKY)))
    leaks = json.dumps([[text, body_of(text)] for _, text, _ in LEAKS])
    (folder / "main.ts").write_text(
        'import * as m from "./ts/leaky-errors.js";\n'
        f"const leaks = JSON.parse({json.dumps(leaks)}) as [string, unknown][];\n"
        "console.log(JSON.stringify(leaks.map(([text, body]) => ({\n"
        "  scrubbed: m.scrubText(text),\n"
        f"  result: m.toResult(m.{ctor}({{ detail: text }})),\n"
        "  original: (m.mapHttp(502, null, body) as { original?: unknown }).original,\n"
        "}))));\n",
        encoding="utf-8",
    )
    options = {"noEmit": False, "outDir": "js", "rootDir": "."}
    config = {
        "extends": str(TS / "tsconfig.json"),
        "compilerOptions": options,
        "files": ["main.ts", *sources],
        "include": [],
    }
    (folder / "tsconfig.json").write_text(json.dumps(config))
    tsc = subprocess.run(
        [str(TSC), "-p", "tsconfig.json"], cwd=folder, capture_output=True, text=True, check=False, timeout=300
    )
    assert tsc.returncode == 0, tsc.stdout[-4000:]
    node = subprocess.run(["node", "js/main.js"], cwd=folder, capture_output=True, text=True, check=False, timeout=120)
    assert node.returncode == 0, node.stderr[-4000:]
    return json.loads(node.stdout)  # type: ignore[no-any-return]


@pytest.mark.parametrize("index", range(len(LEAKS)), ids=IDS)
def test_generated_typescript_leaks_nothing(typescript_outputs: list[dict[str, Any]], index: int) -> None:
    _, text, secrets = LEAKS[index]
    seen = typescript_outputs[index]
    assert seen["scrubbed"] == scrub.scrub_text(text)
    assert_no_leak("text content", [block["text"] for block in seen["result"]["content"]], secrets)
    assert_no_leak("structuredContent.message", seen["result"]["structuredContent"]["message"], secrets)
    assert seen["original"] == scrub.sanitize({"status": 502, "body": body_of(text)})
    assert_no_leak("original", seen["original"], secrets)


def test_every_shape_family_of_the_issue_is_covered() -> None:
    names = " ".join(IDS)
    for family in ("linux", "macos", "windows", "python", "javascript", "java", "bearer", "key", "password", "cookie"):
        assert family in names, family
    assert Path(__file__).name.startswith("test_hostile_")

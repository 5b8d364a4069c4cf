"""Shared helpers of the workflow tests: run the CLI in-process, in a chosen folder.

Case folders (`diff_cases/`, `lint_cases/`, `custom_templates/`) hold inputs and the
exact expected output; `python tests/workflow/regen.py` rewrites the expectations.
"""

from __future__ import annotations

import os
import shlex
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from click.testing import CliRunner, Result

from errgen.cli.main import main

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
DIFF_CASES = HERE / "diff_cases"
LINT_CASES = HERE / "lint_cases"
CUSTOM = HERE / "custom_templates"


@contextmanager
def chdir(folder: Path) -> Iterator[None]:
    """Run the body with `folder` as the working directory."""
    previous = Path.cwd()
    os.chdir(folder)
    try:
        yield
    finally:
        os.chdir(previous)


def errgen(*args: str, cwd: Path = ROOT) -> Result:
    """Invoke the errgen CLI in-process in `cwd`; re-raise unexpected exceptions."""
    with chdir(cwd):
        result = CliRunner().invoke(main, list(args), prog_name="errgen")
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result


def cases(folder: Path) -> list[Path]:
    """Every case folder below `folder`, sorted."""
    return sorted(p for p in folder.iterdir() if p.is_dir())


def extra_args(case: Path) -> list[str]:
    """Additional command-line arguments of a case (``args.txt``)."""
    path = case / "args.txt"
    return shlex.split(path.read_text(encoding="utf-8")) if path.is_file() else []


def run_diff_case(case: Path) -> Result:
    """``errgen diff previous.yaml current.yaml [args]`` inside the case folder.

    A rule's case shows that rule's findings, so the version is not judged (``--no-semver``) unless its
    ``args.txt`` says ``--semver`` (the version rules' cases).
    """
    args = extra_args(case)
    semver = [] if "--semver" in args or "--no-semver" in args else ["--no-semver"]
    return errgen("diff", "previous.yaml", "current.yaml", *semver, *args, cwd=case)


def run_lint_case(case: Path) -> Result:
    """``errgen lint catalog.yaml [args]`` inside the case folder."""
    return errgen("lint", "catalog.yaml", *extra_args(case), cwd=case)


def read_tree(folder: Path) -> dict[str, bytes]:
    """All files below `folder` as ``{posix relative path: bytes}``."""
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def render_custom(case: Path) -> dict[str, str]:
    """Files the ``custom`` target renders for the golden case's catalog and templates."""
    from errgen.catalog.diagnostics import Diagnostics
    from errgen.targets import TargetOptions
    from errgen.targets.custom import generate
    from errgen.workflow.sources import compile_path

    display = (case / "catalog.yaml").resolve().relative_to(Path(__file__).resolve().parents[2]).as_posix()
    with chdir(case):  # the display path is the CLI's: relative to the project root
        located = compile_path(Path("catalog.yaml"), display, Diagnostics())
        assert located is not None, "the golden catalog must compile"
        return generate(located.catalog, TargetOptions(templates=str(case / "templates")))


def git(cwd: Path, *args: str) -> str:
    """Run git in a scratch repository (never in the project's own); fail clearly without git."""
    import shutil
    import subprocess

    if shutil.which("git") is None:
        raise AssertionError("git is required by these tests but is not installed")
    identity = {
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@example.com",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@example.com",
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_CONFIG_GLOBAL": os.devnull,
    }
    done = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, env={**os.environ, **identity},
                          check=True)  # fmt: skip
    return done.stdout

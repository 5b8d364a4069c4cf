"""Ecosystem hooks: pre-commit hooks, the documented GitHub Actions job, shell completion."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import click
import pytest
import yaml
from click.testing import CliRunner

from errgen.cli.main import main
from workflow.util import ROOT, errgen

HOOKS = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))


def test_hook_manifest_shape() -> None:
    assert [h["id"] for h in HOOKS] == ["errgen-check", "errgen-build", "errgen-lint", "errgen-docs"]
    for hook in HOOKS:
        assert {"id", "name", "entry", "language"} <= set(hook)
        assert hook["language"] == "python" and hook["pass_filenames"] is False
        re.compile(hook["files"])


@pytest.mark.parametrize("hook", HOOKS, ids=[h["id"] for h in HOOKS])
def test_hook_entry_runs_on_a_fresh_project(shipped: Path, hook: dict[str, str]) -> None:
    with (shipped / "pyproject.toml").open("a", encoding="utf-8") as handle:
        handle.write('[tool.errgen.docs]\nfiles = ["README.md"]\n')
        handle.write('[tool.errgen.lint.filetools]\ndisable = ["missing-ui-meaning"]\n')
    readme = "<!-- errgen:begin workbook -->\n<!-- errgen:end -->\n"
    (shipped / "README.md").write_text(readme, encoding="utf-8")
    assert errgen("build", "-t", "catalog", "-t", "markdown", cwd=shipped).exit_code == 0
    assert errgen("docs", "inject", cwd=shipped).exit_code == 0
    args = shlex.split(hook["entry"])
    assert args[0] == "errgen"
    if hook["id"] == "errgen-check":
        args += ["-t", "catalog", "-t", "markdown"]  # the other targets have their own tests
    if hook["id"] == "errgen-build":
        args += ["-t", "catalog"]
    result = errgen(*args[1:], cwd=shipped)
    assert result.exit_code == 0, result.stdout + result.stderr


def test_documented_github_actions_job_uses_real_commands() -> None:
    page = (ROOT / "docs" / "workflow.md").read_text(encoding="utf-8")
    block = page.split("# .github/workflows/errors.yml\n", 1)[1].split("```", 1)[0]
    jobs = yaml.safe_load(block)["jobs"]
    steps = [step for job in jobs.values() for step in job["steps"]]
    runs = [step["run"] for step in steps if "run" in step and step["run"].startswith("errgen ")]
    assert len(runs) == 6
    formats = {a for run in runs for a in re.findall(r"--format (\w+)", run)}
    assert formats == {"github", "sarif"} and any("--junit" in run for run in runs)
    uploads = [s["with"]["sarif_file"] for s in steps if "upload-sarif" in s.get("uses", "")]
    assert uploads == ["errgen-lint.sarif"] and any(run.endswith("> errgen-lint.sarif || true") for run in runs)
    for run in runs:
        args = shlex.split(run.replace("${{ github.base_ref }}", "main").split(" > ", 1)[0])
        options = [a for a in args[1:] if a.startswith("--")]
        words = [a for a in args[1:] if not a.startswith("-")][:2]
        command: click.Command = main
        for word in words:
            if isinstance(command, click.Group):  # lazy sub-commands are not in `.commands` until loaded
                command = command.get_command(click.Context(command), word) or command
        declared = {opt for p in command.params for opt in p.opts}
        assert set(options) <= declared, f"{run}: unknown option(s) {set(options) - declared}"


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_shell_completion_scripts(shell: str) -> None:
    result = CliRunner().invoke(main, [], prog_name="errgen", env={"_ERRGEN_COMPLETE": f"{shell}_source"})
    assert result.exit_code == 0
    assert "_ERRGEN_COMPLETE" in result.stdout


def test_documented_pre_commit_args_are_options_of_the_hooks_command(shipped: Path) -> None:
    page = (ROOT / "docs" / "workflow.md").read_text(encoding="utf-8")
    block = page.split("## pre-commit\n", 1)[1].split("## GitHub Actions", 1)[0]
    documented = re.findall(r"- id: (errgen-[a-z]+)\n\s+args: (\[.*\])", block)
    assert documented, "docs/workflow.md shows a hook with args"
    entries = {h["id"]: h["entry"] for h in HOOKS}
    for hook, args in documented:
        command = shlex.split(entries[hook])[1:] + yaml.safe_load(args)
        result = errgen(*command, cwd=shipped)
        assert result.exit_code == 0, (hook, result.stdout + result.stderr)
        assert "::" not in result.stdout or result.stdout.startswith("::")  # annotations, nothing else, on stdout

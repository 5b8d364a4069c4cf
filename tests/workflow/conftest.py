"""Fixtures of the workflow tests."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from workflow.util import ROOT


@pytest.fixture
def shipped(tmp_path: Path) -> Path:
    """A scratch project holding copies of the shipped catalogs and a minimal pyproject.toml."""
    shutil.copytree(ROOT / "catalog", tmp_path / "catalog")
    (tmp_path / "pyproject.toml").write_text('[tool.errgen]\ncatalogs = ["catalog/*.yaml"]\n', encoding="utf-8")
    return tmp_path

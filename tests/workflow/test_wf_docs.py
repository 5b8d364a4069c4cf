"""``errgen docs inject``: blocks are replaced, every byte outside them is kept, bad markers are errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from errgen.catalog.diagnostics import Diagnostics
from errgen.targets.markdown.target import code_section, code_table, render_document
from errgen.workflow.sources import compile_path
from workflow.util import ROOT, errgen


def _catalog(name: str):  # type: ignore[no-untyped-def]
    located = compile_path(ROOT / "catalog" / f"{name}.yaml", f"catalog/{name}.yaml", Diagnostics())
    assert located is not None
    return located.catalog


def _write(folder: Path, text: str | bytes, name: str = "README.md") -> Path:
    path = folder / name
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    return path


def test_injects_table_and_section_and_is_idempotent(shipped: Path) -> None:
    readme = _write(shipped, "# Server\n\n<!-- errgen:begin workbook -->\nstale\n<!-- errgen:end -->\n\nMiddle.\n"
                    "<!-- errgen:begin napkin:RATE_LIMITED -->\n<!-- errgen:end -->\nEnd.\n")  # fmt: skip
    result = errgen("docs", "inject", "README.md", cwd=shipped)
    assert (result.exit_code, result.stdout) == (0, "updated: README.md\n")
    text = readme.read_text(encoding="utf-8")
    table = code_table(_catalog("workbook"))
    section = code_section(_catalog("napkin"), _catalog("napkin").codes["RATE_LIMITED"])
    assert text == (
        "# Server\n\n<!-- errgen:begin workbook -->\n\n" + table + "\n<!-- errgen:end -->\n\nMiddle.\n"
        "<!-- errgen:begin napkin:RATE_LIMITED -->\n\n" + section + "\n<!-- errgen:end -->\nEnd.\n"
    )
    again = errgen("docs", "inject", "README.md", cwd=shipped)
    assert (again.exit_code, again.stdout) == (0, "")
    assert readme.read_text(encoding="utf-8") == text
    assert errgen("docs", "inject", "--check", "README.md", cwd=shipped).exit_code == 0


def test_bytes_outside_markers_never_change(shipped: Path) -> None:
    before = (
        "\ufeffIntro  \t\r\nzero\u200bwidth \u202eRTL\r\n"
        "<!-- errgen:begin workbook -->\r\nold\r\n<!-- errgen:end -->\r\ntail without newline"
    )
    readme = _write(shipped, before)
    assert errgen("docs", "inject", "README.md", cwd=shipped).exit_code == 0
    after = readme.read_bytes().decode("utf-8")
    head, _, rest = after.partition("<!-- errgen:begin workbook -->\r\n")
    body, _, tail = rest.partition("<!-- errgen:end -->")
    assert head == "\ufeffIntro  \t\r\nzero\u200bwidth \u202eRTL\r\n"
    assert tail == "\r\ntail without newline"
    assert body == "\r\n" + code_table(_catalog("workbook")).replace("\n", "\r\n") + "\r\n"
    assert "\n" not in body.replace("\r\n", "")


def test_check_reports_stale_blocks_and_writes_nothing(shipped: Path) -> None:
    original = (
        "<!-- errgen:begin workbook -->\nstale\n<!-- errgen:end -->\n\n"
        "<!-- errgen:begin filetools:kinds -->\n<!-- errgen:end -->\n"
    )
    readme = _write(shipped, original)
    result = errgen("docs", "inject", "--check", "--diff", "README.md", cwd=shipped)
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[0] == "README.md:1:1: error: block 'workbook' is out of date; run `errgen docs inject`"
    assert lines[1] == "README.md:5:1: error: block 'filetools:kinds' is out of date; run `errgen docs inject`"
    assert "-stale" in lines and "+++ b/README.md" in lines
    assert readme.read_text(encoding="utf-8") == original


def test_markers_in_fenced_code_are_ignored(shipped: Path) -> None:
    text = (
        "````md\n<!-- errgen:begin nope -->\n```\n<!-- errgen:end -->\n````\n"
        "Inline `<!-- errgen:begin x -->` mention.\n"
    )
    readme = _write(shipped, text)
    result = errgen("docs", "inject", "README.md", cwd=shipped)
    assert result.exit_code == 0
    assert "no <!-- errgen:begin NAME --> markers" in result.stderr
    assert readme.read_text(encoding="utf-8") == text


# Markers a CommonMark renderer shows as text (code) or as part of a larger HTML block: not markers.
SHOWN_NOT_MARKERS = {
    "indented code": "Example:\n\n    <!-- errgen:begin workbook -->\n    <!-- errgen:end -->\n",
    "fence in a list item": "10. Add:\n\n    ```md\n    <!-- errgen:begin workbook -->\n    <!-- errgen:end -->\n"
    "    ```\n",
    "fence in a nested list item": (
        "- Setup:\n    1. Add:\n\n       ```md\n       <!-- errgen:begin workbook -->\n       <!-- errgen:end -->\n"
        "       ```\n"
    ),
    "fence in a blockquote": "> ```md\n> <!-- errgen:begin workbook -->\n> <!-- errgen:end -->\n> ```\n",
    "pre block": "<pre>\n<!-- errgen:begin workbook -->\n<!-- errgen:end -->\n</pre>\n",
    "HTML comment": "<!-- Put the table here with\n<!-- errgen:begin workbook -->\n-->\n",
    "HTML block": "<details>\n<summary>Codes</summary>\n<!-- errgen:begin workbook -->\n<!-- errgen:end -->\n"
    "</details>\n",
}
LIVE = "<!-- errgen:begin napkin:kinds -->\n<!-- errgen:end -->\n"


@pytest.mark.parametrize("shown", SHOWN_NOT_MARKERS.values(), ids=SHOWN_NOT_MARKERS)
def test_markers_shown_as_text_or_inside_html_are_left_alone(shipped: Path, shown: str) -> None:
    readme = _write(shipped, shown + "\n" + LIVE)
    result = errgen("docs", "inject", "README.md", cwd=shipped)
    assert (result.exit_code, result.stdout) == (0, "updated: README.md\n"), result.stderr
    kinds = errgen("docs", "show", "napkin:kinds", cwd=shipped).stdout
    expected = shown + "\n<!-- errgen:begin napkin:kinds -->\n\n" + kinds + "\n<!-- errgen:end -->\n"
    assert readme.read_text(encoding="utf-8") == expected
    inside_html = "<details>" in shown
    assert ("is part of the HTML block at line 1" in result.stderr) == inside_html, result.stderr


def _github_html(text: str) -> str:
    import cmarkgfm
    from cmarkgfm.cmark import Options

    return cmarkgfm.github_flavored_markdown_to_html(text, options=Options.CMARK_OPT_UNSAFE)


def test_markers_in_list_items_and_blockquotes_keep_the_table_inside(shipped: Path) -> None:
    readme = _write(shipped, "- Codes:\n\n  <!-- errgen:begin workbook -->\n  <!-- errgen:end -->\n- Next item\n\n"
                    "> Quoted:\n>\n> <!-- errgen:begin napkin -->\n> <!-- errgen:end -->\n\nAfter.\n")  # fmt: skip
    result = errgen("docs", "inject", "README.md", cwd=shipped)
    assert (result.exit_code, result.stdout) == (0, "updated: README.md\n"), result.stderr
    text = readme.read_text(encoding="utf-8")
    workbook = "".join(f"  {line}\n" if line else "\n" for line in code_table(_catalog("workbook")).splitlines())
    napkin = "".join(f"> {line}\n" if line else ">\n" for line in code_table(_catalog("napkin")).splitlines())
    assert f"  <!-- errgen:begin workbook -->\n\n{workbook}\n  <!-- errgen:end -->\n- Next item\n" in text
    assert f"> <!-- errgen:begin napkin -->\n>\n{napkin}>\n> <!-- errgen:end -->\n\nAfter.\n" in text
    html = _github_html(text)  # GitHub's renderer puts each table where its markers are
    item, quote = html.split("<blockquote>")
    assert item.index("<li>") < item.index("<table>") < item.index("</li>") and "Next item" in item.split("</table>")[1]
    assert "<table>" in quote.split("</blockquote>")[0] and "<li>" not in quote
    assert errgen("docs", "inject", "--check", "README.md", cwd=shipped).exit_code == 0


@pytest.mark.parametrize("ending", ["\n", "\r\n", "\r"], ids=["LF", "CRLF", "CR"])
def test_the_block_gets_the_line_ending_of_its_marker(shipped: Path, ending: str) -> None:
    lines = ["Intro", "<!-- errgen:begin workbook -->", "old", "<!-- errgen:end -->", "tail"]
    readme = _write(shipped, ending.join(lines))
    assert errgen("docs", "inject", "README.md", cwd=shipped).exit_code == 0
    table = code_table(_catalog("workbook")).rstrip("\n").split("\n")
    expected = ending.join([*lines[:2], "", *table, "", *lines[3:]])
    assert readme.read_bytes().decode("utf-8") == expected


@pytest.mark.parametrize("template", ["```\nunclosed fence\n", "<!-- errgen:end -->\n"], ids=["fence", "marker"])
def test_generated_text_that_would_hide_or_add_markers_is_not_written(shipped: Path, template: str) -> None:
    (shipped / "tpl" / "markdown").mkdir(parents=True)
    (shipped / "tpl" / "markdown" / "_table.md.jinja").write_text(template, encoding="utf-8")
    original = "<!-- errgen:begin workbook -->\n<!-- errgen:end -->\nThe rest of the README.\n"
    readme = _write(shipped, original)
    result = errgen("docs", "inject", "--templates", "tpl", "README.md", cwd=shipped)
    assert result.exit_code == 2
    assert "README.md:1:1: error: the text generated for block 'workbook' would hide" in result.stderr
    assert readme.read_text(encoding="utf-8") == original


B, E = "<!-- errgen:begin", "<!-- errgen:end -->"
BAD_MARKERS = [
    (f"a\n{B} workbook -->\nb\n", f"README.md:2:1: error: block 'workbook' is never closed; add {E}"),
    (f"a\n  {E}\n", f"README.md:2:3: error: {E} without a matching {B} NAME -->"),
    (
        f"{B} workbook -->\n{B} napkin -->\n{E}\n",
        f"README.md:2:1: error: errgen:begin inside block 'workbook' opened at line 1; close that block with {E} first",
    ),
    (f"{B} -->\n{E}\n", f"README.md:1:1: error: malformed errgen marker; expected {B} NAME --> or {E}"),
    (f"{B} workbook --> here\n{E}\n", f"README.md:1:1: error: malformed errgen marker; expected {B} NAME --> or {E}"),
    (
        f"- item\n\n  {B} workbook -->\n\n{E}\n",
        "README.md:5:1: error: <!-- errgen:end --> is not in the same list item or blockquote as the errgen:begin "
        "of block 'workbook' (line 3); put both markers at the same level",
    ),
    (
        f"{B} workbok -->\n{E}\n",
        "README.md:1:1: error: unknown catalog 'workbok'; did you mean 'workbook'? "
        "(catalogs: filetools, napkin, workbook)",
    ),
    (
        f"{B} workbook:invalid_inptu -->\n{E}\n",
        "README.md:1:1: error: unknown code or section 'invalid_inptu' in catalog 'workbook'; "
        "did you mean 'invalid_input'?",
    ),
    (
        f"{B} workbook:section:invalid_input -->\n{E}\n",
        "README.md:1:1: error: unknown code or section 'invalid_input' in catalog 'workbook'",
    ),
]


@pytest.mark.parametrize(("text", "error"), BAD_MARKERS)
def test_bad_markers_are_errors_and_nothing_changes(shipped: Path, text: str, error: str) -> None:
    other = _write(shipped, "<!-- errgen:begin workbook -->\n<!-- errgen:end -->\n", "OTHER.md")
    readme = _write(shipped, text)
    result = errgen("docs", "inject", "OTHER.md", "README.md", cwd=shipped)
    assert result.exit_code == 2
    assert error in result.stderr
    assert "no file was changed" in result.stderr
    assert readme.read_text(encoding="utf-8") == text
    assert other.read_text(encoding="utf-8") == "<!-- errgen:begin workbook -->\n<!-- errgen:end -->\n"


def test_sections_of_the_generated_page(shipped: Path) -> None:
    napkin = _catalog("napkin")
    page = render_document(napkin)
    kinds = errgen("docs", "show", "napkin:kinds", cwd=shipped).stdout
    assert kinds.startswith("| Kind | Retryable |") and kinds in page
    assert errgen("docs", "show", "napkin:document", cwd=shipped).stdout == page
    assert errgen("docs", "show", "napkin:removed-codes", cwd=shipped).stdout == ""
    assert errgen("docs", "show", "napkin", cwd=shipped).stdout == code_table(napkin)
    explicit = errgen("docs", "show", "napkin:code:TIMEOUT", cwd=shipped).stdout
    assert explicit == code_section(napkin, napkin.codes["TIMEOUT"])


def test_code_named_like_a_section_must_be_spelled_out(tmp_path: Path) -> None:
    (tmp_path / "c.yaml").write_text(
        "errgen: 1\ncatalog: {name: shop, version: 1.0.0}\ncodes:\n  kinds:\n    message: m\n"
    )
    result = errgen("docs", "show", "-c", "c.yaml", "shop:kinds", cwd=tmp_path)
    assert result.exit_code == 2
    assert (
        "'kinds' is both a code and a section of 'shop'; write shop:code:kinds or shop:section:kinds" in result.stderr
    )
    assert errgen("docs", "show", "-c", "c.yaml", "shop:code:kinds", cwd=tmp_path).stdout.startswith("### `kinds`")
    assert errgen("docs", "show", "-c", "c.yaml", "shop:section:kinds", cwd=tmp_path).stdout == ""


def test_files_from_config(shipped: Path) -> None:
    with (shipped / "pyproject.toml").open("a", encoding="utf-8") as handle:
        handle.write('[tool.errgen.docs]\nfiles = ["docs/errors.md"]\n')
    (shipped / "docs").mkdir()
    doc = _write(shipped / "docs", "<!-- errgen:begin filetools -->\n<!-- errgen:end -->\n", "errors.md")
    assert errgen("docs", "inject", "--check", cwd=shipped).exit_code == 1
    assert errgen("docs", "inject", cwd=shipped / "docs").stdout == "updated: docs/errors.md\n"
    assert code_table(_catalog("filetools")) in doc.read_text(encoding="utf-8")


def test_no_files_and_missing_files(shipped: Path) -> None:
    none = errgen("docs", "inject", cwd=shipped)
    assert none.exit_code == 2 and "no files given" in none.stderr
    missing = errgen("docs", "inject", "NOPE.md", cwd=shipped)
    assert missing.exit_code == 2 and "NOPE.md:1:1: error: cannot read file" in missing.stderr
    _write(shipped, b"\xff\xfe<!-- -->")
    binary = errgen("docs", "inject", "README.md", cwd=shipped)
    assert binary.exit_code == 2 and "not UTF-8 text" in binary.stderr


HOSTILE = """\
errgen: 1
catalog: {name: shop, version: 1.0.0, title: "<!-- errgen:end -->"}
fields:
  field: {type: string}
codes:
  evil:
    title: "x\\n<!-- errgen:end -->\\n```"
    when: "\\n<!-- errgen:begin shop -->"
    message: "m {field}"
    fields: {required: [field]}
    examples: [{field: "\\n<!-- errgen:end -->\\n"}]
    docs: "```\\n<!-- errgen:end -->\\n~~~"
"""


def test_catalog_text_cannot_forge_markers(tmp_path: Path) -> None:
    (tmp_path / "shop.yaml").write_text(HOSTILE, encoding="utf-8")
    readme = _write(tmp_path, "<!-- errgen:begin shop:document -->\n<!-- errgen:end -->\nkept\n")
    for _ in range(2):
        result = errgen("docs", "inject", "-c", "shop.yaml", "README.md", cwd=tmp_path)
        assert result.exit_code == 0, result.stderr
    text = readme.read_text(encoding="utf-8")
    assert text.endswith("\n<!-- errgen:end -->\nkept\n")
    markers = [line for line in text.splitlines() if line.lstrip().startswith("<!-- errgen:")]
    assert markers == ["<!-- errgen:begin shop:document -->", "<!-- errgen:end -->"]
    assert "<!-- errgen:end -->" in text.split("\n<!-- errgen:end -->\nkept")[0], "the hostile text is there, inert"
    assert errgen("docs", "inject", "--check", "-c", "shop.yaml", "README.md", cwd=tmp_path).exit_code == 0

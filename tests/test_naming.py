"""Exact identifiers errgen derives from wire names (`naming.py`): part of the public contract.

A generated class, function or constant is what users import, so a change of any
identifier breaks their code (``identity.txt`` and `errgen diff` report it). The
hostile-name tests check that identifiers are *valid*; these pin what they *are*,
spelled with escapes where the characters are not plain ASCII.
"""

from __future__ import annotations

import pytest

from errgen.catalog import naming

STYLES = ("pascal", "snake", "constant", "camel", "py_attr")


def derived(wire: str) -> tuple[str, ...]:
    """Every identifier style of `wire`, in `STYLES` order."""
    names = naming.names(wire)
    return tuple(getattr(names, style) for style in STYLES)


@pytest.mark.parametrize(
    ("wire", "expected"),
    [
        ("bad_request", ("BadRequest", "bad_request", "BAD_REQUEST", "badRequest", "bad_request")),
        ("HTTPError", ("HttpError", "http_error", "HTTP_ERROR", "httpError", "http_error")),
        ("too-many.requests", ("TooManyRequests", "too_many_requests", "TOO_MANY_REQUESTS", "tooManyRequests",
                               "too_many_requests")),
        ("404", ("_404", "_404", "_404", "_404", "f_404")),
        ("2fa_code", ("_2faCode", "_2fa_code", "_2FA_CODE", "_2faCode", "f_2fa_code")),
        ("class", ("Class", "class", "CLASS", "class", "class_")),
        ("model_config", ("ModelConfig", "model_config", "MODEL_CONFIG", "modelConfig", "f_model_config")),
    ],
)  # fmt: skip
def test_ascii_names(wire: str, expected: tuple[str, ...]) -> None:
    """ASCII words split at separators and camelCase humps; a leading digit gets ``_``; pydantic's names get ``f_``."""
    assert derived(wire) == expected


def test_a_ligature_is_normalized_before_it_is_cased() -> None:
    """``ﬁle_size`` (U+FB01 LATIN SMALL LIGATURE FI) is ``FileSize``: NFKC first, then casing (not ``FIleSize``)."""
    assert derived("\ufb01le_size") == ("FileSize", "file_size", "FILE_SIZE", "fileSize", "file_size")


def test_full_width_letters_become_ascii_words() -> None:
    """Full-width Latin (U+FF01-FF5E) normalizes to ASCII, underscore and camelCase humps included."""
    assert derived("\uff46\uff49\uff4c\uff45\uff3f\uff53\uff49\uff5a\uff45") == derived("file_size")
    assert derived("\uff28\uff34\uff34\uff30\uff25\uff52\uff52\uff4f\uff52") == (
        "HttpError", "http_error", "HTTP_ERROR", "httpError", "http_error"
    )  # fmt: skip


def test_compatibility_letters_become_their_plain_letters() -> None:
    """``ℌello`` (U+210C) and ``Ⅻ_item`` (U+216B ROMAN NUMERAL TWELVE) normalize to ASCII words."""
    assert derived("\u210cello") == ("Hello", "hello", "HELLO", "hello", "hello")
    assert derived("\u216b_item") == ("XiiItem", "xii_item", "XII_ITEM", "xiiItem", "xii_item")


def test_symbol_only_names_spell_their_code_points() -> None:
    """A name without a letter or digit becomes ``x`` + its code points in hex, joined by ``_``, in every style."""
    assert derived("_") == ("x5f",) * 5
    assert derived("_._") == ("x5f_2e_5f",) * 5
    assert derived("_-_") == ("x5f_2d_5f",) * 5


def test_casing_that_leaves_nfkc_is_normalized_again() -> None:
    """``ΐ`` (U+0390) upper-cases to U+03AA U+0301, which has no composed form; ``ß`` upper-cases to ``SS``.

    Python reads identifiers in NFKC, so the generated name must already be NFKC to be the name users import.
    """
    assert derived("\u0390") == ("\u03aa\u0301", "\u0390", "\u03aa\u0301", "\u0390", "\u0390")
    assert derived("\u00df") == ("SS", "\u00df", "SS", "\u00df", "\u00df")
    assert derived("\u00b5s") == ("\u039cs", "\u03bcs", "\u039cS", "\u03bcs", "\u03bcs")  # MICRO SIGN → Greek mu


def test_title_case_digraph_starts_one_word() -> None:
    """``ǅemo`` (U+01C5, a title-case digraph) is one word: NFKC splits it into ``Dž``, no hump inside."""
    assert derived("\u01c5emo") == ("D\u017eemo", "d\u017eemo", "D\u017dEMO", "d\u017eemo", "d\u017eemo")


def test_reserved_words_in_each_language() -> None:
    """Python keywords, soft keywords and builtins, TypeScript reserved words and pydantic's names get ``_``."""
    assert [naming.py_safe(w) for w in ("class", "match", "case", "value")] == ["class_", "match_", "case_", "value"]
    assert [naming.py_module_safe(w) for w in ("list", "match", "errors")] == ["list_", "match_", "errors"]
    assert [naming.ts_safe(w) for w in ("delete", "satisfies", "value")] == ["delete_", "satisfies_", "value"]
    assert [naming.py_attr(w) for w in ("json", "schema_json", "2fa", "model_x")] == [
        "json_", "schema_json_", "f_2fa", "f_model_x"
    ]  # fmt: skip


def test_ts_identifier_wire_names() -> None:
    """Which wire names TypeScript can write unquoted: ASCII identifiers, but never prototype-related names."""
    assert [naming.is_ts_identifier(w) for w in ("a_b", "$x", "_1", "1a", "a-b", "é", "__proto__", "constructor")] == [
        True, True, True, False, False, False, False, False
    ]  # fmt: skip

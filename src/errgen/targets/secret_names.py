"""Which key names hold secrets: one word list, spelled for object keys and for ``key=value`` text.

A key is secret when it contains one of `SECRET_WORDS` (ignoring case and the separators
``-``, ``_``, ``.``, space between a word's parts) and is not one of `NOT_SECRET`. The words
follow Sentry's server-side data scrubbing, which matches substrings of key names (password,
secret, passwd, api_key, apikey, auth, credentials, mysql_pwd, privatekey, private_key, token,
bearer), its Python SDK's denylist (session, cookie, csrf, sessionid, connect.sid, PHPSESSID,
XSRF-TOKEN), and detect-secrets' keyword plugin (api_key, account_key, db_pass, pwd, …);
`NOT_SECRET` keeps keys that only share a word with a secret (``max_tokens``, ``author``,
``auth_type``, ``x-ratelimit-remaining-tokens``).

`object_key_patterns` gives the two patterns the runtimes search in an object's key;
`text_key_check` gives the lookaheads that make the same decision at the start of a key in
text, where a key is a run of ``[A-Za-z0-9_.-]``. Both are caseless (see `runtime_patterns`).
"""

from __future__ import annotations

_OWNERS = (
    "api|private|access|account|client|encryption|signing|master|service|app|db|database|storage|shared|"
    "subscription|ssh|consumer|secret|auth|session|license|webhook"
)
# (word, whole): a whole word must be the key, or its last part after a separator.
SECRET_WORDS: tuple[tuple[str, bool], ...] = (
    ("passw", False),
    ("pass{sep}phrase", False),
    ("pass", True),
    ("pwd", False),
    ("secret", False),
    ("token", False),
    ("auth", False),
    ("credential", False),
    ("creds", False),
    ("bearer", False),
    ("jwt", False),
    (f"(?:{_OWNERS}){{sep}}key", False),
    ("session", False),
    ("sessid", False),
    ("cookie", False),
    ("csrf", False),
    ("xsrf", False),
    ("sid", True),
    ("sig", True),
    ("signature", False),
    ("connection{sep}string", False),
)
_COUNTED = "input|output|prompt|completion|total|cached|reasoning|max|min|num|remaining|used|estimated|context"
# Whole keys that are not secrets ({any}: any run of key characters).
NOT_SECRET: tuple[str, ...] = (
    "author(?:s|ed|ity|ities|{sep}(?:id|name|email|url))?",
    "(?:un)?authori[sz]ed",
    "(?:un)?authenticated",
    "auth{sep}(?:type|method|scheme|mode|provider|url|uri|endpoint|domain|required|enabled|status)",
    "oauth{sep}(?:provider|url|uri|scopes?|version)",
    "token{sep}(?:type|count|limit|usage|budget|endpoint|url|uri|expiry|expires{sep}(?:in|at))",
    "tokenizer",
    f"{{any}}(?:{_COUNTED}){{sep}}tokens(?:{{sep}}(?:used|remaining|limit|count|details))?",
    "tokens{sep}(?:used|remaining|limit|count|per{sep}(?:minute|day))",
    "session{sep}(?:count|timeout|ttl|duration|length|expiry)",
    "cookie{sep}(?:name|domain|path)",
    "signature{sep}(?:version|method|algorithm)",
    "{any}(?:key|secret|token|password){sep}name",
    "{any}(?:error|exception|warning)s?",  # TokenExpiredError: …, AuthenticationException: …
)
NOT_SECRET_ANYWHERE = ("rate{sep}limit",)  # x-ratelimit-remaining-tokens, anthropic-ratelimit-tokens-limit

_OBJECT = {"sep": "[-_. ]?", "any": "[A-Za-z0-9_. -]*"}
_TEXT = {"sep": "[-_.]?", "any": "[A-Za-z0-9_.-]*"}
_TEXT_KEY_CHAR = "[A-Za-z0-9_.-]"


def _spell(fragment: str, names: dict[str, str]) -> str:
    return fragment.replace("{sep}", names["sep"]).replace("{any}", names["any"])


def object_key_patterns() -> tuple[str, str]:
    """(secret, not secret): a key is secret when the first is found in it and the second is not."""
    words = [
        f"(?:^|[-_. ]){_spell(word, _OBJECT)}(?![\\s\\S])" if whole else _spell(word, _OBJECT)
        for word, whole in SECRET_WORDS
    ]
    whole_keys = "|".join(_spell(name, _OBJECT) for name in NOT_SECRET)
    anywhere = "|".join(_spell(name, _OBJECT) for name in NOT_SECRET_ANYWHERE)
    return "|".join(words), f"^(?:{whole_keys})(?![\\s\\S])|{anywhere}"


def text_key_check() -> str:
    """Lookaheads that hold at the start of a key in text exactly when `object_key_patterns` calls it secret.

    The words are grouped by first letter, so that each step of the scan tries a dozen
    letters rather than every word.
    """
    k = _TEXT_KEY_CHAR
    groups: dict[str, list[str]] = {}
    for word, whole in _words():
        rest = _spell(word[1:], _TEXT)
        if whole:  # the whole key or its last part: no letter or digit before it, no key character after it
            rest = f"(?<![A-Za-z0-9]{word[0]}){rest}(?!{k})"
        groups.setdefault(word[0], []).append(rest)
    words = "|".join(f"{first}(?:{'|'.join(rests)})" for first, rests in groups.items())
    whole_keys = "|".join(_spell(name, _TEXT) for name in NOT_SECRET)
    anywhere = "|".join(_spell(name, _TEXT) for name in NOT_SECRET_ANYWHERE)
    return f"(?={k}*?(?:{words}))(?!(?:{whole_keys})(?!{k}))(?!{k}*?(?:{anywhere}))"


def _words() -> list[tuple[str, bool]]:
    """SECRET_WORDS with the key owners spelled out, so that each word starts with a letter."""
    words: list[tuple[str, bool]] = []
    for word, whole in SECRET_WORDS:
        if word.startswith("(?:"):
            owners, _, rest = word[3:].partition(")")
            words += [(owner + rest, whole) for owner in owners.split("|")]
        else:
            words.append((word, whole))
    return words

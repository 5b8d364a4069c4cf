"""Which key names hold secrets: one word list, spelled for object keys and for ``key=value`` text.

A key is secret when it contains one of `SECRET_WORDS` (ignoring case and the separators
``-``, ``_``, ``.``, space between a word's parts) and is not one of `NOT_SECRET`. The words
follow Sentry's server-side data scrubbing, which matches substrings of key names (password,
secret, passwd, api_key, apikey, auth, credentials, mysql_pwd, privatekey, private_key, token,
bearer), its Python SDK's denylist (session, cookie, csrf, sessionid, connect.sid, PHPSESSID,
XSRF-TOKEN), and detect-secrets' keyword plugin (api_key, account_key, db_pass, pwd, …);
`NOT_SECRET` keeps keys that only share a word with a secret (``max_tokens``, ``author``,
``auth_type``, ``x-ratelimit-remaining-tokens``).

`object_key_patterns` gives the two patterns the runtimes search in a key: an object's key, and
the key of ``key=value`` text (a run of ``[A-Za-z0-9_.-]``). Both are caseless (see
`runtime_patterns`); ``$`` is the end of the key.
"""

from __future__ import annotations

_OWNERS = (
    "api|private|access|account|client|encryption|signing|master|service|app|db|database|storage|shared|"
    "subscription|ssh|consumer|secret|auth|session|license|webhook"
)
_PASS_OWNERS = "db|user|admin|root|mysql|pg|postgres|redis|smtp|mail|ftp|proxy|login|bind|ldap|app|api|sa"
# (word, whole): a whole word must be the key, or its last part after a separator.
SECRET_WORDS: tuple[tuple[str, bool], ...] = (
    ("passw", False),
    ("pass{sep}phrase", False),
    ("pass", True),
    (f"(?:{_PASS_OWNERS}){{sep}}pass", True),
    ("pass{sep}word", False),
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


def _spell(fragment: str, names: dict[str, str]) -> str:
    return fragment.replace("{sep}", names["sep"]).replace("{any}", names["any"])


def object_key_patterns() -> tuple[str, str]:
    """(secret, not secret): a key is secret when the first is found in it and the second is not."""
    words = [
        f"(?:^|[-_. ]){_spell(word, _OBJECT)}$" if whole else _spell(word, _OBJECT)
        for word, whole in SECRET_WORDS
    ]
    whole_keys = "|".join(_spell(name, _OBJECT) for name in NOT_SECRET)
    anywhere = "|".join(_spell(name, _OBJECT) for name in NOT_SECRET_ANYWHERE)
    return "|".join(words), f"^(?:{whole_keys})$|{anywhere}"

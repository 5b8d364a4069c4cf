"""The sanitizer's rules and limits, emitted verbatim into the generated Python and TypeScript.

A rule is a regular expression, its replacement (``$1``-style; the Python target writes
``\\g<1>``), the literal *needles* and lowercase *words* one of which every match holds
(a text without them skips the rule), and the fragments its linear-time test repeats
(*probes*). Patterns use only syntax that Python ``re`` and a JavaScript ``RegExp`` with the
``u`` flag read the same way: explicit ASCII classes (no ``\\s``, ``\\d``, ``\\w``, ``\\b``, no
``.``, no ``$``: ``(?![\\s\\S])`` is the end of the text), fixed-width lookbehinds. A
*caseless* rule matches its ASCII letters outside classes in either case: `caseless` spells
each as ``[aA]``, because the engines' own case-insensitive flags disagree on non-ASCII
letters (Python's matches ``ı`` and ``İ`` to ``i``, JavaScript's does not).

Every rule runs in time linear in its text in both backtracking engines, by construction:
it starts only where a literal or a lookbehind allows, never inside a run it would scan,
and no two neighbouring quantified parts can match the same text, so an attempt that fails
gives up after one pass over what it read (see `errgen.targets.sanitizer_parts`). Where Python's
engine has a fast scan (a pattern that starts with a literal or a set of literals) the
rules use it. The reference implementation is `errgen.targets.scrub`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from errgen.targets import sanitizer_parts as p
from errgen.targets.secret_names import object_key_patterns

REDACTED = p.REDACTED
PATH = "<path>"
TRACE = "[stack trace removed]"
TRUNCATED = "…[truncated]"  # ends a text cut at MAX_TEXT characters
TOO_DEEP = "[nested too deep]"  # stands for a list or object nested deeper than MAX_DEPTH
UNREADABLE = "[unreadable]"  # stands for a value whose reading raised (host objects)
MAX_TEXT = 1_048_576  # characters (code points) scrubbed per string; the rest is cut off first
CUT_WINDOW = 256  # … and the word the cut splits, when it starts this close to the cut
MAX_DEPTH = 32  # levels of lists and objects `sanitize` copies
MAX_BLOCKS = 16  # content blocks `parse_result` reads
PAIR_NAMES = ("name", "Name", "NAME", "key", "Key", "KEY")  # {"name": <secret key name>, "value": …}
PAIR_VALUES = ("value", "Value", "VALUE")
MARKERS = {"redacted": REDACTED, "truncated": TRUNCATED, "too_deep": TOO_DEEP, "unreadable": UNREADABLE}
LIMITS = {"max_text": MAX_TEXT, "cut_window": CUT_WINDOW, "max_depth": MAX_DEPTH, "max_blocks": MAX_BLOCKS}


@dataclass(frozen=True)
class Rule:
    """One text rule."""

    name: str
    pattern: str
    replacement: str
    caseless: bool = False
    needles: tuple[str, ...] = ()  # one of these is in every match, as written
    words: tuple[str, ...] = ()  # one of these is in every match, in some letter case
    probes: tuple[str, ...] = ()  # fragments whose repetitions the linearity test feeds it


_KEY_WORDS = (  # one of these is in every secret key name (`errgen.targets.secret_names`)
    "pass", "pwd", "secret", "token", "auth", "credential", "creds", "bearer", "jwt", "key", "sess", "cookie", "csrf",
    "xsrf", "sid", "sig", "connection",
)  # fmt: skip
_K = p.KEY_CHAR
_ESCAPED_RUN = "[^ \\t\\r\\n\"'<>|:*?\\\\]*"  # a path segment between escaped slashes
# A key that is a name, not a word of prose: it joins words (x-api-key, db_password, apiKey) or is in capitals.
_NAME_KEY = f"{_K}*?(?:[-_.]|[a-z][A-Z])|[A-Z0-9]{{2,}}(?!{_K})"

TEXT_RULES: tuple[Rule, ...] = (
    # 1. what is secret or internal whole: private keys, stack traces
    Rule(
        "private_key",
        "-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----(?:[\\s\\S]*?-----END[^-\\r\\n]*-----|[\\s\\S]*)",
        REDACTED,
        needles=("PRIVATE KEY",),
        probes=("-----BEGIN PRIVATE KEY-----", "-----END", "-----BEGIN ", "RSA ", "-----", "x"),
    ),
    Rule(
        "putty_key",
        "PuTTY-User-Key-File-[0-9]+:(?:[\\s\\S]*?Private-MAC:[ \\t]*[0-9A-Fa-f]*|[\\s\\S]*)",
        REDACTED,
        needles=("PuTTY-User-Key-File-",),
        probes=("PuTTY-User-Key-File-2:", "Private-MAC:", "PuTTY-User-Key-File-", " "),
    ),
    Rule(
        "python_traceback",
        "Traceback \\(most recent call last\\):[\\s\\S]*",
        TRACE,
        needles=("Traceback (most recent call last):",),
        probes=("Traceback (most recent call last):", "Traceback (", "x", "\n"),
    ),
    Rule(  # Python frames without their header, each on its own line (raw or escaped line break) …
        "python_frame_line",
        f"{p.EOL}{p.INDENT}{p.PY_FRAME}",
        "",
        needles=('File "', 'File \\"'),
        probes=('File "', '", line ', "1", "\n", "\\n", "    ", " ", 'File \\"', ", in ", "\n    x"),
    ),
    Rule(  # … or where else one starts a word
        "python_frame",
        f"File (?<![A-Za-z0-9_]File ){p.PY_FRAME[5:]}",
        "",
        needles=('File "', 'File \\"'),
        probes=('File "', '", line ', "1", "\n", "\\n", "    ", " ", 'File \\"', ", in "),
    ),
    Rule(  # JavaScript and Java frames on their own line, after a raw or an escaped line break …
        "stack_frame_line",
        f"{p.EOL}{p.INDENT}at {p.FRAME_TAIL}",
        "",
        needles=("at ",),
        probes=("at ", "()", "(", ")", "x", ":1", "/", " ", "\n", "\\n", "\n at x (", "at async ", "a.js:1:2"),
    ),
    Rule(  # … or wherever else one starts a word (joined frames, the start of the text), with a space after it
        "stack_frame",
        f"at (?<![A-Za-z0-9_$.]at ){p.FRAME_TAIL}[ \\t]?",
        "",
        needles=("at ",),
        probes=("at ", "()", "(", ")", "x", ":1", "/", "(at ", "at x (", "a.js:1:2", " "),
    ),
    Rule(  # any other line that reads "at name(…)", whole: what conformance packs call a stack trace
        "frame_like_line",
        f"\\n{p.AT_LINE}",
        "",
        needles=("at ",),
        probes=("at ", "()", "(", ")", "x", " ", "\n", "\nat (", ") "),
    ),
    Rule(
        "frame_like_first_line",
        f"^{p.AT_LINE}\\n?",
        "",
        needles=("at ",),
        probes=("at ", "()", "(", ")", "x", " ", "\n"),
    ),
    # 2. credentials
    Rule(  # every value of a cookie header (quoted ones are the key-value rule's)
        "cookie_header",
        '((?<![A-Za-z0-9_-])(?:set-)?cookie[ \\t]*:[ \\t]*)[^ \\t\\r\\n"\'\\\\\\[][^\\r\\n"\\\\]*',
        f"$1{REDACTED}",
        caseless=True,
        words=("cookie",),
        probes=("cookie:", "Set-Cookie: ", " ", "a=b; ", "cookie"),
    ),
    Rule(  # "name": "DB_PASSWORD", "value": "…" (a secret given as a name/value pair)
        "name_value_pair",
        f'(\\\\?"(?:name|key)\\\\?"[ \\t]*:[ \\t]*\\\\?"){p.SECRET_KEY}'
        f'({_K}+\\\\?"[ \\t]*,[ \\t]*\\\\?"value\\\\?"[ \\t]*:[ \\t]*){p.VALUE}',
        "$1$2" + p.redact_value(3),
        caseless=True,
        words=("value",),
        probes=('"name": "', "password", '", "value": ', '"', "\\", "x", ", "),
    ),
    Rule(  # key=value, key => value, "key"="value", when the key names a secret
        "key_value",
        f"(?<!{_K})(?={_K}+\\\\?[\"']?[ \\t]*[:=]?=){p.SECRET_KEY}({_K}+){p.ASSIGN}{p.VALUE}",
        "$1$2" + p.redact_value(3),
        caseless=True,
        needles=("=",),
        words=_KEY_WORDS,
        probes=("password", "token", "=", '"', "_", "\\", '\\"', "x", "Digest "),
    ),
    Rule(  # key: value, "key": "value", \"key\": \"value\" for a key that is a name (X-Api-Key, db_password, TOKEN)
        "key_colon_value",
        f"(?<!{_K})(?={_K}+\\\\?[\"']?[ \\t]*:)(?={_NAME_KEY}){p.SECRET_KEY}({_K}+){p.COLON}{p.VALUE}",
        "$1$2" + p.redact_value(3),
        caseless=True,
        needles=(":",),
        words=_KEY_WORDS,
        probes=("password", "TOKEN", ": ", '"', "x-token", "\\", '\\"', "x", "aK"),
    ),
    Rule(  # … and for a plain word (token, password), whose bare value must look like a credential: prose stays
        "word_colon_value",
        f"(?<!{_K})(?={_K}+\\\\?[\"']?[ \\t]*:)(?!{_NAME_KEY}){p.SECRET_KEY}({_K}+){p.COLON}{p.COLON_VALUE}",
        "$1$2" + p.redact_value(3),
        caseless=True,
        needles=(":",),
        words=_KEY_WORDS,
        probes=("password", "token", ": ", '"', "'", "\\", "x", "a1", "A"),
    ),
    Rule(  # <password>…</password>
        "xml_element",
        f"(<){p.SECRET_KEY}({_K}+>)[^<\\r\\n]+(?=</)",
        f"$1$2{REDACTED}",
        caseless=True,
        needles=("</",),
        words=_KEY_WORDS,
        probes=("<password>", "<", ">", "</", "x", "<token>x<"),
    ),
    Rule(  # the password of a URL's userinfo (scheme://user:password@host); a scheme starts a word
        "url_password",
        "((?<![A-Za-z0-9+.-])[A-Za-z][A-Za-z0-9+.-]*://[^ \\t\\r\\n/?#@:\"'<>]*:)[^ \\t\\r\\n/?#@\"'<>]+(?=@)",
        f"$1{REDACTED}",
        needles=("://",),
        words=("@",),
        probes=("a://", "b:", ":", "@", "x", "://"),
    ),
    Rule(
        "token_shape",
        f"(?<![A-Za-z0-9_-])(?:{p.TOKENS})",
        REDACTED,
        needles=p.TOKEN_NEEDLES,
        probes=("-eyJ", "eyJ", "eyJxxxxx.", "sk-", "xox", "x", "-", "_", "A", "1//0", "SG.", "hf_", "Q~"),
    ),
    Rule(  # a credential-looking word right after a secret word: "token 3f5e…", "aws_secret_access_key wJalr…"
        "word_then_credential",
        f"((?<!{_K})(?={_K}+[ \\t]+[A-Za-z0-9+/=_.-]{{16}})(?={_K}*?(?:{p.WORDS_BEFORE_CREDENTIAL}))"
        f"{_K}+[ \\t]+){p.CREDENTIAL}",
        f"$1{REDACTED}",
        caseless=True,
        words=("token", "bearer", "secret", "passw", "passphrase", "credential", "key", "auth", "session"),
        probes=("token ", "token", " ", "a", "1", "secret key ", "/"),
    ),
    Rule(  # a bearer or basic credential anywhere else
        "auth_scheme",
        "(?<![A-Za-z0-9_-])(bearer|basic)[ \\t]+(?=[A-Za-z]*[0-9._~+/=-])[A-Za-z0-9._~+/=-]+",
        f"$1 {REDACTED}",
        caseless=True,
        words=("bearer", "basic"),
        probes=("Bearer ", "basic ", " ", "a", "."),
    ),
    # 3. absolute paths that name a user or a machine
    Rule(  # C:\…, any drive
        "windows_path",
        f"(?<![A-Za-z0-9])[A-Za-z]:(?=\\\\){p.WIN_TAIL}",
        PATH,
        needles=(":\\",),
        probes=("C:\\", "\\", "a b", " ", "/", "x", "c:\\Program Files"),
    ),
    Rule(  # C:/Users/…, C:/Documents and Settings/…
        "windows_user_path",
        f"(?<![A-Za-z0-9])[A-Za-z]:(?=/+(?:users|documents and settings)[\\\\/]){p.WIN_TAIL}",
        PATH,
        caseless=True,
        needles=(":/",),
        words=("users", "documents and settings"),
        probes=("C:/", "c:/Users/", "/", "a b", " ", "Documents and Settings/", "x"),
    ),
    Rule(
        "unc_path",
        f"(?<![A-Za-z0-9\\\\])\\\\{{2,4}}[A-Za-z0-9._$?-]+(?=\\\\){p.WIN_TAIL}",
        PATH,
        needles=("\\\\",),
        probes=("\\\\", "\\\\\\\\", "srv\\", "a b", " ", "x"),
    ),
    Rule(  # /home/… written with JSON's escaped slashes (PHP's json_encode): \/home\/alice\/…
        "escaped_unix_path",
        f"\\\\/(?:home\\\\/|Users\\\\/|root(?![A-Za-z0-9_])){_ESCAPED_RUN}(?:\\\\/{_ESCAPED_RUN}){{0,64}}",
        PATH,
        needles=("\\/home\\/", "\\/Users\\/", "\\/root"),
        probes=("\\/home\\/", "\\/", "x", "\\/root", " "),
    ),
    Rule(
        "home_path",
        f"(?:/home/|/Users/){p.SEG}{p.UNIX_TAIL}",
        PATH,
        needles=("/home/", "/Users/"),
        probes=("/home/", "/Users/", "a b", "/", " ", "x"),
    ),
    Rule(
        "root_path",
        f"/root(?:/{p.UNIX_TAIL})?(?![A-Za-z0-9_])",
        PATH,
        needles=("/root",),
        probes=("/root", "/root/", "/", "a b", " "),
    ),
    Rule(
        "tilde_path",
        f"(?<![A-Za-z0-9_.~/-])~[A-Za-z_][A-Za-z0-9_.-]*(?=/){p.UNIX_TAIL}",
        PATH,
        needles=("~",),
        probes=("~alice", "~", "/", "a b", " ", "x"),
    ),
)


def caseless(pattern: str) -> str:
    """`pattern` with each ASCII letter outside a class spelled ``[aA]`` (classes are kept as written)."""
    out: list[str] = []
    i, in_class = 0, False
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\":
            out.append(pattern[i : i + 2])
            i += 2
            continue
        if in_class:
            in_class = ch != "]"
        elif ch == "[":
            in_class = True
        elif pattern.startswith("(?", i):  # (?: (?= (?! (?<= (?<! carry no letters
            out.append("(?")
            i += 2
            continue
        elif ch.isascii() and ch.isalpha():
            ch = f"[{ch.lower()}{ch.upper()}]"
        out.append(ch)
        i += 1
    return "".join(out)


def emitted(rule: Rule) -> str:
    """The pattern as both runtimes compile it."""
    return caseless(rule.pattern) if rule.caseless else rule.pattern


def _key_patterns() -> tuple[str, str]:
    secret, not_secret = object_key_patterns()
    return caseless(secret), caseless(not_secret)


SECRET_KEY_PATTERNS = _key_patterns()  # (secret, not secret), searched in an object's key


def python_replacement(replacement: str) -> str:
    """``$1`` → ``\\g<1>`` for ``re.sub``."""
    return re.sub(r"\$(\d+)", r"\\g<\1>", replacement)

"""The sanitizer's rules and limits, printed into the generated Python, TypeScript, Go and Rust.

A rule is a regular expression, its replacement (``$1``-style; Python writes ``\\g<1>``, Go and
Rust ``${1}``), the literal *needles* and lowercase *words* one of which every match holds (a
text without them skips the rule), and the fragments its linear-time test repeats (*probes*).

Patterns use only the subset that Go ``regexp`` (RE2), Rust ``regex``, Python ``re`` and a
JavaScript ``RegExp`` with the ``u`` flag run the same way (`check_subset` holds them to it): no
lookaround, no backreferences, explicit ASCII classes (no ``\\s``, ``\\d``, ``\\w``, ``\\b``, no
``.``; ``[\\s\\S]`` is any character), ``^`` and ``$`` for the start and the end of the text
(Python spells ``$`` ``\\Z``), no capturing group inside a repetition (JavaScript forgets it
between rounds). A *caseless* rule matches its ASCII letters outside classes in either case:
`caseless` spells each as ``[aA]``, because the engines' case-insensitive flags disagree on
non-ASCII letters.

Where a pattern would look around, it captures instead, as gitleaks' rules do: what precedes a
match is group 1 (``(^|[^A-Za-z0-9_-])``), put back by the replacement. A rule whose decision
needs more than a pattern can say (is this key a secret's name?) is a *key rule*: its pattern
finds a key (group 2, after group 1) and its ``value`` pattern is matched right after that; the
rule's *checks* then look for a pattern in the key or in a group of the value. A key rule that
fails its checks goes on searching right after the key, where a lookahead would have failed; its
replacement applies to the value, the key part is kept.

Every rule runs in time linear in its text in the backtracking engines, by construction (Go's
and Rust's engines are linear whatever the pattern): a match starts only after a character its
first run cannot hold, never inside a run it would scan; no two neighbouring quantified parts can
match the same text; a key rule reads a value only once its key passes its checks, and starts
again right after that key. The reference implementation is `errgen.targets.sanitizer.scrub`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from re import _parser  # type: ignore[attr-defined]

from errgen.targets.sanitizer import parts as p
from errgen.targets.sanitizer.secret_names import object_key_patterns

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
class Check:
    """A condition on a key rule's match: `CHECKS[name]` is found in a group (with `found` false: is not).

    Group 0 is the key; group n ≥ 1 is group n of the value. A check on a value group that took no
    part in the match holds.
    """

    group: int
    name: str
    found: bool = True


@dataclass(frozen=True)
class Rule:
    """One text rule."""

    name: str
    pattern: str  # searched; for a key rule, what precedes the key (group 1), the key (group 2) and after it
    replacement: str  # of the match; for a key rule, of the value (the key part is kept)
    caseless: bool = False
    needles: tuple[str, ...] = ()  # one of these is in every match, as written
    words: tuple[str, ...] = ()  # one of these is in every match, in some letter case
    probes: tuple[str, ...] = ()  # fragments whose repetitions the linearity test feeds it
    value: str = ""  # a key rule's value, matched right after its pattern's match (and its separator's)
    checks: tuple[Check, ...] = ()  # all of them hold, or the key rule does not match there
    separator: str = ""  # of a key rule whose pattern is KEYS: what must follow the key (kept), before the value


KEY_WORDS = p.KEY_WORDS
_KEY_WORDS = KEY_WORDS
_NOT_ESCAPED = " \\t\\r\\n\"'<>|:*?\\\\"  # what ends a path written with escaped slashes
_ESCAPED_RUN = f"[^{_NOT_ESCAPED}]*"  # a path segment between escaped slashes
_ESCAPED_TAIL = f"{_ESCAPED_RUN}(?:\\\\/{_ESCAPED_RUN}){{0,64}}"
_SECRET = (Check(0, "secret"), Check(0, "not_secret", found=False))  # the key names a secret
_NOT_LITERAL = Check(p.BARE + 1, "json_structure", found=False)

_DIGITS = tuple("0123456789")
# A token rule whose needle is common gets a second condition (words need not be letters): name → needles
# (else the shape's), words.
_OWN_RULE_FILTERS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "telegram_bot_token": ((), _DIGITS),  # its bot's id
    "azure_client_secret": ((), _DIGITS),
    "discord_bot_token": (("M", "N", "O"), (".",)),  # its first letter, and its dots
}

# Patterns a key rule's checks look for (`Check.name`); the first two also decide an object's keys.
CHECKS: dict[str, str] = {
    "secret": "",  # filled below: secret_names.object_key_patterns(), caseless
    "not_secret": "",
    "name": p.NAME_KEY,
    "credential_key": p.WORDS_BEFORE_CREDENTIAL,  # caseless, below
    "six_characters": p.SIX_CHARACTERS,
    "credential_mark": p.CREDENTIAL_MARK,
    "json_structure": p.JSON_STRUCTURE,
    "option": "^-",
    "digit": "[0-9]",
    "letter": "[A-Za-z]",
}

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
        elif pattern.startswith("(?", i):  # (?: carries no letters
            out.append("(?")
            i += 2
            continue
        elif ch.isascii() and ch.isalpha():
            ch = f"[{ch.lower()}{ch.upper()}]"
        out.append(ch)
        i += 1
    return "".join(out)


# The pattern of a key rule that finds its key by its words: a whole run of key characters holding one of the
# KEY_WORDS in any case (group 2), after what precedes it (group 1); the rule's separator must follow it (its
# text is kept with the key's), then its value. The runtimes may find these runs their own way (`finds_keys`).
KEYS = p.KEY_RUN.format(words=caseless("|".join(p.KEY_WORDS)))

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
        words=(", line ",),  # (words need not be letters: a second condition every match meets)
        probes=('File "', '", line ', "1", "\n", "\\n", "    ", " ", 'File \\"', ", in ", "\n    x", "\n    F"),
    ),
    Rule(  # … or where else one starts a word
        "python_frame",
        f"(^|[^A-Za-z0-9_]){p.PY_FRAME}",
        "$1",
        needles=('File "', 'File \\"'),
        words=(", line ",),
        probes=('File "', '", line ', "1", "\n", "\\n", "    ", " ", 'File \\"', ", in "),
    ),
    Rule(  # JavaScript and Java frames on their own line, after a raw or an escaped line break …
        "stack_frame_line",
        f"{p.EOL}{p.INDENT}at {p.FRAME_TAIL}",
        "",
        needles=("at ",),
        words=("(", ":"),  # its location: (…) or path:line:column
        probes=("at ", "()", "(", ")", "x", ":1", "/", " ", "\n", "\\n", "\n at x (", "at async ", "a.js:1:2"),
    ),
    Rule(  # … or wherever else they start a word (joined frames, the start of the text), with a space after each
        "stack_frame",
        f"(^|[^A-Za-z0-9_$.])(?:at {p.FRAME_TAIL}[ \\t]?)+",
        "$1",
        needles=("at ",),
        words=("(", ":"),
        probes=("at ", "()", "(", ")", "x", ":1", "/", "(at ", "at x (", "a.js:1:2", " "),
    ),
    Rule(  # any other lines that read "at name(…)", whole: what conformance packs call a stack trace
        "frame_like_line",
        f"\\n{p.AT_LINE}(?:\\n{p.AT_LINE})*(\\n|$)",  # its first line spelled out: engines skip to "\\n"
        "$1",
        needles=("at ",),
        words=("(",),
        probes=("at ", "()", "(", ")", "x", " ", "\n", "\nat (", ") "),
    ),
    Rule(
        "frame_like_first_line",
        f"^{p.AT_LINE}(?:\\n|$)",
        "",
        needles=("at ",),
        words=("(",),
        probes=("at ", "()", "(", ")", "x", " ", "\n"),
    ),
    # 2. credentials
    Rule(  # every value of a cookie header (quoted ones are the key-value rule's)
        "cookie_header",
        '(^|[^A-Za-z0-9_-])((?:set-)?cookie[ \\t]*:[ \\t]*)[^ \\t\\r\\n"\'\\\\\\[][^\\r\\n"\\\\]*',
        f"$1$2{REDACTED}",
        caseless=True,
        needles=(":",),
        words=("cookie",),
        probes=("cookie:", "Set-Cookie: ", " ", "a=b; ", "cookie"),
    ),
    Rule(  # "name": "DB_PASSWORD", "value": "…" (a secret given as a name/value pair, up to 4 fields apart)
        "name_value_pair",
        f'("(?:name|key)\\\\*"[ \\t]*:[ \\t]*\\\\*")({p.KEY_CHAR}+)'
        '(\\\\*"[ \\t]*,[ \\t]*(?:\\\\*"[A-Za-z_]+\\\\*"[ \\t]*:[ \\t]*(?:\\\\*"[^"\\\\\\r\\n]*\\\\*"|[A-Za-z0-9.-]+)'
        '[ \\t]*,[ \\t]*){0,4}\\\\*"value\\\\*"[ \\t]*:[ \\t]*)',
        p.redact_value(1),
        caseless=True,
        words=("value",),
        probes=('"name": "', "password", '", "value": ', '"', "\\", "x", ", ", '"type": "s", '),
        value=p.VALUE,
        checks=_SECRET,
    ),
    Rule(  # key=value, key => value, "key"="value", when the key names a secret
        "key_value",
        KEYS,
        p.redact_value(1),
        caseless=True,
        needles=("=",),
        words=_KEY_WORDS,
        probes=("password", "token", "=", '"', "_", "\\", '\\"', "x", "Digest "),
        separator=p.ASSIGN,
        value=p.VALUE,
        checks=_SECRET,
    ),
    Rule(  # "key": "value" (JSON), 'key': 'value', \"key\": \"value\": any value, on the same line or the next
        "quoted_key_colon_value",
        KEYS,
        p.redact_next_line_value(),
        caseless=True,
        needles=(":",),
        words=_KEY_WORDS,
        probes=('password"', 'token"', ": ", '"', "\\", '\\"', "x", "\n", "\\n  "),
        separator=p.QUOTED_COLON,
        value=p.NEXT_LINE_VALUE,
        checks=(*_SECRET, _NOT_LITERAL),
    ),
    Rule(  # ["--password", "…"]: a command line's secret option and its value, as a JSON list
        "option_then_value",
        KEYS,
        p.redact_value(1),
        needles=("-",),
        words=_KEY_WORDS,
        probes=('"--password"', '", "', "-", '"', "x", ", "),
        separator=p.OPTION_COMMA,
        value=p.VALUE,
        checks=(*_SECRET, Check(0, "option")),
    ),
    Rule(  # key: value for a key that is a name (X-Api-Key, db_password, TOKEN)
        "key_colon_value",
        KEYS,
        p.redact_value(1),
        caseless=True,
        needles=(":",),
        words=_KEY_WORDS,
        probes=("password", "TOKEN", ": ", '"', "x-token", "\\", '\\"', "x", "aK"),
        separator=p.COLON,
        value=p.VALUE,
        checks=(*_SECRET, Check(0, "name")),
    ),
    Rule(  # … and for a plain word (token, password), whose bare value must look like a credential: prose stays
        "word_colon_value",
        KEYS,
        p.redact_value(1),
        caseless=True,
        needles=(":",),
        words=_KEY_WORDS,
        probes=("password", "token", ": ", '"', "'", "\\", "x", "a1", "A"),
        separator=p.COLON,
        value=p.VALUE,
        checks=(
            *_SECRET,
            Check(0, "name", found=False),
            Check(p.BARE, "six_characters"),
            Check(p.BARE, "credential_mark"),
        ),
    ),
    Rule(  # <password>…</password>
        "xml_element",
        f"(<)({p.KEY_CHAR}+)>",
        f"{REDACTED}$1",
        needles=("</",),
        words=_KEY_WORDS,
        probes=("<password>", "<", ">", "</", "x", "<token>x<"),
        value="[^<\\r\\n]+(</)",
        checks=_SECRET,
    ),
    Rule(  # the password of a URL's userinfo (scheme://user:password@host); a scheme starts a word
        "url_password",
        "(^|[^A-Za-z0-9+.-])([A-Za-z][A-Za-z0-9+.-]*://[^ \\t\\r\\n/?#@:\"'<>]*:)[^ \\t\\r\\n/?#@\"'<>]+@",
        f"$1$2{REDACTED}@",
        needles=("://",),
        words=("@",),
        probes=("a://", "b:", ":", "@", "x", "://"),
    ),
    Rule(  # a password given to a database client on its command line: mysql -pSECRET, redis-cli -a SECRET
        "db_client_password",
        f"(^|[^A-Za-z0-9_.-])({p.DB_CLIENT}){p.VALUE}",
        "$1$2" + p.redact_value(3),
        needles=p.DB_CLIENT_NEEDLES,
        words=("-p", "-a"),  # its password option (-p, -P, -a, --pass, --password)
        probes=("mysql", " -p", " ", "x", "redis-cli -a ", " -a", "mongo", "-p"),
    ),
    Rule(
        "token_shape",
        f"(^|[^A-Za-z0-9_-])(?:{p.TOKENS})",
        f"$1{REDACTED}",
        needles=p.TOKEN_NEEDLES,
        probes=("-eyJ", "eyJ", "eyJxxxxx.", "sk-", "xox", "x", "-", "_", "A", "1//0", "SG.", "hf_", "sntryu_"),
    ),
    *(
        Rule(
            name,
            f"(^|[^A-Za-z0-9_-])(?:{shape})",
            f"$1{REDACTED}",
            needles=_OWN_RULE_FILTERS.get(name, ((), ()))[0] or p.shape_needles(shape),
            words=_OWN_RULE_FILTERS.get(name, ((), ()))[1],
            probes=(*p.shape_needles(shape), "x", "-", "A", "1", "M", "."),
        )
        for name, shape in p.OWN_RULE_SHAPES.items()
    ),
    Rule(  # a credential-looking word right after a secret word: "token 3f5e…", "aws_secret_access_key wJalr…"
        "word_then_credential",
        KEYS,
        REDACTED,
        needles=(" ", "\t"),
        words=("token", "bearer", "secret", "passw", "passphrase", "credential", "key", "auth", "session"),
        probes=("token ", "token", " ", "a", "1", "secret key ", "/"),
        separator="[ \\t]+",
        value=f"({p.CREDENTIAL_RUN})",
        checks=(Check(0, "credential_key"), Check(1, "digit"), Check(1, "letter")),
    ),
    Rule(  # a bearer or basic credential anywhere else (a word with a digit or a sign)
        "auth_scheme",
        "(^|[^A-Za-z0-9_-])(bearer|basic)[ \\t]+[A-Za-z]*[0-9._~+/=-][A-Za-z0-9._~+/=-]*",
        f"$1$2 {REDACTED}",
        caseless=True,
        words=("bearer", "basic"),
        probes=("Bearer ", "basic ", " ", "a", "."),
    ),
    # 3. absolute paths that name a user or a machine
    Rule(  # C:\…, any drive
        "windows_path",
        f"(^|[^A-Za-z0-9])[A-Za-z]:\\\\{p.WIN_TAIL}",
        f"$1{PATH}",
        needles=(":\\",),
        probes=("C:\\", "\\", "a b", " ", "/", "x", "c:\\Program Files"),
    ),
    Rule(  # C:/Users/…, C:/Documents and Settings/…
        "windows_user_path",
        f"(^|[^A-Za-z0-9])[A-Za-z]:/+(?:users|documents and settings)[\\\\/]{p.WIN_TAIL}",
        f"$1{PATH}",
        caseless=True,
        needles=(":/",),
        words=("users", "documents and settings"),
        probes=("C:/", "c:/Users/", "/", "a b", " ", "Documents and Settings/", "x"),
    ),
    Rule(
        "unc_path",
        f"(^|[^A-Za-z0-9\\\\])\\\\{{2,4}}[A-Za-z0-9._$?-]+\\\\{p.WIN_TAIL}",
        f"$1{PATH}",
        needles=("\\\\",),
        probes=("\\\\", "\\\\\\\\", "srv\\", "a b", " ", "x"),
    ),
    Rule(  # /home/… written with JSON's escaped slashes (PHP's json_encode): \/home\/alice\/…; \/root, not \/rootfs
        "escaped_unix_path",
        f"\\\\/(?:(?:home|Users)\\\\/{_ESCAPED_TAIL}|root(?:(?:\\\\/|[^A-Za-z0-9_{_NOT_ESCAPED}]){_ESCAPED_TAIL}"
        f"|([{_NOT_ESCAPED}])|$))",
        f"{PATH}$1",
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
    Rule(  # /root, /root/…, not /rootfs
        "root_path",
        f"/root(?:/{p.UNIX_TAIL}|([^A-Za-z0-9_/]|$))",
        f"{PATH}$1",
        needles=("/root",),
        probes=("/root", "/root/", "/", "a b", " "),
    ),
    Rule(
        "tilde_path",
        f"(^|[^A-Za-z0-9_.~/-])~[A-Za-z_][A-Za-z0-9_.-]*/{p.UNIX_TAIL}",
        f"$1{PATH}",
        needles=("~",),
        words=("/",),
        probes=("~alice", "~", "/", "a b", " ", "x"),
    ),
)


def finds_keys(rule: Rule) -> bool:
    """Whether a rule is a key rule whose key is a run of key characters holding a secret word (`KEYS`)."""
    return rule.pattern == KEYS


def emitted(rule: Rule) -> str:
    """The pattern as the runtimes compile it."""
    return caseless(rule.pattern) if rule.caseless else rule.pattern


def emitted_separator(rule: Rule) -> str:
    """A key rule's separator as the runtimes compile it ("" when its pattern holds what follows the key)."""
    return caseless(rule.separator) if rule.caseless else rule.separator


def emitted_value(rule: Rule) -> str:
    """A key rule's value pattern as the runtimes compile it."""
    return caseless(rule.value) if rule.caseless else rule.value


def _checks() -> dict[str, str]:
    secret, not_secret = object_key_patterns()
    spelled = {"secret": secret, "not_secret": not_secret, "credential_key": CHECKS["credential_key"]}
    return {name: caseless(spelled[name]) if name in spelled else pattern for name, pattern in CHECKS.items()}


CHECKS = _checks()
CHECK_NAMES = tuple(CHECKS)  # a check's index in the runtimes' table
SECRET_KEY_PATTERNS = (CHECKS["secret"], CHECKS["not_secret"])  # (secret, not secret), searched in a key


_FINDABLE = 4  # characters: a value never shorter is worth looking for first


def value_worth_finding(rule: Rule) -> bool:
    """Whether a key rule's value is worth looking for anywhere in a text before its keys are: every match
    of it is 4 characters long or more (a bare word, one character, is in nearly every text)."""
    return bool(rule.value) and _parser.parse(python_pattern(emitted_value(rule))).getwidth()[0] >= _FINDABLE


def bounded(rule: Rule) -> bool:
    """Whether a rule without a value opens with a boundary, ``(^|[^…])`` (the text's start, or a character
    its match cannot start with), that its replacement puts back (``$1``)."""
    return not rule.value and rule.pattern.startswith("(^|[^") and rule.replacement.startswith("$1")


def as_boundary_character(pattern: str) -> str:
    """A bounded pattern with its opening ``(^|[^…])`` as ``([^…])``: run on a text after one character no
    boundary class holds, it matches where the pattern matches in the text (Python's ``re`` then skips to the
    characters the class holds, instead of trying the pattern at every position)."""
    assert pattern.startswith("(^|[^")
    return "([" + pattern[len("(^|[") :]


def literal(text: str) -> str:
    """`text` as a pattern that matches it, each special character escaped as every engine reads it."""
    return "".join(f"\\{ch}" if ch in "\\()[].${}|?*+^" else ch for ch in text)


def one_of(texts: tuple[str, ...], *, caseless_letters: bool = False) -> str:
    """A pattern that matches any of `texts` (ASCII letters in either case with `caseless_letters`)."""
    pattern = "|".join(literal(text) for text in texts)
    return caseless(pattern) if caseless_letters else pattern


def python_pattern(pattern: str) -> str:
    """A pattern as Python's ``re`` spells it: ``$`` (the end of the text) is ``\\Z``."""
    out, i, in_class = [], 0, False
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\":
            out.append(pattern[i : i + 2])
            i += 2
            continue
        if in_class:
            in_class = ch != "]" or pattern[i - 1] == "["
        elif ch == "[":
            in_class = True
            if pattern.startswith("[^", i):
                out.append("[^")
                i += 2
                continue
        out.append("\\Z" if ch == "$" and not in_class else ch)
        i += 1
    return "".join(out)


def python_replacement(replacement: str) -> str:
    """``$1`` → ``\\g<1>`` for ``re.sub`` and ``Match.expand``."""
    return re.sub(r"\$(\d+)", r"\\g<\1>", replacement)


def braced_replacement(replacement: str) -> str:
    """``$1`` → ``${1}`` for Go's ``Expand`` and Rust's ``Captures::expand``."""
    return re.sub(r"\$(\d+)", r"${\1}", replacement)

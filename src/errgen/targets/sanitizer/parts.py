"""The building blocks of the sanitizer's patterns (`errgen.targets.sanitizer.patterns` assembles them).

Each block is regular-expression text in the subset that Go ``regexp``, Rust ``regex``, Python
``re`` and a JavaScript ``RegExp`` (``u`` flag) read the same way: no lookaround, no
backreferences, explicit ASCII classes (no ``\\s``, ``\\d``, ``\\w``, ``\\b``, no ``.``). Each is
linear on its own in the backtracking engines: every quantified part is followed by something its
class cannot match.
"""

from __future__ import annotations

REDACTED = "[REDACTED]"

EOL = "(?:\\n|\\r\\n|\\\\n|\\\\r\\\\n)"  # a line break, raw or JSON-escaped (each alternative starts with a literal)
TO_EOL = "[^\\r\\n\\\\]*(?:\\\\[^rn\\r\\n][^\\r\\n\\\\]*)*"  # the rest of a line, raw or JSON-escaped
INDENT = "[ \\t]*(?:\\\\t[ \\t]*)*"  # spaces and tabs, raw or JSON-escaped

# -- key = value -------------------------------------------------------------------------
KEY_CHAR = "[A-Za-z0-9_.-]"
KEY_WORDS = (  # one of these is in every secret key name (`errgen.targets.sanitizer.secret_names`), in some case
    "pass", "pwd", "secret", "token", "auth", "credential", "creds", "bearer", "jwt", "key", "sess", "cookie", "csrf",
    "xsrf", "sid", "sig", "connection",
)  # fmt: skip
# What precedes a key (group 1) and the key (group 2): a whole run of key characters that holds one of the
# KEY_WORDS (spelled caseless by `patterns.KEYS`). Linear in the backtracking engines: it starts only after a
# character the run cannot hold, tries the words through the run once, and nothing after the run can fail.
KEY_RUN = "(^|[^A-Za-z0-9_.-])([A-Za-z0-9_.-]*?(?:{words})[A-Za-z0-9_.-]*)"
# What follows a key (a key rule's separator): the key's closing quote, then `=`, `:=` or `=>` …
ASSIGN = "\\\\*[\"']?[ \\t]*(?:=>|:=|=)[ \\t]*"
COLON = "\\\\*[\"']?[ \\t]*:[ \\t]*"  # … then `:`
QUOTED_COLON = "\\\\*[\"'][ \\t]*:[ \\t]*"  # … a closing quote there must be
OPTION_COMMA = "\\\\*[\"'][ \\t]*,[ \\t]*"  # … and a comma (the next item of a list)
# (opening)(content)(closing) of "…", '…' and of a quote escaped once or more (\"…\", \\\"…\\\"): nine
# groups. Content is never empty, and runs to the closing quote (escaped quotes and backslashes included).
_QUOTED = (
    '(\\\\+")((?:[^"\\\\\\r\\n]|\\\\+[^"\\\\\\r\\n])+)((?:\\\\+")?)'
    '|(")((?:[^"\\\\\\r\\n]|\\\\[^\\r\\n])[^"\\\\\\r\\n]*(?:\\\\[^\\r\\n][^"\\\\\\r\\n]*)*)("?)'
    "|(')((?:[^'\\\\\\r\\n]|\\\\[^\\r\\n])[^'\\\\\\r\\n]*(?:\\\\[^\\r\\n][^'\\\\\\r\\n]*)*)('?)"
)
_WORD = "[^ \\t\\r\\n\"'&,;)}<>\\\\]"
PLAIN = f"[^ \\t\\r\\n\"'&,;)}}<>\\\\\\[]{_WORD}*"  # never starts with "[": [REDACTED] stays
_SCHEME = (  # an Authorization value: the scheme and its credentials (Digest and the like: to the line's end)
    f"(?:digest|oauth|hawk|aws4-hmac-sha256|signature)[ \\t]{TO_EOL}"
    f"|(?:bearer|basic|token|apikey|api-key|key|negotiate|ntlm|ssws|bot|jwt)[ \\t]+{PLAIN}"
)
# A value: quoted (groups 1-9), an Authorization scheme and its credential (10), or a bare word (11).
VALUE = f"(?:{_QUOTED}|({_SCHEME})|({PLAIN}))"
VALUE_GROUPS = 11
BARE = 11  # the group of a bare value
# … and after a quoted key, on the next line too (pretty-printed JSON; the line break is group 1),
# or quoted as the first item of a list (its "[" is group 13, the quoted groups 14-22).
NEXT_LINE_VALUE = f"(?:((?:{EOL}{INDENT})?){VALUE}|(\\[[ \\t]*)(?:{_QUOTED}))"


def redact_value(first: int, *more: int) -> str:
    """The replacement of a VALUE whose groups start at `first` (and of quoted values at `more`): quotes
    kept, content redacted."""
    opening = "".join(f"${start + i}" for start in (first, *more) for i in (0, 3, 6))
    closing = "".join(f"${start + i}" for start in (first, *more) for i in (2, 5, 8))
    return f"{opening}{REDACTED}{closing}"


def redact_next_line_value() -> str:
    """The replacement of a NEXT_LINE_VALUE: its line break or "[", its quotes kept, its content redacted."""
    return "$1$13" + redact_value(2, 14)


# A key that is a name, not a word of prose: it joins words (x-api-key, db_password, apiKey) or is in capitals.
NAME_KEY = "[-_.]|[a-z][A-Z]|^[A-Z0-9][A-Z0-9]+$"
# A bare value after a colon and a plain word is taken for a credential only if it looks like one (6
# characters or more, with a digit or a sign, an inner capital, or 20 characters): "token: the token
# expired" is prose. Two checks: six characters; and a digit or sign, an inner capital or 20 characters.
SIX_CHARACTERS = "^[\\s\\S]{6}"
CREDENTIAL_MARK = "[0-9+/=_~.-]|[\\s\\S][A-Z]|^[\\s\\S]{20}"
JSON_STRUCTURE = "^(?:null|true|false)$|^\\{"  # a JSON literal, or the start of an object
# A credential-looking word: at least 16 characters of these, with a digit and a letter (checked apart).
CREDENTIAL_RUN = "[A-Za-z0-9+/=_.-]{16,}"
WORDS_BEFORE_CREDENTIAL = "token|bearer|secret|passw|passphrase|credential|api[-_]?key|access[-_]?key|auth|session"

# -- paths -------------------------------------------------------------------------------
SEG = "[^/ \\t\\r\\n\"'<>|\\\\:*?]+"  # a path segment: no separator, space, quote or colon
_UNIX_RUN = "[^ \\t\\r\\n\"'<>|\\\\:*?]*"  # segments and "/", no space
_WIN_RUN = "[^ \\t\\r\\n\"'<>|:*?]*"  # segments, "/" and "\\", no space
# The rest of a path: a space goes on only into a segment a separator closes (up to 8 spaces
# in a segment, 32 such segments in a path: a match stays small).
UNIX_TAIL = f"{_UNIX_RUN}(?:(?: {SEG}){{1,8}}/{_UNIX_RUN}){{0,32}}"
WIN_TAIL = f"{_WIN_RUN}(?:(?: {SEG}){{1,8}}[\\\\/]{_WIN_RUN}){{0,32}}"

# -- stack frames ------------------------------------------------------------------------
# The first character of a code line under a Python frame: no space, and not the start of "File ".
_CODE_START = (
    "(?:[^ \\t\\r\\n\\\\F]|\\\\[^rn\\r\\n]"
    "|F(?:[^i\\r\\n\\\\]|i[^l\\r\\n\\\\]|il[^e\\r\\n\\\\]|ile[^ \\r\\n\\\\]))"
)
PY_FRAME = (  # a Python frame line, and up to two code lines indented under it
    f'File \\\\?"[^"\\r\\n]*\\\\?", line [0-9]+(?:, in {TO_EOL})?'
    f"(?:{EOL}[ \\t]{{4,}}{_CODE_START}{TO_EOL}){{0,2}}"
)
AT_LINE = "[ \\t]*at [^ \\t\\r\\n()]+ ?\\([^\\n]*\\)[ \\t]*"  # a line "at name(…)", up to its end
_LOCATION = "\\((?:[^()\\r\\n]*:[0-9]+(?::[0-9]+)?|<anonymous>|native|index [0-9]+|Native Method|Unknown Source)\\)"
_NAME = "(?:async |new )?[^ \\t\\r\\n()]+(?: \\[as [^ \\t\\r\\n\\]]+\\])?"
# path:line:col with a "/", "\\" or "." in the path
_BARE_LOCATION = "[^ \\t\\r\\n()\"'/\\\\.]*[/\\\\.][^ \\t\\r\\n()\"']*:[0-9]+:[0-9]+"
FRAME_TAIL = f"(?:{_NAME} ?{_LOCATION}|{_BARE_LOCATION})"  # a JavaScript or Java frame, after "at "

# -- token shapes ------------------------------------------------------------------------
# (pattern, needles, the scanner rule it follows); tests/hostile/secrets_corpus.yaml has samples.
# A shape of fixed length takes the rest of its word with it ([A-Za-z0-9]*): a longer word that
# starts like a token is redacted whole.
_GITLAB: tuple[str, ...] = ("glpat-", "glptt-", "gldt-", "glrt-", "glft-", "glsoat-", "glffct-", "glimt-")
_GITLAB += ("glagent-", "gloas-", "glcbt-", "GR1348941")
TOKEN_SHAPES: tuple[tuple[str, tuple[str, ...], str], ...] = (
    ("sk-[A-Za-z0-9_-]{16,}", ("sk-",), "gitleaks openai-api-key, anthropic-api-key"),
    ("gh[pousr]_[A-Za-z0-9]{20,}", ("ghp_", "gho_", "ghu_", "ghs_", "ghr_"), "gitleaks github-pat, github-oauth, …"),
    ("github_pat_[A-Za-z0-9_]{20,}", ("github_pat_",), "gitleaks github-fine-grained-pat"),
    (
        "gl(?:pat|ptt|dt|rt|ft|soat|ffct|imt|agent|oas)-[A-Za-z0-9_-]{20,}|glcbt-[A-Za-z0-9]{1,5}_[A-Za-z0-9_-]{20,}"
        "|GR1348941[A-Za-z0-9_-]{20,}",
        _GITLAB,
        "gitleaks gitlab-pat, gitlab-ptt, gitlab-deploy-token, gitlab-runner-authentication-token, gitlab-feed-token, "
        "gitlab-scim-token, gitlab-feature-flag-client-token, gitlab-incoming-mail-token, "
        "gitlab-kubernetes-agent-token, gitlab-oauth-app-secret, gitlab-cicd-job-token, gitlab-rrt",
    ),
    (
        "(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA)[A-Z0-9]{16}[A-Za-z0-9]*",
        ("A3T", "AKIA", "ASIA", "ABIA", "ACCA", "AGPA", "AIDA", "AROA", "AIPA", "ANPA", "ANVA"),
        "gitleaks aws-access-token, Nosey Parker np.aws.1",
    ),
    ("xox[abposre]-[A-Za-z0-9-]{10,}", ("xox",), "gitleaks slack-bot-token, slack-user-token, slack-legacy-token"),
    ("xapp-[0-9]-[A-Za-z0-9-]{10,}", ("xapp-",), "gitleaks slack-app-token"),
    ("eyJ[A-Za-z0-9_-]{5,}\\.eyJ[A-Za-z0-9_-]{5,}\\.[A-Za-z0-9_-]*", ("eyJ",), "gitleaks jwt"),
    ("[sr]k_(?:live|test|prod)_[A-Za-z0-9]{10,}", ("k_live_", "k_test_", "k_prod_"), "gitleaks stripe-access-token"),
    ("whsec_[A-Za-z0-9]{20,}", ("whsec_",), "GitHub secret scanning stripe_webhook_signing_secret"),
    ("AIza[0-9A-Za-z_-]{35,}", ("AIza",), "gitleaks gcp-api-key"),
    ("ya29\\.[0-9A-Za-z_-]{20,}", ("ya29.",), "Nosey Parker np.google.4 (google_oauth_access_token)"),
    ("GOCSPX-[A-Za-z0-9_-]{20,}", ("GOCSPX-",), "Nosey Parker np.google.2 (google_oauth_client_secret)"),
    ("1//0[0-9A-Za-z_-]{20,}", ("1//0",), "GitHub secret scanning google_oauth_refresh_token"),
    ("SG\\.[A-Za-z0-9_-]{16,}\\.[A-Za-z0-9_-]{16,}", ("SG.",), "gitleaks sendgrid-api-token, detect-secrets"),
    ("npm_[A-Za-z0-9]{30,}", ("npm_",), "gitleaks npm-access-token"),
    ("pypi-AgE[A-Za-z0-9_-]{40,}", ("pypi-AgE",), "gitleaks pypi-upload-token, detect-secrets PypiTokenDetector"),
    ("hf_[A-Za-z0-9]{30,}|api_org_[A-Za-z0-9]{30,}", ("hf_", "api_org_"), "gitleaks huggingface-*"),
    ("(?:SK|AC)[0-9a-fA-F]{32}[A-Za-z0-9]*", ("SK", "AC"), "gitleaks twilio-api-key, detect-secrets Twilio"),
    ("do[opr]_v1_[a-f0-9]{64}", ("_v1_",), "gitleaks digitalocean-pat, -access-token, -refresh-token"),
    ("shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}", ("shp",), "gitleaks shopify-*"),
    ("dapi[a-f0-9]{32}[A-Za-z0-9]*", ("dapi",), "gitleaks databricks-api-token"),
    ("lin_(?:api|oauth)_[A-Za-z0-9]{40,}", ("lin_api_", "lin_oauth_"), "gitleaks linear-api-key"),
    ("PMAK-[a-f0-9]{24}-[a-f0-9]{34}", ("PMAK-",), "gitleaks postman-api-token"),
    ("dp\\.pt\\.[A-Za-z0-9]{40,}", ("dp.pt.",), "gitleaks doppler-api-token"),
    ("AGE-SECRET-KEY-1[0-9A-Z]{58}", ("AGE-SECRET-KEY-1",), "gitleaks age-secret-key"),
    ("hvs\\.[A-Za-z0-9_-]{24,}", ("hvs.",), "gitleaks vault-service-token"),
    ("pul-[a-f0-9]{40}|rubygems_[a-f0-9]{48}", ("pul-", "rubygems_"), "gitleaks pulumi-api-token, rubygems-api-token"),
    ("sq0(?:atp|csp)-[A-Za-z0-9_-]{22,}", ("sq0",), "gitleaks square-access-token"),
    (
        "hooks\\.slack\\.com/(?:services|workflows|triggers)/[A-Za-z0-9_/+-]{20,}",
        ("hooks.slack.com/",),
        "gitleaks slack-webhook-url, detect-secrets SlackDetector",
    ),
    (
        "discord(?:app)?\\.com/api/webhooks/[0-9]{5,}/[A-Za-z0-9_-]{20,}",
        ("/api/webhooks/",),
        "GitHub secret scanning discord_webhook_url",
    ),
    (
        "[A-Za-z0-9-]+\\.webhook\\.office\\.com/webhookb2/[A-Za-z0-9@/_-]{20,}",
        (".webhook.office.com/",),
        "gitleaks microsoft-teams-webhook",
    ),
    ("[A-Za-z0-9_~.]{3}[0-9]Q~[A-Za-z0-9_~.-]{31,}", ("Q~",), "gitleaks azure-ad-client-secret"),
    # error tracking and monitoring
    ("sntryu_[a-f0-9]{64}", ("sntryu_",), "gitleaks sentry-user-token"),
    ("sntrys_eyJ[A-Za-z0-9+/=_]{40,}", ("sntrys_",), "gitleaks sentry-org-token"),
    (
        "NRAK-[A-Za-z0-9]{27}|NRII-[A-Za-z0-9-]{32}|NRJS-[a-f0-9]{19}",
        ("NRAK-", "NRII-", "NRJS-"),
        "gitleaks new-relic-user-api-key, new-relic-insert-key, new-relic-browser-api-token",
    ),
    (
        "glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}|glc_[A-Za-z0-9+/]{32,}={0,3}",
        ("glsa_", "glc_"),
        "gitleaks grafana-service-account-token, grafana-cloud-api-token",
    ),
    # chat platforms
    (
        "(?:bot)?[0-9]{5,16}:A[A-Za-z0-9_-]{34,}",
        (":A",),
        "gitleaks telegram-bot-api-token (core.telegram.org/bots/api: https://api.telegram.org/bot<token>/)",
    ),
    (
        "[MNO][A-Za-z0-9_-]{23,25}\\.[A-Za-z0-9_-]{6}\\.[A-Za-z0-9_-]{27,}",
        (".",),
        "GitHub secret scanning discord_bot_token",
    ),
    # issue trackers
    ("ATATT3[A-Za-z0-9_=-]{186,}", ("ATATT3",), "gitleaks atlassian-api-token"),
    ("pk_[0-9]{6,10}_[0-9A-Z]{32}", ("pk_",), "GitHub secret scanning clickup_personal_token"),
)
# Shapes whose needles are common ("SK", ".") are rules of their own (name → pattern), so that the
# others' one pattern runs only where one of their rarer needles is.
def _shape(source: str) -> str:
    """The one pattern of TOKEN_SHAPES whose scanner rule names `source`."""
    (pattern,) = [pattern for pattern, _, rule in TOKEN_SHAPES if source in rule]
    return pattern


OWN_RULE_SHAPES = {
    "aws_key_id": _shape("aws-access-token"),
    "twilio_key": _shape("twilio-api-key"),
    "azure_client_secret": _shape("azure-ad-client-secret"),
    "telegram_bot_token": _shape("telegram-bot-api-token"),
    "discord_bot_token": _shape("discord_bot_token"),
}
_SHARED = [(pattern, needles) for pattern, needles, _ in TOKEN_SHAPES if pattern not in OWN_RULE_SHAPES.values()]
TOKENS = "|".join(pattern for pattern, _ in _SHARED)
TOKEN_NEEDLES = tuple(needle for _, needles in _SHARED for needle in needles)


def shape_needles(pattern: str) -> tuple[str, ...]:
    """The needles of one of TOKEN_SHAPES."""
    return next(needles for shape, needles, _ in TOKEN_SHAPES if shape == pattern)


# -- database command lines -------------------------------------------------------------------
# A password given to a database client on its command line: the client, up to 16 arguments, then
# its password option (each family's own spelling: mysql takes -p<password> joined, mongo -p <password>).
_ARGS = "(?:[ \\t]+[^ \\t\\r\\n]+){0,16}?[ \\t]+"
_CLIENTS = (
    ("(?:mysql|mysqldump|mysqladmin|mysqlimport|mysqlcheck|mysqlshow|mariadb|mariadb-dump)", "-p"),
    ("(?:mongo|mongosh|mongodump|mongorestore|mongoexport|mongoimport|mongostat|mongotop|mongofiles|cqlsh)",
     "(?:-p|--password)(?:[ \\t]+|=)"),
    ("redis-cli", "(?:-a|--pass)(?:[ \\t]+|=)"),
    ("(?:sqlcmd|bcp|osql)", "-P[ \\t]*"),
    ("sshpass", "-p[ \\t]*"),
    ("(?:clickhouse-client|influx)", "-{1,2}password(?:[ \\t]+|=)"),
)  # fmt: skip
DB_CLIENT = "|".join(f"{client}(?:\\.exe)?{_ARGS}{flag}" for client, flag in _CLIENTS)
DB_CLIENT_NEEDLES: tuple[str, ...] = ("mysql", "mariadb", "mongo", "cqlsh", "redis-cli", "sqlcmd", "bcp", "osql")
DB_CLIENT_NEEDLES += ("sshpass", "clickhouse-client", "influx")

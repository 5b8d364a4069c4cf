"""The building blocks of the sanitizer's patterns (`errgen.targets.runtime_patterns` assembles them).

Each block is regular-expression text that Python ``re`` and a JavaScript ``RegExp``
with the ``u`` flag read the same way, and that is linear on its own: every quantified
part is followed by something its class cannot match, or by a lookahead.
"""

from __future__ import annotations

from errgen.targets.secret_names import text_key_check

REDACTED = "[REDACTED]"

EOL = "(?:\\n|\\r\\n|\\\\n|\\\\r\\\\n)"  # a line break, raw or JSON-escaped (each alternative starts with a literal)
TO_EOL = "[^\\r\\n\\\\]*(?:\\\\[^rn\\r\\n][^\\r\\n\\\\]*)*"  # the rest of a line, raw or JSON-escaped
INDENT = "[ \\t]*(?:\\\\t[ \\t]*)*"  # spaces and tabs, raw or JSON-escaped

# -- key = value -------------------------------------------------------------------------
KEY_CHAR = "[A-Za-z0-9_.-]"
SECRET_KEY = text_key_check()  # at the start of a key: the key names a secret
ASSIGN = "(\\\\?[\"']?[ \\t]*(?:=>|:=|=)[ \\t]*)"  # the key's closing quote, then `=`, `:=` or `=>`
COLON = "(\\\\?[\"']?[ \\t]*:[ \\t]*)"  # the key's closing quote, then `:`
_QUOTED = (  # (opening)(content)(closing) of \\"…\\", "…" and '…': nine groups
    '(\\\\")((?!\\\\"|[\\r\\n])[^"\\\\\\r\\n]*(?:\\\\[^"\\r\\n][^"\\\\\\r\\n]*)*)((?:\\\\")?)'
    '|(")((?=[^"\\r\\n])[^"\\\\\\r\\n]*(?:\\\\[^\\r\\n][^"\\\\\\r\\n]*)*)("?)'
    "|(')((?=[^'\\r\\n])[^'\\\\\\r\\n]*(?:\\\\[^\\r\\n][^'\\\\\\r\\n]*)*)('?)"
)
_WORD = "[^ \\t\\r\\n\"'&,;)}<>\\\\]"
PLAIN = f"[^ \\t\\r\\n\"'&,;)}}<>\\\\\\[]{_WORD}*"  # never starts with "[": [REDACTED] stays
# After a colon, a plain value is taken for a credential only if it looks like one (6 characters
# or more, with a digit or a sign, an inner capital, or 20 characters): "token: the token expired"
# is prose.
_CREDENTIAL_WORD = f"(?={_WORD}{{6}})(?={_WORD}*[0-9+/=_~.-]|{_WORD}{{20}}|{_WORD}+[A-Z]){PLAIN}"
_SCHEME = (  # an Authorization value: the scheme and its credentials (Digest and the like: to the line's end)
    f"(?:digest|oauth|hawk|aws4-hmac-sha256|signature)[ \\t]{TO_EOL}"
    f"|(?:bearer|basic|token|apikey|api-key|key|negotiate|ntlm|ssws|bot|jwt)[ \\t]+{PLAIN}"
)
VALUE = f"(?:{_QUOTED}|({_SCHEME}|{PLAIN}))"  # ten groups
COLON_VALUE = f"(?:{_QUOTED}|({_SCHEME}|{_CREDENTIAL_WORD}))"  # ten groups


def redact_value(first: int) -> str:
    """The replacement of a VALUE whose groups start at `first`: its quotes kept, its content redacted."""
    opening = "".join(f"${first + i}" for i in (0, 3, 6))
    closing = "".join(f"${first + i}" for i in (2, 5, 8))
    return f"{opening}{REDACTED}{closing}"


# A credential-looking word: at least 16 characters, with a digit and a letter.
CREDENTIAL = "(?=[A-Za-z+/=_.-]*[0-9])(?=[0-9+/=_.-]*[A-Za-z])[A-Za-z0-9+/=_.-]{16,}"
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
PY_FRAME = (  # a Python frame line, and up to two code lines indented under it
    f'File \\\\?"[^"\\r\\n]*\\\\?", line [0-9]+(?:, in {TO_EOL})?'
    f"(?:{EOL}[ \\t]{{3}}[ \\t]+(?![ \\t]|File ){TO_EOL}){{0,2}}"
)
AT_LINE = "[ \\t]*at [^ \\t\\r\\n()]+ ?\\([^\\n]*\\)[ \\t]*(?![^\\n])"  # a whole line "at name(…)"
_LOCATION = "\\((?:[^()\\r\\n]*:[0-9]+(?::[0-9]+)?|<anonymous>|native|index [0-9]+|Native Method|Unknown Source)\\)"
_NAME = "(?:async |new )?[^ \\t\\r\\n()]+(?: \\[as [^ \\t\\r\\n\\]]+\\])?"
_BARE_LOCATION = "(?=[^ \\t\\r\\n()\"']*[/\\\\.])[^ \\t\\r\\n()\"']+:[0-9]+:[0-9]+(?![^ \\t\\r\\n)\"'\\\\])"
FRAME_TAIL = f"(?:{_NAME} ?{_LOCATION}|{_BARE_LOCATION})"  # a JavaScript or Java frame, after "at "

# -- token shapes ------------------------------------------------------------------------
# (pattern, needles, the scanner rule it follows); tests/hostile/secrets_corpus.yaml has samples.
TOKEN_SHAPES: tuple[tuple[str, tuple[str, ...], str], ...] = (
    ("sk-[A-Za-z0-9_-]{16,}", ("sk-",), "gitleaks openai-api-key, anthropic-api-key"),
    ("gh[pousr]_[A-Za-z0-9]{20,}", ("ghp_", "gho_", "ghu_", "ghs_", "ghr_"), "gitleaks github-pat, github-oauth, …"),
    ("github_pat_[A-Za-z0-9_]{20,}", ("github_pat_",), "gitleaks github-fine-grained-pat"),
    ("gl(?:pat|ptt|dt|rt)-[A-Za-z0-9_-]{20,}", ("glpat-", "glptt-", "gldt-", "glrt-"), "gitleaks gitlab-pat, …"),
    (
        "(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA)[A-Z0-9]{16}(?![A-Za-z0-9])",
        ("A3T", "AKIA", "ASIA", "ABIA", "ACCA", "AGPA", "AIDA", "AROA", "AIPA", "ANPA", "ANVA"),
        "gitleaks aws-access-token, Nosey Parker np.aws.1",
    ),
    ("xox[abposre]-[A-Za-z0-9-]{10,}", ("xox",), "gitleaks slack-bot-token, slack-user-token, slack-legacy-token"),
    ("xapp-[0-9]-[A-Za-z0-9-]{10,}", ("xapp-",), "gitleaks slack-app-token"),
    ("eyJ[A-Za-z0-9_-]{5,}\\.eyJ[A-Za-z0-9_-]{5,}\\.[A-Za-z0-9_-]*", ("eyJ",), "gitleaks jwt"),
    ("[sr]k_(?:live|test|prod)_[A-Za-z0-9]{10,}", ("k_live_", "k_test_", "k_prod_"), "gitleaks stripe-access-token"),
    ("whsec_[A-Za-z0-9]{20,}", ("whsec_",), "GitHub secret scanning stripe_webhook_signing_secret"),
    ("AIza[0-9A-Za-z_-]{35}(?![A-Za-z0-9_-])", ("AIza",), "gitleaks gcp-api-key"),
    ("ya29\\.[0-9A-Za-z_-]{20,}", ("ya29.",), "Nosey Parker np.google.4 (google_oauth_access_token)"),
    ("GOCSPX-[A-Za-z0-9_-]{20,}", ("GOCSPX-",), "Nosey Parker np.google.2 (google_oauth_client_secret)"),
    ("1//0[0-9A-Za-z_-]{20,}", ("1//0",), "GitHub secret scanning google_oauth_refresh_token"),
    ("SG\\.[A-Za-z0-9_-]{16,}\\.[A-Za-z0-9_-]{16,}", ("SG.",), "gitleaks sendgrid-api-token, detect-secrets"),
    ("npm_[A-Za-z0-9]{30,}", ("npm_",), "gitleaks npm-access-token"),
    ("pypi-AgE[A-Za-z0-9_-]{40,}", ("pypi-AgE",), "gitleaks pypi-upload-token, detect-secrets PypiTokenDetector"),
    ("hf_[A-Za-z0-9]{30,}|api_org_[A-Za-z0-9]{30,}", ("hf_", "api_org_"), "gitleaks huggingface-*"),
    ("(?:SK|AC)[0-9a-fA-F]{32}(?![A-Za-z0-9])", ("SK", "AC"), "gitleaks twilio-api-key, detect-secrets Twilio"),
    ("do[opr]_v1_[a-f0-9]{64}", ("_v1_",), "gitleaks digitalocean-pat, -access-token, -refresh-token"),
    ("shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}", ("shp",), "gitleaks shopify-*"),
    ("dapi[a-f0-9]{32}(?![A-Za-z0-9])", ("dapi",), "gitleaks databricks-api-token"),
    ("lin_api_[A-Za-z0-9]{40}", ("lin_api_",), "gitleaks linear-api-key"),
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
    (
        "[A-Za-z0-9_~.]{3}[0-9]Q~[A-Za-z0-9_~.-]{31,34}(?![A-Za-z0-9_~.-])",
        ("Q~",),
        "gitleaks azure-ad-client-secret",
    ),
)
TOKENS = "|".join(pattern for pattern, _, _ in TOKEN_SHAPES)
TOKEN_NEEDLES = tuple(needle for _, needles, _ in TOKEN_SHAPES for needle in needles)

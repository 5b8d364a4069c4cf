"""`{{steps.<bind>.<path>}}` substitution in sequence `with:` blocks (wallfacer `SequenceContext`).

A string that is exactly one placeholder takes the resolved value with its JSON type;
placeholders inside longer text are replaced by the value's text (strings raw, other
values as compact JSON). Anything unresolvable raises `SubstitutionError`.
"""

from __future__ import annotations

from errgen.conform.jsonpath import PathInvalid, PathMissing, resolve_one
from errgen.conform.jsonvalue import Json, to_text


class SubstitutionError(Exception):
    """A placeholder could not be resolved (structural in `pack test`)."""


class StepContext:
    """The `{input, response}` envelopes of bound steps, by bind name."""

    def __init__(self) -> None:
        self.bindings: dict[str, Json] = {}

    def bind(self, name: str, input_: Json, response: Json) -> None:
        """Expose a finished step as `steps.<name>.input` / `steps.<name>.response`."""
        self.bindings[name] = {"input": input_, "response": response}

    def substitute(self, value: Json) -> Json:
        """Replace placeholders in every string of `value` (object keys are left alone)."""
        if isinstance(value, str):
            return self._substitute_string(value)
        if isinstance(value, list):
            return [self.substitute(item) for item in value]
        if isinstance(value, dict):
            return {key: self.substitute(item) for key, item in value.items()}
        return value

    def _substitute_string(self, raw: str) -> Json:
        trimmed = raw.strip()
        inner = trimmed[2:-2]
        whole = len(trimmed) >= 4 and trimmed.startswith("{{") and trimmed.endswith("}}")
        if whole and "{{" not in inner and "}}" not in inner:
            return self.resolve(inner.strip())
        out, rest = [], raw
        while (start := rest.find("{{")) >= 0:
            out.append(rest[:start])
            after = rest[start + 2 :]
            close = after.find("}}")
            if close < 0:
                raise SubstitutionError(f"unterminated `{{{{...` in `{raw}`")
            resolved = self.resolve(after[:close].strip())
            out.append(resolved if isinstance(resolved, str) else to_text(resolved))
            rest = after[close + 2 :]
        out.append(rest)
        return "".join(out)

    def resolve(self, expression: str) -> Json:
        """Resolve `steps.<bind>` (the whole envelope) or `steps.<bind>.<path>`."""
        if not expression.startswith("steps."):
            raise SubstitutionError(f"placeholder must start with `steps.`: `{expression}`")
        bind, _, rest = expression.removeprefix("steps.").partition(".")
        if bind not in self.bindings:
            raise SubstitutionError(f"no step bound under `{bind}` (yet?)")
        if not rest:
            return self.bindings[bind]
        try:
            return resolve_one(self.bindings[bind], f"$.{rest}")
        except (PathMissing, PathInvalid) as exc:
            raise SubstitutionError(f"resolving `{expression}`: {exc}") from exc

"""The diff rules of the catalog's translations: one `rule(...)` entry and one check each.

A translation file holds texts only, so what changes with it is what the runtimes render in that
locale (`localize`, the optional ``localizedMessage``) and the per-locale docs: never a name or
a payload's shape. A finding's subject ``locale:<tag>`` explains the changes of the generated
locale tables; a stale translation (its base text changed, it did not) is a finding of its own.
"""

from __future__ import annotations

from collections.abc import Iterator

from errgen.catalog.model import Text, Translation
from errgen.workflow.diff_model import DOCS, WIRE, Context, DiffRule, Finding, rule

TEXTS = (WIRE, DOCS)  # localized texts reach the wire only when a caller asks for them (localizedMessage)


def _subjects(tag: str) -> frozenset[str]:
    return frozenset({f"locale:{tag}"})


def _texts(translation: Translation) -> dict[tuple[str, str], Text]:
    """Every text of a translation, by (code id or ``field:<name>``, text name)."""
    out = {(cid, name): text for cid, texts in translation.codes.items() for name, text in texts.items()}
    out.update({(f"field:{name}", "description"): text for name, text in translation.fields.items()})
    return out


@rule("locale-added", TEXTS, "a locale is translated that was not", breaking=False, section="Added")
def locale_added(ctx: Context, r: DiffRule) -> Iterator[Finding]:
    for tag, translation in ctx.b.translations.items():
        if tag not in ctx.a.translations:
            yield ctx.finding(r, f"locale {tag!r} was added", subjects=_subjects(tag),
                              new=translation.loc, after=tag, subject=tag)  # fmt: skip


@rule("locale-removed", TEXTS, "a translated locale was removed (its readers get the fallback)", breaking=False,
      section="Removed")  # fmt: skip
def locale_removed(ctx: Context, r: DiffRule) -> Iterator[Finding]:
    from errgen.catalog.translations import chain

    for tag, translation in ctx.a.translations.items():
        if tag not in ctx.b.translations:
            falls = " → ".join(chain(ctx.b, tag))
            yield ctx.finding(r, f"locale {tag!r} is no longer translated: its readers now get {falls}",
                              subjects=_subjects(tag), new=ctx.at_new("catalog"), old=translation.loc,
                              before=tag, subject=tag)  # fmt: skip


@rule("translation-changed", TEXTS, "a translated text was added, changed or removed", breaking=False)
def translation_changed(ctx: Context, r: DiffRule) -> Iterator[Finding]:
    for tag, now in ctx.b.translations.items():
        then = ctx.a.translations.get(tag)
        if then is None:
            continue
        before, after = _texts(then), _texts(now)
        for key in dict.fromkeys((*before, *after)):
            old, new = before.get(key), after.get(key)
            if (old and old.value) != (new and new.value):
                owner, name = key
                what = f"field {owner.removeprefix('field:')!r}" if owner.startswith("field:") else f"code {owner!r}"
                verb = "was translated" if old is None else "is no longer translated" if new is None else "changed"
                yield ctx.finding(r, f"the {tag} {name} of {what} {verb}", subjects=_subjects(tag),
                                  new=new.loc if new else now.loc, old=old.loc if old else then.loc,
                                  before=old and old.value, after=new and new.value,
                                  subject=f"{tag}:{owner}.{name}")  # fmt: skip


@rule("translation-stale", TEXTS, "a base text changed but its translation did not", breaking=False)
def translation_stale(ctx: Context, r: DiffRule) -> Iterator[Finding]:
    for tag, now in ctx.b.translations.items():
        then = ctx.a.translations.get(tag)
        if then is None:
            continue
        for cid, texts in now.codes.items():
            before, after = ctx.a.codes.get(cid), ctx.b.codes[cid]
            for name, text in texts.items():
                if before is not None and getattr(before, name) != getattr(after, name) \
                        and then.text(cid, name) == text.value:
                    message = (f"the {tag} {name} of code {cid!r} was not updated when its base text changed "
                               f"(from {getattr(before, name)!r} to {getattr(after, name)!r})")
                    yield ctx.finding(r, message, subjects=_subjects(tag), new=text.loc, before=getattr(before, name),
                                      after=getattr(after, name), subject=f"{tag}:{cid}.{name}")  # fmt: skip
        for name, text in now.fields.items():
            field = ctx.a.fields.get(name)
            if field is not None and field.description != ctx.b.fields[name].description \
                    and then.description(name) == text.value:
                message = f"the {tag} description of field {name!r} was not updated when its base text changed"
                yield ctx.finding(r, message, subjects=_subjects(tag), new=text.loc, before=field.description,
                                  after=ctx.b.fields[name].description, subject=f"{tag}:field:{name}")  # fmt: skip

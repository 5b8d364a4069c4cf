"""The secret scrubber every generated runtime embeds, defined once: the ordered rule table
(`patterns`, built from `parts`, `secret_names` and the fixed `tables`), written in the regex subset
every engine runs (`regex_subset` proves it), and errgen's own reference implementation (`scrub`).

Imports `errgen.catalog` only; the language targets print these rules in their own syntax.
"""

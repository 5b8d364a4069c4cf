"""Allow ``python -m errgen``."""

from errgen.cli import main

main()

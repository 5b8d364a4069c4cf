"""Allow ``python -m errgen``."""

from errgen.cli.launcher import main

main()

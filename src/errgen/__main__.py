"""Allow ``python -m errgen``."""

from errgen.launcher import main

main()

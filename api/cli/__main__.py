"""``python -m api.cli``: what admin jobs and tests run (the installed ``clinigraph`` script is the same)."""

from api.cli.base import main

main()

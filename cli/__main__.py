"""``python -m scorepad``."""

from scorepad.main import main

main()

"""The application layer: the work both front-ends do (the terminal commands of ``scorepad.vv``,
``scorepad.floris``, ... and the browser's ``scorepad.web``), as a library that both call.

It imports no terminal command module and no page of the web (tests/test_import_graph.py).
"""

"""The application layer: the work both front-ends do (the terminal commands of ``scorepad.vv``,
``scorepad.floris``, ... and the browser's ``scorepad.web``), as a library that both call.

It imports no terminal command module and, of the web, only the pages' words (the offline
flipper page embeds them); tests/test_import_graph.py holds it.
"""

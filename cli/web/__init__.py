"""The browser front-end of the table session: ``scorepad serve`` and its pages.

The browser is one more front-end of :mod:`scorepad.rules.session` and
:mod:`scorepad.store`, never a second game loop: the server keeps one
:class:`~scorepad.rules.session.Session` per game, saves it through the store after
every step and pushes what changed to every connected phone (server-sent events).
"""

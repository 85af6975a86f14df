"""Voll verplant: maps, cards, the rules engine, scoring, game logs and paper sheets (the bots,
search, simulators and solver are in ``scorepad.play.voll_verplant``)."""

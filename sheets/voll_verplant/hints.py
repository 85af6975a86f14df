"""Where the label search of the bundled maps ends (generated: ``python -m
scorepad.sheets.voll_verplant.hints_search`` writes the tables below; only an order to try,
so a drawing change that leaves them behind needs no step to pass the tests:
``tests/test_vv_sheet_print.py`` checks they start a sheet no worse than no hints do).

``FIRST[(map id, paper, language, numbers)]`` lists the stations whose names
:func:`~scorepad.sheets.voll_verplant.layout_search`, started with none, ends up placing first
(it lays a sheet out again with the names left out first, up to twice, then with them before
the badges too: the keys in ``EARLY``). A bundled sheet starts there and is laid out once
instead of up to six times; the search still runs on if names are left out.
"""

from __future__ import annotations

FIRST: dict[tuple[str, str, str, bool], tuple[int, ...]] = {
    ('berlin', 'a4', 'en', True): (17, 23, 34, 54),
    ('berlin', 'a4', 'en', False): (16, 17, 23, 34),
    ('berlin', 'a4', 'de', True): (17, 23, 34, 54),
    ('berlin', 'a4', 'de', False): (16, 17, 23, 34),
    ('berlin', 'a4', 'fr', True): (17, 23, 34, 54),
    ('berlin', 'a4', 'fr', False): (16, 17, 23, 34),
    ('berlin', 'letter', 'en', True): (16, 17, 23, 24, 29, 30, 31, 34, 43, 47, 48, 54),
    ('berlin', 'letter', 'en', False): (16, 17, 23, 30, 31, 34, 43, 47, 48, 54),
    ('berlin', 'letter', 'de', True): (16, 17, 23, 24, 29, 30, 31, 34, 43, 47, 48, 54),
    ('berlin', 'letter', 'de', False): (16, 17, 23, 30, 31, 34, 43, 47, 48, 54),
    ('berlin', 'letter', 'fr', True): (16, 17, 23, 24, 29, 30, 31, 34, 43, 47, 48, 54),
    ('berlin', 'letter', 'fr', False): (16, 17, 23, 30, 31, 34, 43, 47, 48, 54),
    ('paris', 'a4', 'en', True): (40, 49),
    ('paris', 'a4', 'en', False): (49, 52),
    ('paris', 'a4', 'de', True): (40, 49),
    ('paris', 'a4', 'de', False): (49, 52),
    ('paris', 'a4', 'fr', True): (40, 49),
    ('paris', 'a4', 'fr', False): (49, 52),
    ('paris', 'letter', 'en', True): (49,),
    ('paris', 'letter', 'en', False): (40, 49, 52),
    ('paris', 'letter', 'de', True): (49,),
    ('paris', 'letter', 'de', False): (17, 40, 49, 52),
    ('paris', 'letter', 'fr', True): (46,),
    ('paris', 'letter', 'fr', False): (17, 40, 52),
    ('madrid', 'a4', 'en', True): (30,),
    ('madrid', 'a4', 'de', True): (30,),
    ('madrid', 'a4', 'fr', True): (30,),
    ('madrid', 'letter', 'en', True): (15, 30, 41, 45, 50, 51, 53, 57),
    ('madrid', 'letter', 'en', False): (30,),
    ('madrid', 'letter', 'de', True): (29, 30, 40, 51, 56, 57),
    ('madrid', 'letter', 'fr', True): (26, 30, 53),
}
EARLY: set[tuple[str, str, str, bool]] = {
    ('madrid', 'letter', 'de', True),
    ('madrid', 'letter', 'en', True),
    ('madrid', 'letter', 'fr', True),
    ('paris', 'a4', 'de', False),
    ('paris', 'a4', 'de', True),
    ('paris', 'a4', 'en', False),
    ('paris', 'a4', 'en', True),
    ('paris', 'a4', 'fr', False),
    ('paris', 'a4', 'fr', True),
    ('paris', 'letter', 'de', False),
    ('paris', 'letter', 'de', True),
    ('paris', 'letter', 'en', False),
    ('paris', 'letter', 'en', True),
}
# (end of the tables)

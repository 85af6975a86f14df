"""Base model for file formats and the translation of pydantic errors into placed errors."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Annotated, Any, TypeVar

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError

from .errors import InputError, control_character
from .names import MAX_NAME, name_problem

M = TypeVar("M", bound=BaseModel)


def _player_name(name: str) -> str:
    problem = name_problem(name)
    if problem is not None:
        raise ValueError(problem[1])
    return name


#: A player's name in a file: 1 to 40 characters, refused by the rule every front-end and
#: ``--resume`` use (:func:`~scorepad.rules.common.names.name_problem`), so ``check``
#: passes no name a resumed game would refuse.
PlayerName = Annotated[str, Field(min_length=1, max_length=MAX_NAME), AfterValidator(_player_name)]


def _plain_seed(seed: str) -> str:
    bad = control_character(seed)
    if bad is not None:
        raise ValueError(f"a seed cannot hold a control character or line break "
                         f"({repr(bad)[1:-1]})")
    return seed


#: A seed in a file: one line of plain text, as ``--seed`` and ``Session.start`` take it.
PlainSeed = Annotated[str, AfterValidator(_plain_seed)]


class StrictModel(BaseModel):
    """A frozen model that refuses unknown keys, so a typo in a file is reported, not ignored."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


def loc_to_place(loc: tuple[Any, ...]) -> str:
    """``('lines', 2, 'stations')`` → ``lines[2].stations``."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out


def _describe(err: Mapping[str, Any]) -> str:
    msg = str(err.get("msg", "invalid value"))
    if err.get("type") == "extra_forbidden":
        return "unknown key"
    if err.get("type") == "missing":
        return "missing key"
    if msg.startswith("Value error, "):
        msg = msg[len("Value error, "):]
    return msg[:1].lower() + msg[1:]


_TYPE_TAGS = {"int", "str", "float", "bool", "dict", "list", "none", "tuple", "literal"}


def _clean_loc(loc: tuple[Any, ...]) -> tuple[Any, ...]:
    """Drop pydantic's union-member tags (``int``, ``list[int]``, ``function-after[...]``)."""
    return tuple(p for p in loc
                 if not (isinstance(p, str) and ("[" in p or p in _TYPE_TAGS)))


def validation_problems(exc: ValidationError, *,
                        place: Callable[[tuple[Any, ...]], str] = loc_to_place
                        ) -> list[InputError]:
    """Every place a pydantic ``ValidationError`` names, one InputError each, in order; the
    alternatives of a union failing at one place are joined (``input should be a valid
    integer or input should be a valid string``)."""
    by_place: dict[tuple[Any, ...], list[str]] = {}
    for err in exc.errors():
        loc = _clean_loc(tuple(err.get("loc", ())))
        messages = by_place.setdefault(loc, [])
        text = _describe(err)
        if text not in messages:
            messages.append(text)
    out = []
    for loc, messages in by_place.items():
        where = place(loc)
        out.append(InputError(" or ".join(messages), where=(where,) if where else ()))
    return out


def validation_to_input_error(exc: ValidationError, *,
                              place: Callable[[tuple[Any, ...]], str] = loc_to_place) -> InputError:
    """Turn a pydantic ``ValidationError`` into a one-line InputError about its first place;
    other places are only counted (:func:`validation_problems` lists them all)."""
    problems = validation_problems(exc, place=place)
    first = problems[0]
    more = len(problems) - 1
    if more:
        first.message += f" (and {more} more problem{'s' if more > 1 else ''})"
    return first


def parse_model(model: type[M], data: Any, *,
                place: Callable[[tuple[Any, ...]], str] = loc_to_place) -> M:
    """Validate ``data`` as ``model`` or raise an :class:`InputError` naming the place."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise validation_to_input_error(exc, place=place) from None

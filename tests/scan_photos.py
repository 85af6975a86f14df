"""Synthetic phone photos of played Voll verplant sheets, made from the project's own sheets,
for ``vv scan``'s tests and ``benchmarks/bench_scan.py``.

A photo is made in four steps:

1. **the print** — the blank sheet (with its scan marks) rasterised by ``pdftoppm``, in
   colour or as a greyscale print, cached per map, paper and language;
2. **the game** — a game of the map played by the engine's random or greedy bot; one
   player's :class:`MarkedSheet` is the truth;
3. **the pen** — its marks drawn as a hand would: jittered strokes for crosses (some
   overrunning the circle), handwriting-like digits made of wobbly strokes for transfer
   numbers and window entries, ticks, struck first bonuses, a few crossed-out marks;
4. **the camera** — the page placed in a frame of 2-12 megapixels: turned, tilted up to 30°
   in perspective, on a table, with uneven light and a shadow, blur, noise and JPEG
   compression at quality 50-90.

``make_photo(seed)`` returns the JPEG bytes and the truth: every cell's value as
``vv scan`` names it (``station 12`` → ``empty``/``cross``/``number``, ``first A`` →
``blank``/``ticked``, ``window A 2`` → ``blank``/``filled``).
"""

from __future__ import annotations

import itertools
import math
import random
import subprocess
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from scorepad.play.voll_verplant.simulate import play_game
from scorepad.rules.voll_verplant.maps import BUNDLED_MAPS, Network, bundled_map
from scorepad.rules.voll_verplant.replay import marked_sheets
from scorepad.rules.voll_verplant.ruleset import default_rules
from scorepad.rules.voll_verplant.view import MarkedSheet
from scorepad.sheets.pdf import render_pdf
from scorepad.sheets.voll_verplant import draw_sheet, sheet_layout
from scorepad.sheets.voll_verplant.sheet import SheetLayout

DPI = 200
PX = DPI / 25.4  # pixels per mm of the print

# Digits as strokes in a unit box (x right, y down), as a quick hand writes them.
_DIGITS: dict[str, list[list[tuple[float, float]]]] = {
    "1": [[(0.3, 0.25), (0.55, 0.0), (0.55, 1.0)]],
    "2": [[(0.1, 0.25), (0.35, 0.0), (0.75, 0.05), (0.85, 0.3), (0.1, 1.0), (0.9, 1.0)]],
    "3": [[(0.15, 0.1), (0.5, 0.0), (0.8, 0.2), (0.45, 0.45), (0.85, 0.7), (0.5, 1.0),
           (0.1, 0.9)]],
    "4": [[(0.6, 0.0), (0.05, 0.65), (0.95, 0.65)], [(0.65, 0.3), (0.65, 1.0)]],
    "5": [[(0.85, 0.0), (0.2, 0.0), (0.15, 0.45), (0.6, 0.4), (0.85, 0.7), (0.5, 1.0),
           (0.1, 0.9)]],
    "6": [[(0.75, 0.0), (0.25, 0.35), (0.15, 0.8), (0.5, 1.0), (0.85, 0.75), (0.5, 0.5),
           (0.2, 0.65)]],
    "+": [[(0.5, 0.1), (0.5, 0.9)], [(0.1, 0.5), (0.9, 0.5)]],
    "E": [[(0.85, 0.0), (0.15, 0.0), (0.15, 1.0), (0.85, 1.0)], [(0.15, 0.5), (0.7, 0.5)]],
}


@dataclass
class Photo:
    """One synthetic photo and what is really on the sheet."""

    jpeg: bytes
    truth: dict[str, str]
    map_id: str
    paper: str
    lang: str
    megapixels: float
    tilt: float


class _Pen:
    """Draws wobbly strokes in page mm onto the print image."""

    def __init__(self, image: np.ndarray, rng: random.Random, colour: tuple[int, int, int],
                 width: float) -> None:
        self.image, self.rng, self.colour, self.width = image, rng, colour, width

    def stroke(self, points: list[tuple[float, float]], wobble: float = 0.12) -> None:
        rng = self.rng
        dense: list[tuple[float, float]] = []
        for (x0, y0), (x1, y1) in itertools.pairwise(points):
            n = max(2, int(math.hypot(x1 - x0, y1 - y0) / 0.4))
            for k in range(n):
                t = k / n
                dense.append((x0 + (x1 - x0) * t, y0 + (y1 - y0) * t))
        dense.append(points[-1])
        drift = [0.0, 0.0]
        out = []
        for x, y in dense:
            drift[0] = 0.7 * drift[0] + rng.gauss(0, wobble)
            drift[1] = 0.7 * drift[1] + rng.gauss(0, wobble)
            out.append([round((x + drift[0]) * PX * 8), round((y + drift[1]) * PX * 8)])
        thickness = max(1, round(self.width * PX * rng.uniform(0.8, 1.2)))
        cv2.polylines(self.image, [np.array(out, np.int32)], False, self.colour, thickness,
                      cv2.LINE_AA, shift=3)

    def glyphs(self, text: str, cx: float, cy: float, height: float) -> None:
        rng = self.rng
        w = height * 0.6
        total = w * len(text) + 0.2 * height * (len(text) - 1)
        slant = rng.uniform(-0.25, 0.15)
        x = cx - total / 2
        for ch in text:
            for stroke in _DIGITS[ch]:
                pts = []
                for u, v in stroke:
                    u += rng.gauss(0, 0.04)
                    v += rng.gauss(0, 0.04)
                    pts.append((x + u * w + slant * (0.5 - v) * height,
                                cy - height / 2 + v * height))
                self.stroke(pts, 0.05)
            x += w + 0.2 * height


_PRINTS: dict[tuple[str, str, str, bool], np.ndarray] = {}


def printed_sheet(network: Network, paper: str, lang: str, grey: bool, cache: Path) -> np.ndarray:
    """The blank sheet with its scan marks as a BGR image at ``DPI`` (pdftoppm), cached."""
    key = (network.id, paper, lang, grey)
    if key in _PRINTS:
        return _PRINTS[key]
    png = cache / f"{network.id}-{paper}-{lang}-{DPI}.png"
    if not png.exists():
        cache.mkdir(parents=True, exist_ok=True)
        pdf = cache / f"{network.id}-{paper}-{lang}.pdf"
        pdf.write_bytes(render_pdf([draw_sheet(network, paper=paper, lang=lang)], title="scan"))
        subprocess.run(["pdftoppm", "-r", str(DPI), "-png", "-singlefile", str(pdf),
                        str(png.with_suffix(""))], check=True)
    image = cv2.imread(str(png), cv2.IMREAD_COLOR)
    if grey:
        image = cv2.cvtColor(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), cv2.COLOR_GRAY2BGR)
    _PRINTS[key] = image
    return image


def played_sheet(network: Network, seed: str) -> MarkedSheet:
    """One player's sheet at the end of a bot game."""
    rules = default_rules()
    rng = random.Random(seed)
    game = play_game(network, rules, ["Ann", "Bob", "Cem"][:rng.randint(1, 3)],
                     rng.choice(["random", "greedy"]), seed)
    return rng.choice(marked_sheets(game.state))


def truth_of(network: Network, sheet: MarkedSheet) -> dict[str, str]:
    """Every cell's true value."""
    truth = {}
    for s in network.stations:
        truth[f"station {s.id}"] = ("number" if s.id in sheet.transfers else
                                    "cross" if s.id in sheet.marked else "empty")
    for line in network.lines:
        bonus = sheet.bonuses.get(line.id)
        truth[f"first {line.id}"] = "ticked" if bonus == "first" else "blank"
        truth[f"later {line.id}"] = "ticked" if bonus == "later" else "blank"
        entries = sheet.windows.get(line.id, ())
        for k in range(1, line.windows + 1):
            truth[f"window {line.id} {k}"] = "filled" if k <= len(entries) else "blank"
    return truth


def draw_pen(image: np.ndarray, network: Network, layout: SheetLayout, sheet: MarkedSheet,
             rng: random.Random) -> None:
    """The player's marks on the print, by hand."""
    colour = rng.choice([(150, 60, 30), (140, 40, 20), (40, 40, 40), (90, 90, 90), (160, 80, 40)])
    pen = _Pen(image, rng, colour, rng.uniform(0.35, 0.75))
    r = layout.radius
    for sid in sorted(sheet.marked):
        x, y = layout.centers[sid]
        x += rng.gauss(0, 0.25)
        y += rng.gauss(0, 0.25)
        if sid in sheet.transfers:
            pen.glyphs(str(sheet.transfers[sid]), x, y, r * rng.uniform(1.0, 1.45))
            continue
        d = r * rng.uniform(0.5, 0.75) * (rng.uniform(1.2, 1.6) if rng.random() < 0.12 else 1.0)
        turn = math.radians(rng.gauss(0, 8))
        for a in (45, 135):
            t = math.radians(a) + turn + math.radians(rng.gauss(0, 6))
            ex, ey = math.cos(t) * d, math.sin(t) * d
            pen.stroke([(x - ex, y - ey), (x + ex, y + ey)])
        if rng.random() < 0.02:  # a crossed-out mark: scribbled over, still a cross
            pen.stroke([(x - d, y - 0.3 * d), (x - 0.3 * d, y + 0.4 * d),
                        (x + 0.3 * d, y - 0.4 * d),
                        (x + d, y + 0.3 * d)])
    for line_id, entries in sheet.windows.items():
        for box, entry in zip(layout.windows[line_id], entries, strict=False):
            pen.glyphs(entry, (box.x0 + box.x1) / 2 + rng.gauss(0, 0.3),
                       (box.y0 + box.y1) / 2 + rng.gauss(0, 0.3), rng.uniform(3.0, 4.2))
    for line_id in sorted(sheet.struck):  # in order: each stroke draws from rng
        cell, _ = layout.bonus[line_id]["first"]
        pen.stroke([(cell.x0 + 0.6, cell.y1 - 0.8), (cell.x1 - 0.6, cell.y0 + 0.8)])
    for line_id, kind in sheet.bonuses.items():
        _, tick = layout.bonus[line_id][kind]
        w = tick.x1 - tick.x0
        s = rng.uniform(0.8, 1.3)
        cx, cy = (tick.x0 + tick.x1) / 2, (tick.y0 + tick.y1) / 2
        pen.stroke([(cx - 0.35 * w * s, cy), (cx - 0.08 * w * s, cy + 0.4 * w * s),
                    (cx + 0.55 * w * s, cy - 0.65 * w * s)], 0.06)


def _camera(size: tuple[int, int], page: tuple[int, int], rng: random.Random, tilt: float
            ) -> np.ndarray:
    """A homography from print pixels to photo pixels: the page turned, tilted by ``tilt``
    degrees about a random axis, seen by a phone camera, filling most of the frame."""
    pw, ph = page
    corners = np.array([[-pw / 2, -ph / 2, 0], [pw / 2, -ph / 2, 0], [pw / 2, ph / 2, 0],
                        [-pw / 2, ph / 2, 0]], float)
    spin = math.radians(rng.choice([0, 0, 0, 90, 180, 270]) + rng.uniform(-12, 12))
    axis = rng.uniform(0, math.pi)
    t = math.radians(tilt)
    rz = np.array([[math.cos(spin), -math.sin(spin), 0], [math.sin(spin), math.cos(spin), 0],
                   [0, 0, 1]])
    k = np.array([math.cos(axis), math.sin(axis), 0.0])
    kx = np.array([[0, -k[2], k[1]], [k[2], 0, -k[0]], [-k[1], k[0], 0]])
    rt = np.eye(3) + math.sin(t) * kx + (1 - math.cos(t)) * kx @ kx
    world = corners @ (rt @ rz).T
    focal = 1.2 * max(pw, ph)
    distance = 1.3 * max(pw, ph)
    proj = np.array([[focal * x / (z + distance), focal * y / (z + distance)] for x, y, z in world])
    w, h = size
    span = proj.max(axis=0) - proj.min(axis=0)
    fill = rng.uniform(0.72, 0.93)
    scale = fill * min(w / span[0], h / span[1])
    proj = (proj - proj.min(axis=0)) * scale
    free = np.array([w, h]) - (proj.max(axis=0))
    proj += np.array([rng.uniform(0, free[0]), rng.uniform(0, free[1])])
    src = np.array([[0, 0], [pw, 0], [pw, ph], [0, ph]], np.float32)
    return cv2.getPerspectiveTransform(src, proj.astype(np.float32))


def make_photo(seed: int, cache: Path, *, map_id: str | None = None,
               megapixels: float | None = None,
               tilt: float | None = None, blur: float | None = None,
               quality: int | None = None) -> Photo:
    """A synthetic photo of a played sheet; every choice follows ``seed`` unless given."""
    rng = random.Random(seed)
    map_id = map_id or rng.choice(BUNDLED_MAPS)
    paper = rng.choice(["a4", "letter"])
    lang = rng.choice(["en", "de", "fr"])
    network = bundled_map(map_id)
    layout = sheet_layout(network, paper, lang, True)
    sheet = played_sheet(network, f"scan-{seed}")
    image = printed_sheet(network, paper, lang, rng.random() < 0.3, cache).copy()
    draw_pen(image, network, layout, sheet, rng)
    # camera
    mp = megapixels or rng.uniform(2.0, 12.0)
    w = int(math.sqrt(mp * 1e6 * 4 / 3))
    h = int(w * 3 / 4)
    if rng.random() < 0.5:
        w, h = h, w
    tilt = rng.uniform(0, 30) if tilt is None else tilt
    matrix = _camera((w, h), (image.shape[1], image.shape[0]), rng, tilt)
    table = np.array([rng.randint(30, 160), rng.randint(30, 140), rng.randint(20, 120)], np.uint8)
    photo = np.empty((h, w, 3), np.uint8)
    photo[:] = table
    cv2.warpPerspective(image, matrix, (w, h), dst=photo, flags=cv2.INTER_AREA,
                        borderMode=cv2.BORDER_TRANSPARENT)
    # light: a gradient, a soft shadow, a colour cast
    ys, xs = np.mgrid[0:h:8, 0:w:8].astype(np.float32)
    a = rng.uniform(0, 2 * math.pi)
    light = 1.0 - rng.uniform(0.0, 0.45) * (0.5 + 0.5 * np.sin(
        (xs * math.cos(a) + ys * math.sin(a)) / max(w, h) * math.pi))
    if rng.random() < 0.6:
        cx, cy = rng.uniform(0, w), rng.uniform(0, h)
        shadow = np.exp(-(((xs - cx) / (w * rng.uniform(0.1, 0.4))) ** 2
                          + ((ys - cy) / (h * rng.uniform(0.1, 0.4))) ** 2))
        light *= 1.0 - rng.uniform(0.2, 0.5) * shadow
    light = cv2.resize(light, (w, h), interpolation=cv2.INTER_LINEAR)
    cast = np.array([rng.uniform(0.85, 1.0), rng.uniform(0.9, 1.0), rng.uniform(0.9, 1.05)],
                    np.float32)
    out = photo.astype(np.float32) * light[..., None] * cast
    sigma = rng.uniform(0.0, 1.6) if blur is None else blur
    if sigma > 0.3:
        out = cv2.GaussianBlur(out, (0, 0), sigma * math.sqrt(mp / 6))
    noise = np.random.default_rng(seed).normal(0, rng.uniform(1.5, 6.0), out.shape)
    out += noise.astype(np.float32)
    out8 = np.clip(out, 0, 255).astype(np.uint8)
    if rng.random() < 0.15:
        out8 = cv2.cvtColor(out8, cv2.COLOR_BGR2GRAY)
    q = quality or rng.randint(50, 90)
    ok, jpeg = cv2.imencode(".jpg", out8, [cv2.IMWRITE_JPEG_QUALITY, q])
    assert ok
    return Photo(jpeg.tobytes(), truth_of(network, sheet), map_id, paper, lang, w * h / 1e6, tilt)

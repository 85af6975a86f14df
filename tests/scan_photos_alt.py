"""A second, independent maker of phone photos of played Voll verplant sheets, for judging
``vv scan`` on photos it was not tuned on (``benchmarks/bench_scan_alt.py``).

It shares nothing with ``tests/scan_photos.py`` but the sheet itself (the project's PDF,
rasterised) and the cell names of the truth. On purpose it differs in every step:

* **the hand** — one of several writers per sheet: digits from OpenCV's Hershey fonts
  (plain, script, serif, italic) sheared and turned, or drawn as smooth curves with a
  pressure that thins and thickens the line; crosses as two straight or bowed strokes,
  small or overrunning the circle, some off-centre, some written beside the circle;
  transfer numbers sometimes up and to the side, over the printed ring; ticks, struck
  first bonuses;
* **the pen** — blue, black, red, green ballpoint or felt tip, dark or light grey pencil,
  laid on as translucent ink (a light pen leaves a faint mark);
* **the paper** — curled (a cylinder along an edge), folded (a soft crease), or bulging,
  a true 3-D surface seen through the camera, never one homography;
* **the camera** — a pinhole camera at a distance, tilted, with barrel or pincushion lens
  distortion, 3-12 MP, motion blur (a line kernel) or focus blur (a disc), noise, JPEG
  quality 35-95;
* **the light** — daylight or evening (dim and warm), a hard-edged shadow of a hand or a
  phone, sometimes a glare spot, on a textured table.

``make_photo(seed)`` returns a :class:`Photo` with the JPEG and the truth. The seeds are
split once: :data:`TUNING` may be looked at and tuned on, :data:`HELD_OUT` is only
measured (``SCAN_SET=held-out``), so figures on it tell how the reader does on photos
nobody looked at. ``illegal=True`` ticks a first bonus on a line the sheet has not
completed: a photo of a sheet that really breaks a rule.
"""

from __future__ import annotations

import json
import math
import os
import random
import subprocess
from dataclasses import asdict, dataclass
from pathlib import Path

import cv2
import numpy as np

from scorepad.play.voll_verplant.simulate import play_game
from scorepad.rules.voll_verplant.maps import BUNDLED_MAPS, bundled_map
from scorepad.rules.voll_verplant.replay import marked_sheets
from scorepad.rules.voll_verplant.ruleset import default_rules
from scorepad.sheets.pdf import render_pdf
from scorepad.sheets.voll_verplant import draw_sheet, sheet_layout

#: Seeds that may be looked at while tuning the reader.
TUNING = range(900_000, 901_000)
#: Seeds only ever measured: the report's figures.
HELD_OUT = range(950_000, 952_000)

DPI = 250
MM = DPI / 25.4  # print pixels per mm

# Digits as smooth curves: control points (x right, y down, unit box), each stroke a
# Catmull-Rom spline through them.
_CURVES: dict[str, list[list[tuple[float, float]]]] = {
    "1": [[(0.2, 0.3), (0.45, 0.12), (0.6, 0.0), (0.55, 0.5), (0.5, 1.0)]],
    "2": [[(0.1, 0.3), (0.3, 0.05), (0.65, 0.0), (0.85, 0.25), (0.6, 0.55), (0.15, 0.95),
           (0.5, 0.97), (0.95, 0.92)]],
    "3": [[(0.1, 0.15), (0.5, 0.0), (0.85, 0.2), (0.5, 0.47), (0.4, 0.48), (0.9, 0.7),
           (0.6, 1.0), (0.1, 0.88)]],
    "4": [[(0.7, 0.0), (0.35, 0.35), (0.05, 0.7), (0.5, 0.68), (0.95, 0.66)],
          [(0.72, 0.25), (0.7, 0.6), (0.68, 1.0)]],
    "5": [[(0.85, 0.02), (0.5, 0.0), (0.2, 0.05)], [(0.2, 0.05), (0.15, 0.45), (0.55, 0.38),
                                                    (0.9, 0.65), (0.6, 0.98), (0.1, 0.85)]],
    "6": [[(0.7, 0.0), (0.3, 0.3), (0.12, 0.7), (0.4, 1.0), (0.8, 0.8), (0.65, 0.5),
           (0.25, 0.6)]],
    "+": [[(0.5, 0.05), (0.48, 0.5), (0.5, 0.95)], [(0.05, 0.5), (0.5, 0.52), (0.95, 0.5)]],
    "E": [[(0.9, 0.05), (0.2, 0.0), (0.15, 0.5), (0.18, 1.0), (0.9, 0.97)],
          [(0.17, 0.5), (0.7, 0.48)]],
}
_FONTS = (cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_PLAIN, cv2.FONT_HERSHEY_DUPLEX,
          cv2.FONT_HERSHEY_COMPLEX, cv2.FONT_HERSHEY_SCRIPT_SIMPLEX,
          cv2.FONT_HERSHEY_SCRIPT_SIMPLEX | cv2.FONT_ITALIC,
          cv2.FONT_HERSHEY_SIMPLEX | cv2.FONT_ITALIC)
# Pens: BGR colour and how much of the light the ink takes away (1 = fully opaque).
_PENS = (((150, 45, 10), 0.95), ((30, 30, 30), 0.95), ((40, 30, 170), 0.9), ((40, 120, 30), 0.9),
         ((200, 120, 60), 0.85), ((110, 110, 110), 0.8), ((150, 150, 150), 0.7),
         ((180, 90, 40), 0.6))


@dataclass
class Photo:
    """One photo, what is really on the sheet, and how it was made (for the report)."""

    jpeg: bytes
    truth: dict[str, str]
    map_id: str
    paper: str
    lang: str
    megapixels: float
    blur: str
    bend: str
    light: str
    legal: bool


def _spline(points: list[tuple[float, float]], per: int = 8) -> list[tuple[float, float]]:
    """A Catmull-Rom curve through the points."""
    if len(points) < 3:
        return points
    pts = [points[0], *points, points[-1]]
    out = []
    for i in range(1, len(pts) - 2):
        p0, p1, p2, p3 = pts[i - 1], pts[i], pts[i + 1], pts[i + 2]
        for k in range(per):
            t = k / per
            t2, t3 = t * t, t * t * t
            out.append(tuple(0.5 * (2 * p1[j] + (-p0[j] + p2[j]) * t
                                    + (2 * p0[j] - 5 * p1[j] + 4 * p2[j] - p3[j]) * t2
                                    + (-p0[j] + 3 * p1[j] - 3 * p2[j] + p3[j]) * t3)
                             for j in range(2)))
    out.append(points[-1])
    return out  # type: ignore[return-value]


class _Hand:
    """One writer: where ink goes (an alpha layer over the print) and how it is formed."""

    def __init__(self, shape: tuple[int, int], rng: random.Random) -> None:
        self.alpha = np.zeros(shape, np.uint8)
        self.rng = rng
        self.style = rng.choice(["font", "curves", "curves", "font"])
        self.font = rng.choice(_FONTS)
        self.width = rng.uniform(0.3, 0.85)  # mm
        self.pressure = rng.uniform(0.0, 0.5)  # how much the width varies along a stroke
        self.slant = rng.uniform(-0.3, 0.25)
        self.bow = rng.uniform(0.0, 0.25)  # how curved a cross's strokes are

    def line(self, points: list[tuple[float, float]]) -> None:
        """A stroke through points in page mm, its width changing with the pressure."""
        rng = self.rng
        phase = rng.uniform(0, math.tau)
        n = len(points)
        for k in range(n - 1):
            (x0, y0), (x1, y1) = points[k], points[k + 1]
            w = self.width * (1 + self.pressure * math.sin(phase + 3.0 * k / max(1, n)))
            cv2.line(self.alpha, (round(x0 * MM * 16), round(y0 * MM * 16)),
                     (round(x1 * MM * 16), round(y1 * MM * 16)), 255,
                     max(1, round(w * MM)), cv2.LINE_AA, shift=4)

    def cross(self, x: float, y: float, size: float) -> None:
        """Two strokes crossing at (x, y), ``size`` mm from the middle to an end."""
        rng = self.rng
        turn = rng.gauss(0, 10)
        for a in (45.0, 135.0):
            t = math.radians(a + turn + rng.gauss(0, 7))
            d = size * rng.uniform(0.85, 1.15)
            ex, ey = math.cos(t) * d, math.sin(t) * d
            bend = self.bow * size * rng.choice([-1, 1])
            mid = (x + bend * -math.sin(t), y + bend * math.cos(t))
            self.line(_spline([(x - ex, y - ey), mid, (x + ex, y + ey)], 10))

    def text(self, text: str, cx: float, cy: float, height: float) -> None:
        """``text`` written about (cx, cy), ``height`` mm tall."""
        if self.style == "font":
            self._font_text(text, cx, cy, height)
            return
        rng = self.rng
        w = height * rng.uniform(0.5, 0.7)
        gap = 0.15 * height
        x = cx - (w * len(text) + gap * (len(text) - 1)) / 2
        for ch in text:
            for stroke in _CURVES[ch]:
                pts = [(x + (u + rng.gauss(0, 0.035)) * w + self.slant * (0.5 - v) * height,
                        cy - height / 2 + (v + rng.gauss(0, 0.035)) * height) for u, v in stroke]
                self.line(_spline(pts))
            x += w + gap

    def _font_text(self, text: str, cx: float, cy: float, height: float) -> None:
        rng = self.rng
        scale = 4.0
        thick = max(1, round(self.width * MM * scale / 2))
        (tw, th), base = cv2.getTextSize(text, self.font, scale, thick)
        pad = 4 * thick + 8
        glyph = np.zeros((th + base + 2 * pad, tw + 2 * pad), np.uint8)
        cv2.putText(glyph, text, (pad, pad + th), self.font, scale, 255, thick, cv2.LINE_AA)
        # the glyph's ink height → height mm, sheared by the slant, turned a little
        k = height * MM / max(1, th)
        turn = math.radians(rng.gauss(0, 6))
        c, s = math.cos(turn) * k, math.sin(turn) * k
        gx, gy = glyph.shape[1] / 2, (pad + th / 2)
        m = np.array([[c, -s + self.slant * k, 0.0], [s, c, 0.0]])
        m[:, 2] = np.array([cx * MM, cy * MM]) - m[:, :2] @ np.array([gx, gy])
        h, w = self.alpha.shape
        x0, y0 = max(0, int(cx * MM - 3 * height * MM)), max(0, int(cy * MM - 3 * height * MM))
        x1, y1 = min(w, int(cx * MM + 3 * height * MM)), min(h, int(cy * MM + 3 * height * MM))
        m[:, 2] -= (x0, y0)
        part = cv2.warpAffine(glyph, m, (x1 - x0, y1 - y0), flags=cv2.INTER_LINEAR)
        np.maximum(self.alpha[y0:y1, x0:x1], part, out=self.alpha[y0:y1, x0:x1])


def _print(map_id: str, paper: str, lang: str, cache: Path) -> np.ndarray:
    png = cache / f"alt-{map_id}-{paper}-{lang}-{DPI}.png"
    if not png.exists():
        cache.mkdir(parents=True, exist_ok=True)
        pdf = cache / f"alt-{map_id}-{paper}-{lang}.pdf"
        pdf.write_bytes(render_pdf([draw_sheet(bundled_map(map_id), paper=paper, lang=lang)],
                                   title="scan"))
        subprocess.run(["pdftoppm", "-r", str(DPI), "-png", "-singlefile", str(pdf),
                        str(png.with_suffix(""))], check=True)
    image = cv2.imread(str(png), cv2.IMREAD_COLOR)
    assert image is not None
    return image


def _write(hand: _Hand, layout, sheet, rng: random.Random, illegal_line: str | None) -> None:
    """The player's marks, as this writer makes them."""
    r = layout.radius
    beside = rng.random() < 0.35  # this writer puts numbers up and to the side
    for sid in sorted(sheet.marked):
        x, y = layout.centers[sid]
        if sid in sheet.transfers:
            h = r * rng.uniform(1.0, 1.6)
            if beside and rng.random() < 0.6:
                a = math.radians(rng.uniform(-80, 10))  # up and right (y down)
                d = r * rng.uniform(0.35, 0.8)
                x, y = x + d * math.cos(a), y + d * math.sin(a)
            else:
                x, y = x + rng.gauss(0, 0.3), y + rng.gauss(0, 0.3)
            hand.text(str(sheet.transfers[sid]), x, y, h)
            continue
        size = r * rng.uniform(0.45, 0.75)
        roll = rng.random()
        if roll < 0.12:
            size *= rng.uniform(1.3, 1.8)  # overrunning the circle
        elif roll < 0.2:
            a = rng.uniform(0, math.tau)  # off-centre, partly over the ring
            x, y = x + 0.45 * r * math.cos(a), y + 0.45 * r * math.sin(a)
        hand.cross(x + rng.gauss(0, 0.25), y + rng.gauss(0, 0.25), size)
    for line_id, entries in sorted(sheet.windows.items()):
        for box, entry in zip(layout.windows[line_id], entries, strict=False):
            hand.text(entry, (box.x0 + box.x1) / 2 + rng.gauss(0, 0.4),
                      (box.y0 + box.y1) / 2 + rng.gauss(0, 0.4), rng.uniform(2.8, 4.4))
    for line_id in sorted(sheet.struck):
        cell, _ = layout.bonus[line_id]["first"]
        lift = rng.uniform(-0.3, 0.3) * (cell.y1 - cell.y0)
        mid = (cell.y0 + cell.y1) / 2
        hand.line(_spline([(cell.x0 + 0.5, mid - lift), ((cell.x0 + cell.x1) / 2, mid),
                           (cell.x1 - 0.5, mid + lift)]))
    ticks = sorted(sheet.bonuses.items())
    if illegal_line is not None:
        ticks.append((illegal_line, "first"))
    for line_id, kind in ticks:
        _, tick = layout.bonus[line_id][kind]
        w = tick.x1 - tick.x0
        cx, cy = (tick.x0 + tick.x1) / 2 + rng.gauss(0, 0.3), (tick.y0 + tick.y1) / 2
        if rng.random() < 0.5:
            hand.line(_spline([(cx - 0.35 * w, cy), (cx - 0.1 * w, cy + 0.35 * w),
                               (cx + 0.5 * w, cy - 0.6 * w)], 4))
        else:
            hand.cross(cx, cy, 0.38 * w)


def _surface(rng: random.Random, pw: float, ph: float):
    """The paper's height above the table (mm) as a function of page mm, and its name."""
    kind = rng.choice(["flat", "curl", "curl", "fold", "bulge"])
    if kind == "flat":
        return (lambda x, y: 0.0 * x), kind
    if kind == "curl":  # one edge lifts, as a sheet kept rolled does
        edge = rng.choice(["left", "right", "top", "bottom"])
        reach = rng.uniform(0.3, 0.6) * (pw if edge in ("left", "right") else ph)
        lift = rng.uniform(4.0, 18.0)

        def curl(x, y):
            d = {"left": x, "right": pw - x, "top": y, "bottom": ph - y}[edge]
            return lift * np.clip(1 - d / reach, 0, 1) ** 2
        return curl, f"curl {edge} {lift:.0f} mm"
    if kind == "fold":  # folded once and opened: a soft ridge
        a = rng.choice([0.0, math.pi / 2]) + rng.gauss(0, 0.05)
        c = rng.uniform(0.4, 0.6) * (pw if a < 0.8 else ph)
        depth = rng.uniform(2.0, 8.0)

        def fold(x, y):
            d = np.abs(x * math.cos(a) + y * math.sin(a) - c)
            return depth * np.exp(-d / 60.0)
        return fold, f"fold {depth:.0f} mm"
    cx, cy = rng.uniform(0.3, 0.7) * pw, rng.uniform(0.3, 0.7) * ph
    height = rng.uniform(3.0, 10.0)

    def bulge(x, y):
        return height * np.exp(-((x - cx) ** 2 + (y - cy) ** 2) / (2 * (0.3 * pw) ** 2))
    return bulge, f"bulge {height:.0f} mm"


def _rotation(rng: random.Random) -> np.ndarray:
    spin = math.radians(rng.choice([0, 0, 90, 180, 270]) + rng.gauss(0, 6))
    tilt_x, tilt_y = math.radians(rng.uniform(-22, 22)), math.radians(rng.uniform(-22, 22))
    rz = np.array([[math.cos(spin), -math.sin(spin), 0], [math.sin(spin), math.cos(spin), 0],
                   [0, 0, 1]])
    rx = np.array([[1, 0, 0], [0, math.cos(tilt_x), -math.sin(tilt_x)],
                   [0, math.sin(tilt_x), math.cos(tilt_x)]])
    ry = np.array([[math.cos(tilt_y), 0, math.sin(tilt_y)], [0, 1, 0],
                   [-math.sin(tilt_y), 0, math.cos(tilt_y)]])
    return rx @ ry @ rz


def _distance(corners: np.ndarray, f: float, w: float, h: float, side: float) -> float:
    """How far the camera is from the page's middle for its picture to span ``w`` x ``h``
    pixels at most."""
    dist = side
    for _ in range(30):
        proj = f * corners[:, :2] / (corners[:, 2:] + dist)
        span = proj.max(axis=0) - proj.min(axis=0)
        ratio = max(span[0] / w, span[1] / h)
        if abs(ratio - 1) < 0.005:
            break
        dist = max(dist * ratio, side * 0.6)
    return dist


def _project(rng: random.Random, size: tuple[int, int], page: tuple[float, float], height
             ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For every photo pixel (on a coarse grid, then smoothly enlarged), the page mm it sees
    through a lens with radial distortion, and whether it sees the page. The photo is
    turned to the page's orientation most of the time, as people hold a phone, and the
    whole page is in it (a lens or a bend that pushes it out makes the camera step back)."""
    w, h = size
    pw, ph = page
    rot = _rotation(rng)
    f = max(w, h) * rng.uniform(0.75, 1.1)  # a phone's wide lens, in pixels
    fill = rng.uniform(0.7, 0.92)  # the share of the frame the page spans
    corners = np.array([[-pw / 2, -ph / 2, 0], [pw / 2, -ph / 2, 0], [pw / 2, ph / 2, 0],
                        [-pw / 2, ph / 2, 0]]) @ rot.T
    k1 = rng.uniform(-0.12, 0.08)
    k2 = rng.uniform(-0.03, 0.03)
    turn = rng.random() < 0.8
    shift = (rng.uniform(-1, 1), rng.uniform(-1, 1))
    dist = _distance(corners, f, fill * w, fill * h, max(pw, ph))
    proj = f * corners[:, :2] / (corners[:, 2:] + dist)
    span = proj.max(axis=0) - proj.min(axis=0)
    if (span[0] > span[1]) != (w > h) and turn:  # the phone turned to the page
        w, h = h, w
    for _ in range(8):
        dist = _distance(corners, f, fill * w, fill * h, max(pw, ph))
        mapx, mapy = _rays(corners, rot, f, dist, fill, shift, (k1, k2), (w, h), page, height)
        on = (mapx >= 0) & (mapx < pw) & (mapy >= 0) & (mapy < ph)
        if not (on[0].any() or on[-1].any() or on[:, 0].any() or on[:, -1].any()):
            break
        fill *= 0.93
    return mapx, mapy, on


def _rays(corners: np.ndarray, rot: np.ndarray, f: float, dist: float, fill: float,
          shift: tuple[float, float], lens: tuple[float, float], size: tuple[int, int],
          page: tuple[float, float], height) -> tuple[np.ndarray, np.ndarray]:
    """The page mm each photo pixel sees."""
    w, h = size
    pw, ph = page
    k1, k2 = lens
    proj = f * corners[:, :2] / (corners[:, 2:] + dist)
    centre = (proj.max(axis=0) + proj.min(axis=0)) / 2
    free = np.array([w, h]) * (1 - fill) / 2
    offset = np.array([w / 2, h / 2]) - centre + [shift[0] * free[0], shift[1] * free[1]]
    step = 8
    gx, gy = np.meshgrid(np.arange(0, w + step, step, dtype=np.float64),
                         np.arange(0, h + step, step, dtype=np.float64))
    # lens: a distorted pixel → the ideal pixel it shows
    nx, ny = (gx - w / 2) / (max(w, h) / 2), (gy - h / 2) / (max(w, h) / 2)
    r2 = nx * nx + ny * ny
    k = 1 + k1 * r2 + k2 * r2 * r2
    ux, uy = nx * k * (max(w, h) / 2) + w / 2, ny * k * (max(w, h) / 2) + h / 2
    # ray through the ideal pixel, in page coordinates
    dx, dy = (ux - offset[0]) / f, (uy - offset[1]) / f
    rays = np.stack([dx, dy, np.ones_like(dx)], axis=-1) @ rot  # rot.T applied from the left
    origin = np.array([0.0, 0.0, -dist]) @ rot
    px = py = np.zeros_like(dx)
    z = np.zeros_like(dx)
    for _ in range(5):  # the ray meets the curved paper: iterate the height
        t = (z - origin[2]) / rays[..., 2]
        px = origin[0] + t * rays[..., 0] + pw / 2
        py = origin[1] + t * rays[..., 1] + ph / 2
        z = -height(np.clip(px, 0, pw), np.clip(py, 0, ph))  # the paper rises towards the camera
    # the coarse grid's last row and column lie past the frame: crop after enlarging
    big = (gx.shape[1] * step, gx.shape[0] * step)
    mapx = cv2.resize(px.astype(np.float32), big, interpolation=cv2.INTER_LINEAR)[:h, :w]
    mapy = cv2.resize(py.astype(np.float32), big, interpolation=cv2.INTER_LINEAR)[:h, :w]
    return np.ascontiguousarray(mapx), np.ascontiguousarray(mapy)


def _blur(image: np.ndarray, rng: random.Random, mp: float) -> tuple[np.ndarray, str]:
    roll = rng.random()
    scale = math.sqrt(mp / 12)
    if roll < 0.35:
        return image, "none"
    if roll < 0.7:  # the hand moved
        length = rng.uniform(3, 14) * scale
        a = rng.uniform(0, math.pi)
        n = int(length) | 1
        kernel = np.zeros((n + 2, n + 2), np.float32)
        c = (n + 1) / 2
        cv2.line(kernel, (round((c - math.cos(a) * length / 2) * 16),
                          round((c - math.sin(a) * length / 2) * 16)),
                 (round((c + math.cos(a) * length / 2) * 16),
                  round((c + math.sin(a) * length / 2) * 16)), 1.0, 1, cv2.LINE_AA, shift=4)
        kernel /= kernel.sum()
        return cv2.filter2D(image, -1, kernel), f"motion {length:.0f} px"
    radius = rng.uniform(1.5, 6) * scale  # out of focus: a disc
    n = int(2 * radius + 3) | 1
    kernel = np.zeros((n, n), np.float32)
    cv2.circle(kernel, (n // 2, n // 2), max(1, round(radius)), 1.0, -1, cv2.LINE_AA)
    kernel /= kernel.sum()
    return cv2.filter2D(image, -1, kernel), f"focus {radius:.1f} px"


def _light(h: int, w: int, rng: random.Random
           ) -> tuple[np.ndarray, np.ndarray, np.ndarray, str]:
    """A light field (multiplier per pixel), a glare to add, a colour per channel, and
    the light's name."""
    evening = rng.random() < 0.4
    level = rng.uniform(0.35, 0.7) if evening else rng.uniform(0.8, 1.05)
    colour = (np.array([rng.uniform(0.55, 0.8), rng.uniform(0.8, 0.95), 1.0], np.float32)
              if evening else np.array([rng.uniform(0.92, 1.0), 1.0, rng.uniform(0.95, 1.0)],
                                       np.float32))
    small = np.full((h // 8 + 1, w // 8 + 1), level, np.float32)
    ys, xs = np.mgrid[0:small.shape[0], 0:small.shape[1]].astype(np.float32)
    # a lamp to one side
    lx, ly = rng.uniform(-0.5, 1.5) * small.shape[1], rng.uniform(-0.5, 1.5) * small.shape[0]
    falloff = np.hypot(xs - lx, ys - ly) / max(small.shape)
    small *= 1.0 - rng.uniform(0.1, 0.4) * np.clip(falloff, 0, 1)
    name = "evening" if evening else "day"
    if rng.random() < 0.45:  # a hard shadow: a hand or the phone, a soft edge
        poly = np.array([[rng.uniform(0, small.shape[1]), rng.uniform(0, small.shape[0])]
                         for _ in range(rng.randint(3, 5))], np.int32)
        shade = np.zeros_like(small)
        cv2.fillPoly(shade, [cv2.convexHull(poly)], 1.0)
        shade = cv2.GaussianBlur(shade, (0, 0), rng.uniform(1.5, 6))
        small *= 1.0 - rng.uniform(0.3, 0.55) * shade
        name += ", shadow"
    glare = np.zeros_like(small)
    if rng.random() < 0.15:  # a glossy spot of light
        gx, gy = rng.uniform(0.2, 0.8) * small.shape[1], rng.uniform(0.2, 0.8) * small.shape[0]
        glare = 1.2 * np.exp(-((xs - gx) ** 2 + (ys - gy) ** 2)
                             / (2 * (rng.uniform(0.03, 0.08) * max(small.shape)) ** 2))
        name += ", glare"
    field = cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR)
    glare = cv2.resize(glare.astype(np.float32), (w, h), interpolation=cv2.INTER_LINEAR)
    return field, glare, colour, name


def make_photo(seed: int, cache: Path, *, illegal: bool = False, megapixels: float | None = None,
               map_id: str | None = None) -> Photo:
    """A photo of a played sheet; every choice follows ``seed``."""
    rng = random.Random(f"alt-{seed}")
    map_id = map_id or rng.choice(sorted(BUNDLED_MAPS))
    paper = rng.choice(["a4", "letter"])
    lang = rng.choice(["en", "de", "fr"])
    network = bundled_map(map_id)
    layout = sheet_layout(network, paper, lang, True)
    rules = default_rules()
    game = play_game(network, rules, ["P1", "P2", "P3", "P4"][:rng.randint(1, 4)],
                     rng.choice(["greedy", "random"]), f"alt-game-{seed}")
    sheet = rng.choice(marked_sheets(game.state))
    from scan_photos import truth_of  # the cell names only: the contract's vocabulary

    truth = truth_of(network, sheet)
    illegal_line = None
    if illegal:
        open_lines = sorted(line.id for line in network.lines
                            if truth[f"first {line.id}"] == "blank"
                            and truth[f"later {line.id}"] == "blank"
                            and line.id not in sheet.struck)
        if not open_lines:  # every line scored or struck: tick a second bonus instead
            open_lines = sorted(line.id for line in network.lines
                                if truth[f"later {line.id}"] == "ticked")
        if open_lines:
            illegal_line = rng.choice(open_lines)
            truth[f"first {illegal_line}"] = "ticked"
    printed = _print(map_id, paper, lang, cache)
    hand = _Hand(printed.shape[:2], rng)
    _write(hand, layout, sheet, rng, illegal_line)
    colour, opacity = rng.choice(_PENS)
    a = hand.alpha.astype(np.float32) / 255.0 * opacity
    ink = np.array(colour, np.float32) / 255.0
    page = printed.astype(np.float32) * (1.0 - a[..., None] * (1.0 - ink))
    if rng.random() < 0.25:
        grey = cv2.cvtColor(page, cv2.COLOR_BGR2GRAY)
        page = cv2.merge([grey, grey, grey])
    page *= np.array([rng.uniform(0.93, 1.0), rng.uniform(0.95, 1.0), 1.0], np.float32)  # paper
    # the camera
    mp = megapixels or rng.uniform(3.0, 12.0)
    w = int(math.sqrt(mp * 1e6 * 4 / 3))
    h = int(w * 3 / 4)
    pw, ph = printed.shape[1] / MM, printed.shape[0] / MM
    height, bend = _surface(rng, pw, ph)
    mapx, mapy, on = _project(rng, (w, h), (pw, ph), height)
    h, w = on.shape
    photo = cv2.remap(page, mapx * MM, mapy * MM, cv2.INTER_LINEAR,
                      borderMode=cv2.BORDER_REPLICATE)
    table_colour = np.array([rng.uniform(30, 150) for _ in range(3)], np.float32)
    grain = np.random.default_rng(seed).normal(0, 1, (h // 16 + 1, w // 4 + 1)).astype(np.float32)
    grain = cv2.resize(cv2.GaussianBlur(grain, (0, 0), 2), (w, h)) * rng.uniform(5, 20)
    table = table_colour + grain[..., None]
    photo = np.where(on[..., None], photo, table)
    photo, blur = _blur(photo, rng, mp)
    field, glare, cast, light = _light(h, w, rng)
    photo = photo * field[..., None] * cast + 255.0 * glare[..., None]
    noise = rng.uniform(2, 5) / max(0.4, float(field.mean()))  # dim light: more noise
    photo += np.random.default_rng(seed + 1).normal(0, noise, photo.shape).astype(np.float32)
    out = np.clip(photo, 0, 255).astype(np.uint8)
    quality = rng.randint(35, 95)
    ok, jpeg = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, quality])
    assert ok
    return Photo(jpeg.tobytes(), truth, map_id, paper, lang, w * h / 1e6, blur, bend, light,
                 illegal_line is None)


def stored_photo(seed: int, cache: Path, store: Path | None, *, illegal: bool = False) -> Photo:
    """:func:`make_photo`, kept in ``store`` (a JPEG and a JSON file per seed) when given, so
    that a second run over the same seeds only reads them (a photo takes ~30 s to make)."""
    if store is None:
        return make_photo(seed, cache, illegal=illegal)
    stem = store / f"alt-{seed}{'-illegal' if illegal else ''}"
    jpg, meta = stem.with_suffix(".jpg"), stem.with_suffix(".json")
    if jpg.exists() and meta.exists():
        return Photo(jpeg=jpg.read_bytes(), **json.loads(meta.read_text()))
    photo = make_photo(seed, cache, illegal=illegal)
    store.mkdir(parents=True, exist_ok=True)
    fields = {k: v for k, v in asdict(photo).items() if k != "jpeg"}
    for path, data in ((jpg, photo.jpeg), (meta, json.dumps(fields).encode())):
        tmp = path.with_suffix(f".{os.getpid()}.tmp")  # atomic: parallel makers may race
        tmp.write_bytes(data)
        tmp.replace(path)
    return photo

"""Reading the QR code of a blurred photo (``vv scan``, issue 33).

OpenCV's QR decoder, which reads the sharp photos, gives up on a code smeared by a moving
hand or out of focus. Here a second decoder, zxing-cpp, reads the code's region of the page
(rectified from the markers), first as it is, then sharpened by deconvolution: the blur is
undone by a Wiener filter for each of a few likely blurs — a short straight smear along the
direction the region's edges say it was smeared in (motion blur weakens the brightness
changes along it), or a disc (focus blur) — until the code decodes. A decoded code is read,
not guessed: its Reed-Solomon check either holds or the decoder returns nothing, so
sharpening can make a code unreadable but never make it name another sheet.

zxing-cpp comes with the ``scan`` extra; an installation without it skips this step (the
page is then recognised by comparison with the known sheets, or refused, as before).
"""

from __future__ import annotations

import math
from collections.abc import Iterator

import cv2
import numpy as np

#: The smears tried (pixels of the region given, at 8 px/mm: 0.4-1.9 mm of blur) and the
#: discs (radius, pixels); measured on tuning photos of the second generator, whose motion
#: blur is 3-14 px and focus blur 1.5-6 px at 12 MP (a page at about 11 px/mm).
LENGTHS = (3, 5, 7, 9, 12, 15)
RADII = (1.5, 2.5, 3.5, 5.0)
#: Noise over signal in the Wiener filter: more sharpens less and keeps the grain down.
NOISE = (0.01, 0.003)
#: How many degrees off the measured direction a smear is also tried (the measure is rough
#: when the code's own edges are not evenly spread between the two axes).
SPREAD = (0.0, -20.0, 20.0)


def decode(region: np.ndarray) -> str | None:
    """The text of the QR code in ``region`` (grey, 8-bit, the code and a margin round it),
    read by zxing-cpp as it is or once deblurred; None when it cannot be read (or zxing-cpp
    is not installed)."""
    try:
        import zxingcpp
    except ImportError:  # an installation of the scan extra before zxing-cpp joined it
        return None

    qr = zxingcpp.BarcodeFormats(zxingcpp.BarcodeFormat.QRCode)

    def read(image: np.ndarray) -> str | None:
        found = zxingcpp.read_barcodes(image, formats=qr, try_rotate=False, try_invert=False)
        return found[0].text if found and found[0].text else None

    text = read(region)
    if text:
        return text
    spectrum = _spectrum(region)
    for kernel in kernels(region):
        for noise in NOISE:
            text = read(wiener(spectrum, kernel, noise, region.shape))
            if text:
                return text
    return None


def smear_angle(region: np.ndarray) -> tuple[float, float]:
    """The direction (radians, image coordinates: x right, y down) the region looks smeared
    along, and how sure that is (0: edges as strong every way, 1: none along it). A QR
    code's edges run along both axes alike; a smear weakens the brightness changes along
    its direction, so the direction is the structure tensor's weakest."""
    image = region.astype(np.float32)
    gx = cv2.Sobel(image, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(image, cv2.CV_32F, 0, 1, ksize=3)
    xx, yy, xy = float((gx * gx).sum()), float((gy * gy).sum()), float((gx * gy).sum())
    values, vectors = np.linalg.eigh(np.array([[xx, xy], [xy, yy]]))
    weak = vectors[:, 0]
    return math.atan2(float(weak[1]), float(weak[0])), 1.0 - float(values[0] / max(values[1], 1e-9))


def kernels(region: np.ndarray) -> Iterator[np.ndarray]:
    """The blurs tried, likeliest first: smears along the measured direction (and a little
    off it), shortest first, then discs when the region looks smeared; else the discs
    first. (On the 40 tuning codes read deblurred, smears square to the measured direction,
    tried last, read none: they were dropped.)"""
    angle, anisotropy = smear_angle(region)
    discs = [disc(r) for r in RADII]
    smears = [smear(n, angle + math.radians(off)) for n in LENGTHS for off in SPREAD]
    yield from (smears + discs) if anisotropy > 0.15 else (discs + smears)


def smear(length: float, angle: float, size: int = 17) -> np.ndarray:
    """A straight motion blur of ``length`` pixels along ``angle``, normalised."""
    kernel = np.zeros((size, size), np.float32)
    c, half = size // 2, (length - 1) / 2
    dx, dy = math.cos(angle) * half, math.sin(angle) * half
    cv2.line(kernel, (round((c - dx) * 16), round((c - dy) * 16)),
             (round((c + dx) * 16), round((c + dy) * 16)), 1.0, 1, cv2.LINE_AA, shift=4)
    return kernel / float(kernel.sum())


def disc(radius: float, size: int = 17) -> np.ndarray:
    """A focus blur: a disc of ``radius`` pixels, normalised."""
    kernel = np.zeros((size, size), np.float32)
    c = size // 2
    cv2.circle(kernel, (c * 16, c * 16), round(radius * 16), 1.0, -1, cv2.LINE_AA, shift=4)
    return kernel / float(kernel.sum())


#: The border added before the Fourier transform (pixels): the edges repeat outward, so the
#: transform's wrap-around does not ring into the code.
_PAD = 16


def _spectrum(region: np.ndarray) -> np.ndarray:
    padded = cv2.copyMakeBorder(region.astype(np.float32) / 255.0, _PAD, _PAD, _PAD, _PAD,
                                cv2.BORDER_REPLICATE)
    return np.fft.rfft2(padded)


def wiener(spectrum: np.ndarray, kernel: np.ndarray, noise: float,
           shape: tuple[int, ...]) -> np.ndarray:
    """The region (given by its padded ``spectrum`` and ``shape``) with ``kernel``'s blur
    undone by a Wiener filter of noise-to-signal ``noise``, as 8-bit grey."""
    h, w = shape[0] + 2 * _PAD, shape[1] + 2 * _PAD
    psf = np.zeros((h, w), np.float32)
    k = kernel.shape[0]
    psf[:k, :k] = kernel
    psf = np.roll(psf, (-(k // 2), -(k // 2)), (0, 1))  # centred on the origin
    blur = np.fft.rfft2(psf)
    sharp = np.fft.irfft2(spectrum * np.conj(blur) / (np.abs(blur) ** 2 + noise), s=(h, w))
    out = sharp[_PAD:h - _PAD, _PAD:w - _PAD]
    return np.clip(out * 255.0, 0, 255).astype(np.uint8)

"""The machine's address on the local network, and the join link as a terminal QR code."""

from __future__ import annotations

import io
import socket


def lan_address() -> str:
    """This machine's address on its LAN (the one its default route leaves from).

    Connecting a UDP socket sends nothing: it only asks the kernel which local address
    a packet to that (documentation-only, never routed) address would leave from.
    """
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        try:
            sock.connect(("192.0.2.1", 9))
            address: str = sock.getsockname()[0]
        except OSError:
            address = ""
    if not address or address.startswith("0."):
        address = socket.gethostbyname(socket.gethostname())
    return address


def qr_text(url: str) -> str:
    """``url`` as a QR code drawn with block characters, for a phone to scan off a terminal."""
    import segno

    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()

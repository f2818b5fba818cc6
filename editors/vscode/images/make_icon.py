"""Draws images/icon.png (128x128), the extension's Marketplace icon: a
magnifying lens over a three-node graph, white on torch orange.

    python3 images/make_icon.py

Standard library only (zlib, struct). Each pixel is 4x4 supersampled, so
the edges are anti-aliased.
"""
import math
import struct
import zlib
from pathlib import Path

SIZE = 128
SS = 4
BG = (238, 76, 44)
FG = (255, 255, 255)
NODES = [(50.0, 38.0), (34.0, 66.0), (66.0, 66.0)]
EDGES = [(0, 1), (0, 2), (1, 2)]


def seg_dist(px, py, ax, ay, bx, by):
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


def in_rounded_square(x, y, r=24.0):
    cx = min(max(x, r), SIZE - r)
    cy = min(max(y, r), SIZE - r)
    return math.hypot(x - cx, y - cy) <= r


def is_foreground(x, y):
    d = math.hypot(x - 50, y - 55)
    if 36 <= d <= 45:  # the lens rim
        return True
    if seg_dist(x, y, 82, 87, 108, 113) <= 7:  # the handle
        return True
    if any(math.hypot(x - nx, y - ny) <= 7 for nx, ny in NODES):
        return True
    return any(seg_dist(x, y, *NODES[a], *NODES[b]) <= 2.2 for a, b in EDGES)


def pixel(px, py):
    bg = fg = 0
    for i in range(SS):
        for j in range(SS):
            x, y = px + (i + 0.5) / SS, py + (j + 0.5) / SS
            if in_rounded_square(x, y):
                if is_foreground(x, y):
                    fg += 1
                else:
                    bg += 1
    n = SS * SS
    alpha = (bg + fg) / n
    if alpha == 0:
        return (0, 0, 0, 0)
    w = fg / (bg + fg)
    rgb = tuple(round(b * (1 - w) + f * w) for b, f in zip(BG, FG))
    return (*rgb, round(255 * alpha))


def png(width, height, rows):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    raw = b"".join(b"\x00" + bytes(v for px in row for v in px) for row in rows)
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9))
            + chunk(b"IEND", b""))


if __name__ == "__main__":
    rows = [[pixel(x, y) for x in range(SIZE)] for y in range(SIZE)]
    out = Path(__file__).resolve().parent / "icon.png"
    out.write_bytes(png(SIZE, SIZE, rows))
    print(f"{out} ({out.stat().st_size} bytes)")

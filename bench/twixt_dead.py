"""twixt_dead.py - for bench/htp_match.py --dead-draw: a Twixt game between engines
that only ever place pegs, told drawn as soon as neither colour can still connect.

Under the STD rules a player may remove his own links, so the referee (ludex's exact
draw decision, src/twixt/reach.c) counts a game dead only when the other colour's links
wall each side off; ludex's engines never remove a link (their moves are single pegs),
so their games run on to the last hole - 550-570 pegs, 1 s of each engine's time a peg -
long after both are walled in by links of either colour.  PegsOnly keeps the board as
such engines leave it (each peg autolinked to its colour's pegs a knight's move away
unless the link crosses one already there, no link ever removed) and says whether
colour c could still join its border rows: a search over c's pegs and the holes c may
fill (not the other colour's pegs, border rows or the corners), a knight's move a step,
a step between two of c's pegs only where they are linked (a link is made only when a
peg is placed), any other step only where it crosses no link on the board (links stay).
Every chain c could still make is such a path, so no path means c cannot connect: with
neither able to, the game can only end drawn.  (Tried on the 100 games of the 1567b0b
match: its two draws, 553 and 560 pegs, were dead after 123 and 101; no other game was.)
"""

KNIGHT = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]


def _orient(a, b, c):
    v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    return (v > 0) - (v < 0)


def _cross(p1, p2, q1, q2):
    """Whether segments p1p2 and q1q2 cross (a knight's link has no hole inside it, so
    two links meet only at a shared end, which is no crossing, or cross properly)."""
    return _orient(p1, p2, q1) * _orient(p1, p2, q2) < 0 and _orient(q1, q2, p1) * _orient(q1, q2, p2) < 0


class PegsOnly:
    def __init__(self, size):
        self.size = size
        self.peg = {}      # (col, row) -> "w" or "b"
        self.links = {}    # (col, row) -> the other ends of its links

    def _crossed(self, a, b):
        """Whether a link a-b would cross a link on the board (whose ends are then
        within two columns and two rows of a or b)."""
        for c in range(min(a[0], b[0]) - 2, max(a[0], b[0]) + 3):
            for r in range(min(a[1], b[1]) - 2, max(a[1], b[1]) + 3):
                for q in self.links.get((c, r), ()):
                    if _cross(a, b, (c, r), q):
                        return True
        return False

    def place(self, colour, move):
        """Colour "w" or "b" places a peg on `move` ("l12": column letter, row number)."""
        a = (ord(move[0].lower()) - ord("a"), int(move[1:]) - 1)
        self.peg[a] = colour
        new = [b for b in ((a[0] + dc, a[1] + dr) for dc, dr in KNIGHT)
               if self.peg.get(b) == colour and not self._crossed(a, b)]
        for b in new:
            self.links.setdefault(a, []).append(b)
            self.links.setdefault(b, []).append(a)

    def _open(self, colour, cell):
        c, r, last = cell[0], cell[1], self.size - 1
        if not (0 <= c <= last and 0 <= r <= last) or self.peg.get(cell) not in (None, colour):
            return False
        across = c if colour == "w" else r  # the other colour's border rows: White may not use columns a and x
        return across not in (0, last)

    def can_connect(self, colour):
        along = (lambda x: x[1]) if colour == "w" else (lambda x: x[0])  # White joins rows, Black columns
        n = self.size
        todo = [x for x in ((c, r) for c in range(n) for r in range(n)) if along(x) == 0 and self._open(colour, x)]
        seen = set(todo)
        while todo:
            a = todo.pop()
            if along(a) == n - 1:
                return True
            for dc, dr in KNIGHT:
                b = (a[0] + dc, a[1] + dr)
                if b in seen or not self._open(colour, b):
                    continue
                if self.peg.get(a) == colour and self.peg.get(b) == colour:
                    if b not in self.links.get(a, ()):
                        continue
                elif self._crossed(a, b):
                    continue
                seen.add(b)
                todo.append(b)
        return False

    def dead(self):
        return not self.can_connect("w") and not self.can_connect("b")

"""gen_split.py KIND OUT - collections for the tests of `ludex check` cutting one
file into ranges of game trees (tests/cli/run): the same bytes on every run."""
import random
import sys

rng = random.Random(20)
LETTERS = "abcdefghijk"


def hex_game(n, size=11):
    cells = [f"{c}{r}" for c in LETTERS[:size] for r in range(1, size + 1)]
    rng.shuffle(cells)
    moves = "".join(f";{'BW'[i % 2]}[{cells[i]}]" for i in range(n))
    return f"(;FF[4]GM[11]SZ[{size}]CA[UTF-8]PB[b]PW[w]{moves})"


def broken(k):
    """Tree k of the broken collection: a different problem every few trees."""
    kind = k % 13
    if kind in (4, 11) and k < 300:
        kind = 0  # the scanner's cut is wrong after these: late in the file only
    if kind == 1:
        return "(;FF[4]GM[11]SZ[11];B[a1]W[b2]x;B[c3])"          # missing ';', junk
    if kind == 2:
        return "(;FF[4]GM[11]SZ[11];B[a1];W[a1];B[c3])"          # occupied cell
    if kind == 3:
        return "(;FF[4]GM[11]SZ[11]C[caf\xe9 \xff\xfe];B[a1])"   # bad UTF-8 bytes
    if kind == 4:
        return "(;FF[4]GM[11]SZ[11]C[a]b) (; ] still];B[b2])"    # unescaped ']'
    if kind == 5:
        return "(;FF[4]gm[11]sz[11];b[a1];w[b2])"                # lower-case IDs
    if kind == 6:
        return "(;FF[4]GM[1]SZ[19];B[aa];W[bb])"                 # MIXED_GAMES
    if kind == 7:
        return "(;FF[4]GM[11]SZ[11];B[a1](;W[b2])(;W[c3];B[d4]);W[e5])"  # node after variation
    if kind == 8:
        return "(;FF[4]GM[11]SZ[0];B[a1])"                       # bad size
    if kind == 9:
        return "(;FF[4]GM[11]SZ[11]\r\n;B[a1]\r;W[zz])"          # CR line ends, off board
    if kind == 10:
        return "()"                                              # empty
    if kind == 11:
        return "(;FF[4]GM[11]SZ[11]C[a ) ( (; \\] \\\\];B[a1])"  # brackets in values
    if kind == 12:
        return "(;FF[4]GM[11]SZ[11];B[a1]XY;W[b2])"              # ID without value
    return hex_game(rng.randrange(1, 40))


def main():
    kind, out = sys.argv[1], sys.argv[2]
    parts = []
    if kind == "broken":        # broken trees spread through the file
        parts = [broken(k) + "\n" for k in range(400)]
    elif kind == "between":     # text between trees, some of it like SGF
        for k in range(200):
            parts.append(hex_game(rng.randrange(1, 30)))
            parts.append(["\n", " junk ) here\n", "\n(x)\n", "\n\n", "[v] (text\n", "\n()\n"][k % 6])
        parts.append("\n;B[a1];W[b2]\n" + hex_game(3))  # a tree without its '(' (swallows the next)
    elif kind == "unterminated":  # the last tree is never closed
        parts = [hex_game(rng.randrange(1, 30)) + "\n" for _ in range(200)]
        parts.append("(;FF[4]GM[11]SZ[11];B[a1](;W[b2];B[c3]")
    elif kind == "deep":        # deeply nested variations between ordinary trees
        parts = [hex_game(10) + "\n" for _ in range(50)]
        d = 100000
        parts.append("(;FF[4]GM[11]SZ[11]" + "(;B[a1]" * d + ")" * d + ")\n")
        parts += [hex_game(10) + "\n" for _ in range(50)]
    elif kind == "many":        # more diagnostics than the list keeps (10,000)
        parts = ["(;FF[4]GM[11]SZ[11];B[a1];W[a1];X[y]Z)\n" for _ in range(6000)]
    elif kind == "match":       # a backgammon match in the middle: only a whole-file check
        parts = [hex_game(5) + "\n" for _ in range(50)]
        parts.append("(;FF[4]GM[6]MI[length:0][game:1];B[31fbdc])\n")
        parts += [hex_game(5) + "\n" for _ in range(50)]
    elif kind == "big":         # over 1 MB: cut with the default sizes
        size = 0
        while size < 1_500_000:
            g = broken(len(parts) % 299) if len(parts) % 97 == 0 else hex_game(rng.randrange(1, 60))
            parts.append(g + "\n")
            size += len(g) + 1
    elif kind == "latin1":      # a charset converted for the whole file first
        parts = ["(;FF[4]GM[11]SZ[11]CA[ISO-8859-1]C[caf\xe9];B[a1])\n"]
        parts += [f"(;FF[4]GM[11]SZ[11]C[\xe9t\xe9 {k}];B[a1];W[a1])\n" for k in range(100)]
    with open(out, "wb") as f:
        f.write("".join(parts).encode("latin-1"))


main()

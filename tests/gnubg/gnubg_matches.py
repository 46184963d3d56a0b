# gnubg_matches.py - GNU Backgammon as ludex's test partner.
#
# Run inside GNU Backgammon's embedded Python (it takes no arguments, so the
# work is described in environment variables):
#
#   LUDEX_GNUBG_MODE=generate LUDEX_GNUBG_OUT=DIR LUDEX_GNUBG_MATCHES=SPEC,SPEC... \
#       /usr/games/gnubg -t -q -r -p tests/gnubg/gnubg_matches.py
#     Let gnubg play each match against itself (0-ply, so it is quick), save it
#     as DIR/NAME.sgf, load that file again and write DIR/NAME.ids: gnubg's own
#     position ID and match ID after every move of every game, as it shows them
#     when it steps through the file (see "The .ids format" below).
#     SPEC is NAME:LENGTH:SEED[:OPTION+OPTION...]; LENGTH 0 is a money session
#     (then OPTION games=N says how many games, default 3).  Options: nack
#     (Nackgammon start), nocube, nojacoby (money), beavers=N (money),
#     analysis (keep gnubg's analysis properties A and DA; they are stripped
#     otherwise, to keep checked-in files small), script=NAME (one game begun
#     by the commands of SCRIPTS[NAME] below with both players entered by
#     hand - cube actions gnubg's own play never makes, such as beavers, or a
#     position set up mid-game - then played to its end by gnubg, unless the
#     option unfinished says to save it as the commands leave it).
#
#   LUDEX_GNUBG_MODE=dump LUDEX_GNUBG_FILES=A.sgf,B.sgf... LUDEX_GNUBG_OUT=DIR
#     Write DIR/<basename>.ids for existing files.
#
#   LUDEX_GNUBG_MODE=compare LUDEX_GNUBG_PAIRS=A.sgf=B.sgf,...
#     Load A and B and compare what gnubg reads from them: per game the
#     actions, players, dice and checker moves of every record, the cube
#     actions, the IDs after each move, and the result.  Prints one line per
#     pair on standard output: "LUDEX SAME A B" or "LUDEX DIFF A B: why".
#
# The .ids format, one line per SGF move (B or W property), games numbered
# from 0 as the trees of the file, moves from 1 within a game:
#   GAME MOVE PLAYER POSITION_ID MATCH_ID
# and after each game:
#   GAME end RESULT
# where RESULT is "W+2", "B+4R" (resigned) or "-" (unfinished), as gnubg
# scores the game.  Lines starting with '#' are comments.
#
# Every line this script prints for ludex starts with "LUDEX " (gnubg prints
# other things of its own).
import os
import re

import gnubg

MOVE_ACTIONS = ('move', 'double', 'take', 'drop')

# Games begun by hand.  The dice are gnubg's (seeded), so the first move is
# the opening roll's only sensible reply only for the seed given in the spec.
SCRIPTS = {
    # money: the opening 21, a double, a beaver, the doubler takes at 4
    'beaver': ['new session', 'move 24/23 13/11', 'double', 'beaver', 'take'],
    # money: double, beaver, raccoon, dropped (the game ends at once)
    'raccoon': ['new session', 'move 24/23 13/11', 'double', 'beaver', 'beaver', 'drop'],
    # money: saved after Black's roll, before Black plays it (gnubg writes PL, DI and the bare roll)
    'unplayed': ['new session', 'move 24/23 13/11', 'double', 'beaver', 'take', 'roll'],
    # a 7-point match at 2-3: a position set up after the first move, the cube at 4 for Black
    'setup': ['new match 7', 'set score 2 3', 'move 24/23 13/11', 'set board s8yFATDgc4cBYA',
              'set cube value 4', 'set cube owner 1'],
}


def say(*words):
    print('LUDEX ' + ' '.join(str(w) for w in words), flush=True)


def quietly(cmd):
    gnubg.command(cmd)


def parse_spec(spec):
    parts = spec.split(':')
    name, length, seed = parts[0], int(parts[1]), int(parts[2])
    opts = {}
    if len(parts) > 3 and parts[3]:
        for o in parts[3].split('+'):
            k, _, v = o.partition('=')
            opts[k] = v
    return name, length, seed, opts


def gnubg_players():
    for p in (0, 1):
        quietly('set player %d gnubg' % p)
        quietly('set player %d chequerplay evaluation plies 0' % p)
        quietly('set player %d cubedecision evaluation plies 0' % p)


def setup_players(seed):
    quietly('set rng mersenne')
    quietly('set seed %d' % seed)
    gnubg_players()


def strip_analysis(path):
    with open(path, encoding='utf-8') as f:
        text = f.read()
    text = re.sub(r'(?<=[\]\n;])(A|DA)(\[[^\]]*\])+', '', text)
    with open(path, 'w', encoding='utf-8') as f:
        f.write(text)


def by_hand(commands, finish):
    for p in (0, 1):
        quietly('set player %d human' % p)
    quietly('set automatic roll off')
    quietly('set automatic game off')
    for c in commands:
        quietly(c)
    if finish:
        gnubg_players()
        quietly('set automatic roll on')
        quietly('play')


def play(name, length, seed, opts, out):
    setup_players(seed)
    quietly('set variation ' + ('nackgammon' if 'nack' in opts else 'standard'))
    quietly('set cube use ' + ('off' if 'nocube' in opts else 'on'))
    quietly('set jacoby ' + ('off' if 'nojacoby' in opts else 'on'))
    quietly('set beavers ' + opts.get('beavers', '3'))
    path = os.path.join(out, name + '.sgf')
    if 'script' in opts:
        by_hand(SCRIPTS[opts['script']], 'unfinished' not in opts)
    elif length > 0:
        quietly('set automatic game on')
        quietly('new match %d' % length)
    else:
        quietly('set automatic game off')
        quietly('new session')
        for _ in range(int(opts.get('games', '3')) - 1):
            quietly('new game')
    quietly('save match ' + path)
    if 'analysis' not in opts:
        strip_analysis(path)
    return path


def result_of(info):
    winner = info.get('winner')
    if winner is None:
        return '-'
    return '%s+%d%s' % ('W' if winner == 'X' else 'B', info.get('points-won', 0),
                        'R' if info.get('resigned') else '')


def walk(path):
    """What gnubg reads from path: per game, a list of records
    (action, player, dice, move, position ID, match ID) for the SGF moves,
    and the result."""
    quietly('load match ' + path)
    m = gnubg.match(0, 0, 0, 0)
    games = []
    for gi, g in enumerate(m['games']):
        gnubg.navigate()
        if gi:
            gnubg.navigate(game=gi)
        recs = []
        for r in g['game']:
            quietly('next')
            if r['action'] not in MOVE_ACTIONS:
                continue
            player = 'W' if r.get('player') == 'X' else 'B'
            recs.append((r['action'], player, r.get('dice'), r.get('move'),
                         gnubg.positionid(), gnubg.matchid()))
        games.append((recs, result_of(g.get('info', {}))))
    return games


def dump(path, out):
    games = walk(path)
    base = os.path.splitext(os.path.basename(path))[0]
    with open(os.path.join(out, base + '.ids'), 'w') as f:
        f.write('# %s.ids - GNU Backgammon %s: position and match ID after each move of %s.sgf\n'
                % (base, gnubg_version(path), base))
        for gi, (recs, res) in enumerate(games):
            for k, r in enumerate(recs):
                f.write('%d %d %s %s %s\n' % (gi, k + 1, r[1], r[4], r[5]))
            f.write('%d end %s\n' % (gi, res))
    say('DUMPED', path, len(games))


def gnubg_version(path):
    if os.environ.get('LUDEX_GNUBG_VERSION'):
        return os.environ['LUDEX_GNUBG_VERSION']
    with open(path, encoding='utf-8') as f:
        m = re.search(r'AP\[GNU Backgammon:([^\]]*)\]', f.read())
    return m.group(1) if m else '(version unknown)'


def compare(a, b):
    ga, gb = walk(a), walk(b)
    if len(ga) != len(gb):
        return 'games: %d and %d' % (len(ga), len(gb))
    for gi, ((ra, resa), (rb, resb)) in enumerate(zip(ga, gb)):
        if len(ra) != len(rb):
            return 'game %d: %d and %d moves' % (gi, len(ra), len(rb))
        for k, (x, y) in enumerate(zip(ra, rb)):
            if x != y:
                return 'game %d move %d: %r and %r' % (gi, k + 1, x, y)
        if resa != resb:
            return 'game %d: result %s and %s' % (gi, resa, resb)
    return None


def main():
    quietly('set display off')
    mode = os.environ.get('LUDEX_GNUBG_MODE', 'generate')
    out = os.environ.get('LUDEX_GNUBG_OUT', '.')
    if mode == 'generate':
        for spec in filter(None, os.environ.get('LUDEX_GNUBG_MATCHES', '').split(',')):
            name, length, seed, opts = parse_spec(spec)
            dump(play(name, length, seed, opts, out), out)
    elif mode == 'dump':
        for path in filter(None, os.environ.get('LUDEX_GNUBG_FILES', '').split(',')):
            dump(path, out)
    elif mode == 'compare':
        for pair in filter(None, os.environ.get('LUDEX_GNUBG_PAIRS', '').split(',')):
            a, _, b = pair.partition('=')
            why = compare(a, b)
            if why is None:
                say('SAME', a, b)
            else:
                say('DIFF', a, b + ':', why)
    say('DONE')


main()

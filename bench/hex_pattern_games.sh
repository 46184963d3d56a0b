#!/bin/sh
# hex_pattern_games.sh - the training games of src/hex/pattern_table.c, made again
# outside the tree: Benzene's olympiad records (the shared corpus) as move
# lines, and MoHex 2.0 playing itself on 11x11 and 9x9 from 1-2 random
# opening moves at 2,000 playouts a move (bench/hex_selfplay.py; MoHex seeds
# its playouts from the clock, so the games differ run to run; the openings
# repeat).  The table of 2026-11-30 was made from 162 11x11 and 304 9x9 games
# (33 minutes of two processes here) and the 83 records.
#
#   MOHEX=/path/to/mohex bench/hex_pattern_games.sh OUTDIR [GAMES11] [GAMES9]
#
# then: BUILD/hex_patterns OUTDIR/olympiad.txt OUTDIR/selfplay11.txt OUTDIR/selfplay9.txt \
#       > src/hex/pattern_table.c
# and the playouts' answers from the same games:
#       bench/hex_answers.py OUTDIR/olympiad.txt OUTDIR/selfplay11.txt OUTDIR/selfplay9.txt \
#       > src/hex/answer_table.c
# MoHex is never built or kept in the tree: MOHEX names a binary built outside
# it (github cgao3/benzene-vanilla-cmake, `make mohex`).
set -e
out=${1:?usage: MOHEX=PATH hex_pattern_games.sh OUTDIR [GAMES11] [GAMES9]}
games11=${2:-162}
games9=${3:-304}
: "${MOHEX:?MOHEX must name a MoHex 2.0 binary}"
corpus=${CORPUS:-/work/shared/corpus/hex-benzene/games}
here=$(dirname "$0")
mkdir -p "$out"
"$here/hex_sgf_moves.py" $(find "$corpus" -name '*.sgf' | sort) > "$out/olympiad.txt"
init="param_mohex max_memory 10000000;param_mohex fillin_map_bits 8;param_mohex perform_pre_search 0"
init="$init;param_mohex max_games 2000;param_mohex max_time 30;param_mohex num_threads 1"
init="$init;param_mohex use_time_management 0;param_game allow_swap 0"
"$here/hex_selfplay.py" --engine "$MOHEX" --init "$init" --size 11 --games "$games11" --random 2 --seed 11 \
    > "$out/selfplay11.txt" &
"$here/hex_selfplay.py" --engine "$MOHEX" --init "$init" --size 9 --games "$games9" --random 2 --seed 9 \
    > "$out/selfplay9.txt"
wait

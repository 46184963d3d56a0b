/* coord.h - column letters and "letters + row number" points (internal to libludex).
 *
 * Hex and Twixt name a column by letters in bijective base 26: a..z are
 * columns 0..25, then aa..zz are 26..701, then aaa.. and so on (there is no
 * "zero" letter, so "aa" follows "z" just as 10 follows 9 would if there were
 * no zero digit).  A point is such letters followed at once by a row number
 * written in decimal without a sign or leading zeros ("e5", "aa10").  Letters
 * are read in either case and always written lower-case.
 *
 * What this does not do: know a board's size (callers check the range), or
 * know any game's special moves. */
#ifndef LX_BASE_COORD_H
#define LX_BASE_COORD_H

#include <stddef.h>

/* Largest column index or row number these helpers accept: big enough for
 * any board, small enough that arithmetic on it never overflows an int. */
#define LX_COORD_MAX 100000000L

/* Write the letters of column `index` (0-based), lower-case, NUL-terminated.
 * Returns the number of letters, or 0 when `index` is out of range or the
 * letters and the NUL do not fit in `cap` bytes. */
size_t lx_coord_column_name(long index, char *buf, size_t cap);

/* The 0-based index of the column named by `len` letters (either case).
 * 0, or -1 when the text is empty, holds anything but letters, or names a
 * column beyond LX_COORD_MAX. */
int lx_coord_column_index(const char *s, size_t len, long *index);

/* Read a point "letters digits": *col is the 0-based column, *row the row
 * number as written (1-based).  0, or -1 when the text is not of that form
 * (empty, no letters, no digits, a leading zero, something after the digits,
 * or a number beyond LX_COORD_MAX). */
int lx_coord_parse_point(const char *s, size_t len, long *col, long *row);

/* Write "letters digits" for 0-based column `col` and 1-based `row`.
 * Returns the length written (without the NUL), or 0 when it does not fit or
 * a number is out of range. */
size_t lx_coord_point_name(long col, long row, char *buf, size_t cap);

#endif

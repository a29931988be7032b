/* crafty_chess.h - the chess rules the crafty workload needs of its own,
 * without the engine it measures: positions from and to FEN, the legal
 * moves of a position, and moves in UCI notation.  sp-crafty-gen plays
 * seeded random games with them; sp-crafty-check proves with them that
 * every move the engine reports is legal where it plays it. */
#ifndef SP_CRAFTY_CHESS_H
#define SP_CRAFTY_CHESS_H

/* Pieces: 0 empty, PAWN..KING for white, with BLACK added for black. */
enum { PAWN = 1, KNIGHT, BISHOP, ROOK, QUEEN, KING, BLACK = 8 };

/* Castling rights. */
enum { WK = 1, WQ = 2, BK = 4, BQ = 8 };

struct board {
	signed char sq[64];	/* a1 = 0, b1 = 1, ..., h8 = 63 */
	int side;		/* 0 white, 1 black to move */
	int castle;		/* WK | WQ | BK | BQ */
	int ep;			/* en-passant target square, or -1 */
	int half, full;		/* halfmove clock, move number */
};

struct move {
	int from, to, promo;	/* promo: KNIGHT..QUEEN, or 0 */
};

#define CHESS_MAX_MOVES 256
#define CHESS_FEN_MAX 100
#define CHESS_START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

/* Reads a FEN; 0, or -1 when it is not one. */
int chess_from_fen(struct board *b, const char *fen);
void chess_to_fen(const struct board *b, char *fen);
/* The legal moves of b into m (CHESS_MAX_MOVES); their count. */
int chess_legal(const struct board *b, struct move *m);
void chess_make(struct board *b, const struct move *m);
/* Whether the side to move is in check. */
int chess_in_check(const struct board *b);
/* The move as UCI writes it ("e2e4", "e7e8q", castling "e1g1"). */
void chess_uci(const struct move *m, char *out);
/* The legal move of b written uci as UCI writes it: 0 and played on b,
 * or -1 when no legal move of b is written so. */
int chess_play_uci(struct board *b, const char *uci);

#endif

/* test_chess.c - the chess rules the crafty check relies on count the
 * published perft totals (every legal move sequence to a depth) of four
 * standard test positions, which exercise castling, en passant, checks
 * and promotions; FEN reads and writes back the same text; and a UCI
 * move is played only when it is legal. */
#include <string.h>

#include "crafty_chess.h"
#include "tap.h"

static long perft(const struct board *b, int depth)
{
	struct move m[CHESS_MAX_MOVES];
	int n = chess_legal(b, m);
	long total = 0;

	if (depth == 1)
		return n;
	for (int i = 0; i < n; i++) {
		struct board c = *b;

		chess_make(&c, &m[i]);
		total += perft(&c, depth - 1);
	}
	return total;
}

static const struct {
	const char *fen;
	int depth;
	long nodes;
} cases[] = {
	{ CHESS_START, 4, 197281 },
	{ "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	  3, 97862 },
	{ "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5, 674624 },
	{ "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	  4, 422333 },
};

int main(void)
{
	struct board b;
	char fen[CHESS_FEN_MAX];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		TAP_CHECK(chess_from_fen(&b, cases[i].fen) == 0, "reads %s",
			  cases[i].fen);
		chess_to_fen(&b, fen);
		TAP_CHECK(!strcmp(fen, cases[i].fen), "writes it back");
		TAP_CHECK(perft(&b, cases[i].depth) == cases[i].nodes,
			  "perft %d is %ld", cases[i].depth, cases[i].nodes);
	}
	chess_from_fen(&b, CHESS_START);
	TAP_CHECK(chess_play_uci(&b, "e2e5") < 0, "e2e5 is refused");
	TAP_CHECK(chess_play_uci(&b, "e2e4") == 0 && b.ep < 0 && b.side == 1,
		  "e2e4 is played, no en-passant square (no pawn can take)");
	chess_from_fen(&b, "4k3/8/8/8/5p2/8/4P3/4K3 w - - 0 1");
	TAP_CHECK(chess_play_uci(&b, "e2e4") == 0 && b.ep == 20 &&
		  chess_play_uci(&b, "f4e3") == 0 && !b.sq[28],
		  "beside a pawn e2e4 leaves e3 to take on, and it takes");
	TAP_CHECK(chess_play_uci(&b, "e1g1") < 0, "white cannot move for black");
	TAP_CHECK(chess_from_fen(&b, "8/8/8/8/8/8/8/8 w - - 0 1") < 0,
		  "a board without kings is not a position");
	return tap_done();
}

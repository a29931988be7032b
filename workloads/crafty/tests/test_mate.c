/* test_mate.c - the crafty check's mate finder on positions whose mates
 * are known from chess literature or by inspection: the scholar's and the
 * back-rank mate in one, Legal's mate in two, a stalemate that is no mate,
 * and positions the generator chose, which mate in exactly the moves it
 * says. */
#include <string.h>

#include "crafty_mate.h"
#include "crafty_spec.h"
#include "tap.h"

/* Whether uci is among the moves of b that mate in `moves`. */
static int mates_with(const char *fen, int moves, const char *uci)
{
	struct move m[CHESS_MAX_MOVES];
	struct board b;
	char s[8];
	int n;

	chess_from_fen(&b, fen);
	n = mate_moves(&b, moves, m);
	for (int i = 0; i < n; i++) {
		chess_uci(&m[i], s);
		if (!strcmp(s, uci))
			return 1;
	}
	return 0;
}

static int length(const char *fen)
{
	struct board b;

	chess_from_fen(&b, fen);
	return mate_length(&b, 2);
}

int main(void)
{
	static const char scholar[] =
		"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
	static const char back_rank[] = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
	static const char legal[] =
		"r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 10";
	static const char queen[] = "7k/8/5QK1/8/8/8/8/8 w - - 0 1";
	struct board b;
	char fen[CHESS_FEN_MAX];
	int wanted = 0;

	TAP_CHECK(length(scholar) == 1 && mates_with(scholar, 1, "h5f7") &&
		  !mates_with(scholar, 1, "c4f7"), "scholar's mate: Qxf7 only");
	TAP_CHECK(length(back_rank) == 1 && mates_with(back_rank, 1, "a1a8"),
		  "back rank: Ra8");
	TAP_CHECK(length(legal) == 2 && mates_with(legal, 2, "d5f6") &&
		  !mates_with(legal, 2, "c4f7"), "Legal's mate: Nf6+ in two");
	TAP_CHECK(mates_with(queen, 1, "f6f8") && mates_with(queen, 1, "f6d8") &&
		  !mates_with(queen, 1, "f6f7") && !mates_with(queen, 1, "f6h4"),
		  "Qf8 and Qd8 mate; Qf7 stalemates; Qh4+ lets the king out");
	TAP_CHECK(length("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1") == 0,
		  "a stalemated side has no mate");
	for (long i = 0; i < 20; i++) {
		int mate = crafty_position(42, i, &b, fen);

		if (!crafty_mate_wanted(i))
			continue;
		wanted++;
		TAP_CHECK(mate == crafty_mate_wanted(i) &&
			  mate_length(&b, 2) == mate, "position %ld: %s mates in %d",
			  i + 1, fen, mate);
	}
	TAP_CHECK(wanted == 4, "4 of 20 positions are mates");
	return tap_done();
}

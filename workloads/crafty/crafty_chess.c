/* crafty_chess.c - the chess rules of crafty_chess.h: a plain 8x8 board,
 * pseudo-legal moves filtered by whether the mover's king is attacked
 * afterwards; castling, en passant and promotion included. */
#include <stdio.h>
#include <string.h>

#include "crafty_chess.h"

#define COLOR(p) ((p) & BLACK)
#define TYPE(p) ((p) & 7)

static const int knight_d[8][2] = {
	{ 1, 2 }, { 2, 1 }, { 2, -1 }, { 1, -2 },
	{ -1, -2 }, { -2, -1 }, { -2, 1 }, { -1, 2 },
};
static const int king_d[8][2] = {
	{ 1, 0 }, { 1, 1 }, { 0, 1 }, { -1, 1 },
	{ -1, 0 }, { -1, -1 }, { 0, -1 }, { 1, -1 },
};

static int on_board(int f, int r)
{
	return f >= 0 && f < 8 && r >= 0 && r < 8;
}

/* Whether side `by` (0 white, 1 black) attacks square s. */
static int attacked(const struct board *b, int s, int by)
{
	int f = s % 8, r = s / 8, col = by ? BLACK : 0;
	int pr = by ? r + 1 : r - 1;

	for (int df = -1; df <= 1; df += 2)
		if (on_board(f + df, pr) &&
		    b->sq[pr * 8 + f + df] == (PAWN | col))
			return 1;
	for (int i = 0; i < 8; i++) {
		int nf = f + knight_d[i][0], nr = r + knight_d[i][1];
		int kf = f + king_d[i][0], kr = r + king_d[i][1];

		if (on_board(nf, nr) && b->sq[nr * 8 + nf] == (KNIGHT | col))
			return 1;
		if (on_board(kf, kr) && b->sq[kr * 8 + kf] == (KING | col))
			return 1;
	}
	for (int i = 0; i < 8; i++) {
		int df = king_d[i][0], dr = king_d[i][1];
		int diag = df && dr;

		for (int nf = f + df, nr = r + dr; on_board(nf, nr);
		     nf += df, nr += dr) {
			int p = b->sq[nr * 8 + nf];

			if (!p)
				continue;
			if (COLOR(p) == col &&
			    (TYPE(p) == QUEEN ||
			     TYPE(p) == (diag ? BISHOP : ROOK)))
				return 1;
			break;
		}
	}
	return 0;
}

static int king_square(const struct board *b, int side)
{
	for (int s = 0; s < 64; s++)
		if (b->sq[s] == (KING | (side ? BLACK : 0)))
			return s;
	return -1;
}

static void add(struct move *m, int *n, int from, int to, int promo)
{
	m[*n].from = from;
	m[*n].to = to;
	m[*n].promo = promo;
	(*n)++;
}

static void add_pawn(struct move *m, int *n, int from, int to)
{
	if (to / 8 == 0 || to / 8 == 7)
		for (int p = QUEEN; p >= KNIGHT; p--)
			add(m, n, from, to, p);
	else
		add(m, n, from, to, 0);
}

static int pseudo(const struct board *b, struct move *m)
{
	int n = 0, col = b->side ? BLACK : 0, up = b->side ? -1 : 1;

	for (int s = 0; s < 64; s++) {
		int p = b->sq[s], f = s % 8, r = s / 8;

		if (!p || COLOR(p) != col)
			continue;
		switch (TYPE(p)) {
		case PAWN: {
			int r1 = r + up, home = b->side ? 6 : 1;

			if (!on_board(f, r1))
				break;
			if (!b->sq[r1 * 8 + f]) {
				add_pawn(m, &n, s, r1 * 8 + f);
				if (r == home && !b->sq[(r1 + up) * 8 + f])
					add(m, &n, s, (r1 + up) * 8 + f, 0);
			}
			for (int df = -1; df <= 1; df += 2) {
				int t = r1 * 8 + f + df, q;

				if (!on_board(f + df, r1))
					continue;
				q = b->sq[t];
				if ((q && COLOR(q) != col) || t == b->ep)
					add_pawn(m, &n, s, t);
			}
			break;
		}
		case KNIGHT:
		case KING: {
			const int (*d)[2] = TYPE(p) == KNIGHT ? knight_d : king_d;

			for (int i = 0; i < 8; i++) {
				int nf = f + d[i][0], nr = r + d[i][1], q;

				if (!on_board(nf, nr))
					continue;
				q = b->sq[nr * 8 + nf];
				if (!q || COLOR(q) != col)
					add(m, &n, s, nr * 8 + nf, 0);
			}
			break;
		}
		default:
			for (int i = 0; i < 8; i++) {
				int df = king_d[i][0], dr = king_d[i][1];
				int diag = df && dr;

				if (TYPE(p) != QUEEN &&
				    diag != (TYPE(p) == BISHOP))
					continue;
				for (int nf = f + df, nr = r + dr;
				     on_board(nf, nr); nf += df, nr += dr) {
					int q = b->sq[nr * 8 + nf];

					if (q && COLOR(q) == col)
						break;
					add(m, &n, s, nr * 8 + nf, 0);
					if (q)
						break;
				}
			}
		}
	}
	/* Castling: the squares between empty, the king not in check and
	 * not passing through or landing on an attacked square. */
	if (b->side == 0 && b->sq[4] == KING && !attacked(b, 4, 1)) {
		if ((b->castle & WK) && b->sq[7] == ROOK && !b->sq[5] &&
		    !b->sq[6] && !attacked(b, 5, 1))
			add(m, &n, 4, 6, 0);
		if ((b->castle & WQ) && b->sq[0] == ROOK && !b->sq[3] &&
		    !b->sq[2] && !b->sq[1] && !attacked(b, 3, 1))
			add(m, &n, 4, 2, 0);
	}
	if (b->side == 1 && b->sq[60] == (KING | BLACK) && !attacked(b, 60, 0)) {
		if ((b->castle & BK) && b->sq[63] == (ROOK | BLACK) &&
		    !b->sq[61] && !b->sq[62] && !attacked(b, 61, 0))
			add(m, &n, 60, 62, 0);
		if ((b->castle & BQ) && b->sq[56] == (ROOK | BLACK) &&
		    !b->sq[59] && !b->sq[58] && !b->sq[57] &&
		    !attacked(b, 59, 0))
			add(m, &n, 60, 58, 0);
	}
	return n;
}

void chess_make(struct board *b, const struct move *m)
{
	int p = b->sq[m->from], col = COLOR(p);
	int capture = b->sq[m->to] != 0;

	if (TYPE(p) == PAWN && m->to == b->ep) {
		b->sq[m->to + (b->side ? 8 : -8)] = 0;
		capture = 1;
	}
	if (TYPE(p) == KING && m->to - m->from == 2) {
		b->sq[m->from + 1] = b->sq[m->from + 3];
		b->sq[m->from + 3] = 0;
	} else if (TYPE(p) == KING && m->from - m->to == 2) {
		b->sq[m->from - 1] = b->sq[m->from - 4];
		b->sq[m->from - 4] = 0;
	}
	b->sq[m->to] = (signed char)(m->promo ? (m->promo | col) : p);
	b->sq[m->from] = 0;
	/* The en-passant square only when a pawn could take there, as
	 * engines write FENs. */
	b->ep = -1;
	if (TYPE(p) == PAWN && (m->to - m->from == 16 || m->from - m->to == 16))
		for (int df = -1; df <= 1; df += 2) {
			int f = m->to % 8 + df;

			if (f >= 0 && f < 8 &&
			    b->sq[m->to + df] == (PAWN | (col ^ BLACK)))
				b->ep = (m->from + m->to) / 2;
		}
	/* A right goes when its king or rook moves or the rook is taken. */
	for (int i = 0; i < 2; i++) {
		int s = i ? m->to : m->from;

		if (s == 4)
			b->castle &= ~(WK | WQ);
		if (s == 60)
			b->castle &= ~(BK | BQ);
		if (s == 7)
			b->castle &= ~WK;
		if (s == 0)
			b->castle &= ~WQ;
		if (s == 63)
			b->castle &= ~BK;
		if (s == 56)
			b->castle &= ~BQ;
	}
	b->half = (TYPE(p) == PAWN || capture) ? 0 : b->half + 1;
	if (b->side)
		b->full++;
	b->side ^= 1;
}

int chess_legal(const struct board *b, struct move *m)
{
	struct move all[CHESS_MAX_MOVES];
	int n = pseudo(b, all), k = 0;

	for (int i = 0; i < n; i++) {
		struct board t = *b;
		int ks;

		chess_make(&t, &all[i]);
		ks = king_square(&t, b->side);
		if (ks >= 0 && !attacked(&t, ks, t.side))
			m[k++] = all[i];
	}
	return k;
}

int chess_in_check(const struct board *b)
{
	int ks = king_square(b, b->side);

	return ks >= 0 && attacked(b, ks, b->side ^ 1);
}

static const char pieces[] = " pnbrqk";

int chess_from_fen(struct board *b, const char *fen)
{
	char place[80], side, cast[8], ep[4];
	int s = 56, kings = 0;

	memset(b, 0, sizeof(*b));
	if (sscanf(fen, "%79s %c %7s %3s %d %d", place, &side, cast, ep,
		   &b->half, &b->full) != 6)
		return -1;
	for (const char *c = place; *c; c++) {
		const char *t = strchr(pieces + 1, *c | 0x20);

		if (*c == '/') {
			if (s % 8)
				return -1;
			s -= 16;
		} else if (*c >= '1' && *c <= '8') {
			s += *c - '0';
		} else if (t && s >= 0 && s < 64) {
			b->sq[s++] = (signed char)((t - pieces) |
						   (*c >= 'a' ? BLACK : 0));
			kings += TYPE(b->sq[s - 1]) == KING;
		} else {
			return -1;
		}
	}
	if (s != 8 || kings != 2 || (side != 'w' && side != 'b'))
		return -1;
	b->side = side == 'b';
	for (const char *c = cast; *c && strcmp(cast, "-"); c++) {
		const char *t = strchr("KQkq", *c);

		if (!t)
			return -1;
		b->castle |= 1 << (t - "KQkq");
	}
	b->ep = -1;
	if (strcmp(ep, "-")) {
		if (ep[0] < 'a' || ep[0] > 'h' || ep[1] < '1' || ep[1] > '8')
			return -1;
		b->ep = (ep[1] - '1') * 8 + ep[0] - 'a';
	}
	return 0;
}

void chess_to_fen(const struct board *b, char *fen)
{
	char *o = fen;

	for (int r = 7; r >= 0; r--) {
		int empty = 0;

		for (int f = 0; f < 8; f++) {
			int p = b->sq[r * 8 + f];

			if (!p) {
				empty++;
				continue;
			}
			if (empty)
				*o++ = (char)('0' + empty);
			empty = 0;
			*o++ = COLOR(p) ? pieces[TYPE(p)] :
					  (char)(pieces[TYPE(p)] - 0x20);
		}
		if (empty)
			*o++ = (char)('0' + empty);
		if (r)
			*o++ = '/';
	}
	o += sprintf(o, " %c ", b->side ? 'b' : 'w');
	for (int i = 0; i < 4; i++)
		if (b->castle & 1 << i)
			*o++ = "KQkq"[i];
	if (!b->castle)
		*o++ = '-';
	if (b->ep >= 0)
		o += sprintf(o, " %c%c", 'a' + b->ep % 8, '1' + b->ep / 8);
	else
		o += sprintf(o, " -");
	sprintf(o, " %d %d", b->half, b->full);
}

void chess_uci(const struct move *m, char *out)
{
	out[0] = (char)('a' + m->from % 8);
	out[1] = (char)('1' + m->from / 8);
	out[2] = (char)('a' + m->to % 8);
	out[3] = (char)('1' + m->to / 8);
	out[4] = m->promo ? pieces[m->promo] : '\0';
	out[5] = '\0';
}

int chess_play_uci(struct board *b, const char *uci)
{
	struct move m[CHESS_MAX_MOVES];
	int n = chess_legal(b, m);
	char s[6];

	for (int i = 0; i < n; i++) {
		chess_uci(&m[i], s);
		if (!strcmp(s, uci)) {
			chess_make(b, &m[i]);
			return 0;
		}
	}
	return -1;
}

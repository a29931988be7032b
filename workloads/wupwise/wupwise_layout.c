/* wupwise_layout.c - the seeded fields in the Fortran solver's layout
 * (wupwise_layout.h). */
#include "wupwise_layout.h"

#include "wupwise_field.h"
#include "wupwise_spec.h"

long wup_place(const int dims[4], long lex, int *parity)
{
	long r = lex;
	int sum = 0;

	for (int mu = 0; mu < 4; mu++) {
		sum += (int)(r % dims[mu]);
		r /= dims[mu];
	}
	*parity = sum % 2;
	return lex / 2;
}

void wup_gauge_eo(const int dims[4], uint64_t seed, double complex *u)
{
	long nv = wup_sites(dims), nh = nv / 2;
	double complex m[3][3];
	int par;

	for (long lex = 0; lex < nv; lex++) {
		double complex *s = u + 36 * (wup_place(dims, lex, &par) +
					      nh * par);

		for (int mu = 0; mu < 4; mu++) {
			wup_link(seed, lex, mu, m);
			for (int a = 0; a < 3; a++)
				for (int b = 0; b < 3; b++)
					s[9 * mu + 3 * b + a] = m[a][b];
		}
	}
}

void wup_source_eo(const int dims[4], uint64_t seed, double complex *be,
		   double complex *bo)
{
	long nv = wup_sites(dims);
	double complex s[4][3];
	int par;

	for (long lex = 0; lex < nv; lex++) {
		long h = wup_place(dims, lex, &par);
		double complex *d = (par ? bo : be) + 12 * h;

		wup_source(seed, lex, s);
		for (int sp = 0; sp < 4; sp++)
			for (int c = 0; c < 3; c++)
				d[3 * sp + c] = s[sp][c];
	}
}

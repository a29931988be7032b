/* twolf_files.c - the design as graywolf reads it: the .cel file (cells
 * with their pins' nets and offsets, then the pads, as qflow's blif2cel
 * writes them) and the .par file of parameters, which sets TimberWolfSC's
 * seed and annealing effort and leaves global routing out. */
#include "twolf_spec.h"

static const char *const pin_names[] = { "A", "B", "C", "D" };

void twolf_write_cel(FILE *f, const struct twolf_design *d)
{
	char name[64];

	for (long i = 0; i < d->ncells; i++) {
		const struct twolf_cell *c = &d->cells[i];
		int w = c->half * TWOLF_PITCH;

		twolf_cell_name(d, i, name, sizeof(name));
		fprintf(f, "cell %ld %s\nleft %d right %d bottom %d top %d\n",
			i + 1, name, -w, w, -TWOLF_ROW_HEIGHT / 2,
			TWOLF_ROW_HEIGHT / 2);
		for (int p = 0; p < c->npins; p++) {
			const struct twolf_pin *q = &d->pins[c->pin + p];

			fprintf(f, "pin name %s signal n%ld layer 1 %d %d\n",
				p < c->npins - 1 ? pin_names[p] : "Y", q->net,
				q->dx, q->dy);
		}
	}
	for (long k = 0; k < d->npads; k++) {
		twolf_pad_name(k, name, sizeof(name));
		fprintf(f, "pad %ld name %s\ncorners 4 %d %d %d %d %d %d %d %d\n"
			"pin name %s signal n%ld layer 1 0 0\n\n", k + 1, name,
			-TWOLF_PAD_W / 2, -TWOLF_PAD_H / 2, -TWOLF_PAD_W / 2,
			TWOLF_PAD_H / 2, TWOLF_PAD_W / 2, TWOLF_PAD_H / 2,
			TWOLF_PAD_W / 2, -TWOLF_PAD_H / 2, name, d->pad_net[k]);
	}
}

/* After qflow's osu035.par: two metal layers' rules, rows genrows makes
 * with alternate rows flipped, and TimberWolfSC's own settings. */
void twolf_write_par(FILE *f, const struct twolf_args *a)
{
	fputs("# graywolf parameters of the twolf workload\n"
	      "RULES\n"
	      "    layer metal1 0.07 0.030 horizontal\n"
	      "    layer metal2 0.07 0.017 vertical\n"
	      "    via via12 metal1 metal2\n"
	      "    width metal1 60\n"
	      "    width metal2 60\n"
	      "    width via12 60\n"
	      "    spacing metal1 metal1 140\n"
	      "    spacing metal2 metal2 100\n"
	      "    overhang via12 metal1 8\n"
	      "    overhang via12 metal2 6\n"
	      "ENDRULES\n\n"
	      "*vertical_wire_weight : 1.0\n"
	      "*vertical_path_weight : 1.0\n"
	      "*padspacing : variable\n"
	      "*rowSep : 0.0 0\n"
	      "*track.pitch : 160\n"
	      "*graphics.wait : off\n"
	      "*last_chance.wait : off\n", f);
	/* TimberWolf keeps its seed in an int */
	fprintf(f, "*random.seed : %llu\n\n",
		(unsigned long long)(a->seed % 2000000000ULL + 1));
	fprintf(f, "TWMC*chip.aspect.ratio : 0.75\n\n"
		"TWSC*feedThruWidth : 160 layer 1\n"
		"TWSC*do.global.route : off\n"
		"TWSC*ignore_feeds : true\n"
		"TWSC*call_row_evener : true\n"
		"TWSC*even_rows_maximally : true\n"
		"TWSC*slow : %ld\n\n"
		"GENR*row_to_tile_spacing : 1\n"
		"GENR*flip_alternate_rows : 1\n", a->times);
}

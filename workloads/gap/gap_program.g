# gap_program.g - the GAP program of the gap workload: sp-gap-gen writes it
# after the seeded rounds (SpRounds) into the script GAP reads, and
# sp-gap-run names the result file in SpOut.  Each round builds and
# measures a permutation group and a matrix group, multiplies and powers
# matrices over a prime field, computes with integers of tens of thousands
# of digits, and sorts lists; every result goes to SpOut as "key value".
SpStream := OutputTextFile(SpOut, false);
SetPrintFormattingStatus(SpStream, false);

SpPut := function(key, value)
	PrintTo(SpStream, key, " ", value, "\n");
end;

# x_1 = lcg(x), x_(i+1) = lcg(x_i): the data of a task (gap_spec.h).
SpLcgList := function(x, n)
	local l, i;
	l := [];
	for i in [1 .. n] do
		x := (1103515245 * x + 12345) mod 2147483648;
		l[i] := x;
	od;
	return l;
end;

SpDigest := function(l)
	local h, v;
	h := 0;
	for v in l do
		h := (h * 1000003 + v) mod 2147483647;
	od;
	return h;
end;

SpCycle := pts -> MappingPermListList(pts,
	Concatenation(pts{[2 .. Length(pts)]}, [pts[1]]));

# S_a wr S_b x S_c x C_m, its points renamed: its order, orbits, derived
# subgroup, centre, and the order of the product of its generators.
SpPermTask := function(t)
	local blocks, gens, d, pi, G;
	blocks := List([0 .. t.b - 1], i -> [i * t.a + 1 .. (i + 1) * t.a]);
	gens := [(1, 2), SpCycle(blocks[1]),
		MappingPermListList(Concatenation(blocks[1], blocks[2]),
			Concatenation(blocks[2], blocks[1])),
		MappingPermListList(Concatenation(blocks),
			Concatenation(Concatenation(blocks{[2 .. t.b]}),
				blocks[1]))];
	d := t.a * t.b;
	Add(gens, (d + 1, d + 2));
	Add(gens, SpCycle([d + 1 .. d + t.c]));
	d := d + t.c;
	Add(gens, SpCycle([d + 1 .. d + t.m]));
	pi := PermList(t.relabel);
	gens := List(gens, g -> g ^ pi);
	# two redundant generators, so that none of the group's is given alone
	G := Group(Concatenation(gens,
		[gens[1] * gens[4] * gens[6], gens[7] * gens[2]]));
	SpPut("perm-order", Size(G));
	SpPut("perm-orbits", JoinStringsWithSeparator(List(Reversed(SortedList(
		List(Orbits(G, MovedPoints(G)), Length))), String), " "));
	SpPut("perm-derived", Size(DerivedSubgroup(G)));
	SpPut("perm-centre", Size(Centre(G)));
	SpPut("perm-element", Order(Product(gens)));
end;

# GL(n, q) from transvections and diag(w, 1, ...), conjugated: its order,
# its derived subgroup's, and the order of the product of its generators.
SpGlTask := function(t)
	local F, one, gens, g, i, M, H;
	F := GF(t.q);
	one := One(F);
	gens := [];
	for i in [1 .. t.n - 1] do
		g := MutableCopyMat(IdentityMat(t.n, F));
		g[i][i + 1] := one;
		Add(gens, g);
		g := MutableCopyMat(IdentityMat(t.n, F));
		g[i + 1][i] := one;
		Add(gens, g);
	od;
	g := MutableCopyMat(IdentityMat(t.n, F));
	g[1][1] := t.w * one;
	Add(gens, g);
	M := List(t.conj, r -> r * one);
	gens := List(gens, g -> g ^ M);
	H := Group(gens);
	SpPut("gl-order", Size(H));
	SpPut("gl-derived", Size(DerivedSubgroup(H)));
	SpPut("gl-element", Order(Product(gens)));
end;

SpMatrix := function(l, k, F)
	return ImmutableMatrix(F, List([0 .. k - 1],
		i -> List(l{[i * k + 1 .. i * k + k]}, v -> v * One(F))));
end;

SpMatDigest := m -> SpDigest(List(Concatenation(m), IntFFE));

# A B over GF(p), its rank and determinant, and (A B)^e.
SpMatTask := function(t)
	local F, l, A, B, C, k2;
	F := GF(t.p);
	k2 := t.k * t.k;
	l := SpLcgList(t.x, 2 * k2);
	A := SpMatrix(l{[1 .. k2]}, t.k, F);
	B := SpMatrix(l{[k2 + 1 .. 2 * k2]}, t.k, F);
	C := A * B;
	SpPut("mat-product", SpMatDigest(C));
	SpPut("mat-rank", RankMat(C));
	SpPut("mat-det", IntFFE(DeterminantMat(C)));
	SpPut("mat-power", SpMatDigest(C ^ t.e));
end;

# Integers of tens of thousands of digits, some from GAP's own functions,
# some grown a step at a time by the interpreter.
SpBigTask := function(t)
	local F, Fb, Bn, P, v, a, b, i;
	F := Factorial(t.f);
	Fb := Fibonacci(t.fib);
	Bn := Binomial(2 * t.c, t.c);
	SpPut("big-factorial", F);
	SpPut("big-fibonacci", Fb);
	SpPut("big-binomial", Bn);
	SpPut("big-quotient", QuoInt(F, Fb));
	SpPut("big-remainder", RemInt(F, Fb));
	SpPut("big-gcd", Gcd(F, Bn));
	P := 1;
	for v in SpLcgList(t.x, t.len) do
		P := P * (v + 1);
	od;
	SpPut("big-product", P);
	a := 0;
	b := 1;
	for i in [1 .. t.steps] do
		v := a + b;
		a := b;
		b := v;
	od;
	SpPut("big-sum", a);
end;

# A list of integers and the list of its neighbouring pairs, sorted.
SpSortTask := function(t)
	local l, pairs;
	l := SpLcgList(t.x, t.n);
	pairs := List([1 .. t.n],
		i -> [l[i] mod t.modulus, l[i mod t.n + 1] mod t.modulus]);
	Sort(l);
	SpPut("sort-ints", SpDigest(l));
	Sort(pairs);
	SpPut("sort-pairs", SpDigest(Concatenation(pairs)));
	SpPut("sort-distinct", Length(Set(pairs)));
end;

SpPut("workspace", GAPInfo.CommandLineOptions.m);
SpPut("rounds", Length(SpRounds));
for SpR in [1 .. Length(SpRounds)] do
	SpPut("round", SpR);
	SpPermTask(SpRounds[SpR].perm);
	SpGlTask(SpRounds[SpR].gl);
	SpMatTask(SpRounds[SpR].mat);
	SpBigTask(SpRounds[SpR].big);
	SpSortTask(SpRounds[SpR].sort);
od;
SpPut("end", Length(SpRounds));
CloseStream(SpStream);
QUIT_GAP(0);

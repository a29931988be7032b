// eon_scene.cc - reads sp-eon's scene file (the format is eon_spec.h's)
// into a Scene: one object allocated per shape, as a C++ program of
// eon's kind builds its scene.
#include "eon_scene.h"

#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace {

// Words of the file, one at a time, and what went wrong first.
class Reader {
public:
	explicit Reader(std::FILE *f) : f_(f) {}

	bool word(const char *want)
	{
		char w[64];

		if (!next(w))
			return false;
		if (std::strcmp(w, want))
			return fail(std::string("expected '") + want + "'");
		return true;
	}

	bool real(double &v)
	{
		char w[64], *end;

		if (!next(w))
			return false;
		errno = 0;
		v = std::strtod(w, &end);
		if (errno || end == w || *end)
			return fail(std::string("bad number '") + w + "'");
		return true;
	}

	bool integer(long long &v, long long min, long long max)
	{
		char w[64], *end;

		if (!next(w))
			return false;
		errno = 0;
		v = std::strtoll(w, &end, 10);
		if (errno || end == w || *end || v < min || v > max)
			return fail(std::string("bad integer '") + w + "'");
		return true;
	}

	bool unsigned64(uint64_t &v)
	{
		char w[64], *end;

		if (!next(w))
			return false;
		errno = 0;
		v = std::strtoull(w, &end, 10);
		if (errno || end == w || *end || w[0] == '-')
			return fail(std::string("bad integer '") + w + "'");
		return true;
	}

	bool next(char *w)
	{
		if (std::fscanf(f_, "%63s", w) == 1)
			return true;
		return fail("truncated");
	}

	bool fail(const std::string &why)
	{
		if (err.empty())
			err = why;
		return false;
	}

	std::string err;

private:
	std::FILE *f_;
};

bool reals(Reader &r, double *v, int n)
{
	for (int i = 0; i < n; i++)
		if (!r.real(v[i]))
			return false;
	return true;
}

bool header(Reader &r, const eon_args &a)
{
	long long version, objects, res, spp;
	uint64_t seed;

	if (!r.word(EON_SCENE_MAGIC) ||
	    !r.integer(version, EON_SCENE_VERSION, EON_SCENE_VERSION) ||
	    !r.word("args") || !r.integer(objects, 1, INT64_MAX) ||
	    !r.unsigned64(seed) || !r.integer(res, 1, INT64_MAX) ||
	    !r.integer(spp, 1, INT64_MAX))
		return false;
	if (objects != a.objects || seed != a.seed || res != a.res ||
	    spp != a.spp) {
		char msg[160];

		std::snprintf(msg, sizeof(msg), "made for other arguments "
			      "(-n %lld -r %lld -p %lld -s %" PRIu64 ")",
			      objects, res, spp, seed);
		return r.fail(msg);
	}
	return true;
}

} // namespace

bool Scene::load(const char *path, const eon_args &a, std::string &err)
{
	std::FILE *f = std::fopen(path, "r");
	long long n, kind, mat, axis;
	double v[6];
	char w[64];

	if (!f) {
		err = std::string("cannot open: ") + std::strerror(errno);
		return false;
	}
	Reader r(f);
	bool ok = header(r, a) && r.word("camera") && reals(r, v, 4) &&
		  r.word("materials") && r.integer(n, 1, 1 << 20);
	if (ok) {
		cam = { { v[0], v[1], v[2] }, v[3] };
		materials.reserve((size_t)n);
	}
	for (long long i = 0; ok && i < n; i++) {
		ok = r.integer(kind, EON_DIFFUSE, EON_LIGHT) && reals(r, v, 3);
		if (ok)
			materials.push_back({ (int)kind, { v[0], v[1], v[2] } });
	}
	ok = ok && r.word("prims") && r.integer(n, 1, INT32_MAX);
	if (ok)
		shapes.reserve((size_t)n);
	for (long long i = 0; ok && i < n; i++) {
		ok = r.next(w) &&
		     r.integer(mat, 0, (long long)materials.size() - 1);
		if (!ok)
			break;
		const Material *m = &materials[(size_t)mat];
		if (m->kind == EON_LIGHT && std::strcmp(w, "rect")) {
			ok = r.fail("a light that is not a rect");
		} else if (!std::strcmp(w, "sphere")) {
			ok = reals(r, v, 4);
			if (ok)
				shapes.emplace_back(new Sphere(m,
					{ v[0], v[1], v[2] }, v[3]));
		} else if (!std::strcmp(w, "box")) {
			ok = reals(r, v, 6);
			if (ok)
				shapes.emplace_back(new Box(m,
					{ v[0], v[1], v[2] },
					{ v[3], v[4], v[5] }));
		} else if (!std::strcmp(w, "rect")) {
			ok = r.integer(axis, 0, 2) && reals(r, v, 5);
			if (!ok)
				break;
			Rect *rc = new Rect(m, (int)axis, v[0], v[1], v[2],
					    v[3], v[4]);
			shapes.emplace_back(rc);
			if (m->kind == EON_LIGHT && light)
				ok = r.fail("more than one light");
			else if (m->kind == EON_LIGHT && axis != 1)
				ok = r.fail("the light is not horizontal");
			else if (m->kind == EON_LIGHT)
				light = rc;
		} else {
			ok = r.fail(std::string("unknown primitive '") + w + "'");
		}
	}
	ok = ok && r.word("end");
	if (ok && !light)
		ok = r.fail("no light");
	if (ok && std::fscanf(f, "%63s", w) == 1)
		ok = r.fail("text after 'end'");
	std::fclose(f);
	err = r.err;
	return ok;
}

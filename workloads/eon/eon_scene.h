// eon_scene.h - sp-eon's scene, as read from the scene file sp-eon-gen
// wrote (eon_spec.h): the camera, the materials, every shape, and which
// rect is the light.
#ifndef SP_EON_SCENE_H
#define SP_EON_SCENE_H

#include <memory>
#include <string>
#include <vector>

#include "eon_shapes.h"
#include "eon_spec.h"

struct Camera {
	Vec3 eye;
	double tan;		// half the view's width at distance 1
};

class Scene {
public:
	// Reads the scene file at path, made for the arguments a; false,
	// with what is wrong in err, when it cannot.
	bool load(const char *path, const eon_args &a, std::string &err);

	Camera cam;
	std::vector<Material> materials;
	std::vector<std::unique_ptr<Shape>> shapes;
	const Rect *light = nullptr;
};

#endif

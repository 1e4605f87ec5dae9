// strata.h nodes, meshes, primitives and their arrays.
#include "capi_handles.h"

using namespace strata::capi;

namespace {

// The opening of every call on one primitive: the mesh and the primitive
// checked, then `body(primitive)`.
template <class Body>
strata_status onPrimitive(strata_scene* s, uint32_t mesh, uint32_t primitive, Body&& body) {
  return onSceneItem(s, &strata::Scene::meshes, "mesh", mesh, [&](const strata::Mesh& m) {
    if (primitive >= m.primitives.size())
      return fail(s->error, STRATA_ERROR_INVALID_ARGUMENT,
                  "primitive " + std::to_string(primitive) + " out of range (mesh " +
                      std::to_string(mesh) + " has " + std::to_string(m.primitives.size()) + ")");
    return body(m.primitives[primitive]);
  });
}

} // namespace

extern "C" {

strata_status strata_scene_get_node(strata_scene* s, uint32_t node, strata_node_info* out) {
  return onSceneItem(s, &strata::Scene::nodes, "node", node, [&](const strata::Node& n) {
    strata_node_info r{};
    r.size = sizeof r;
    r.name = n.name.c_str();
    for (int k = 0; k < 3; ++k) r.translation[k] = n.translation[size_t(k)];
    r.mesh = n.mesh;
    r.child_count = uint32_t(n.children.size());
    r.tag_count = uint32_t(n.tags.size());
    return writeInfo(s->error, out, r, "strata_node_info");
  });
}

strata_status strata_scene_get_node_children(strata_scene* s, uint32_t node, int32_t* buffer,
                                             size_t capacity, size_t* count) {
  return onSceneItem(s, &strata::Scene::nodes, "node", node, [&](const strata::Node& n) {
    const std::vector<int>& c = n.children;
    return copyOut(s->error, c.data(), c.size(), sizeof(int32_t), buffer, capacity, count);
  });
}

strata_status strata_scene_get_node_tag(strata_scene* s, uint32_t node, uint32_t tag,
                                        const char** out_name, int64_t* out_value) {
  return onSceneItem(s, &strata::Scene::nodes, "node", node, [&](const strata::Node& n) {
    const strata::NodeTags& tags = n.tags;
    if (tag >= tags.size()) return outOfRange(s, "tag", tag, tags.size());
    if (!out_name || !out_value)
      return fail(s->error, STRATA_ERROR_INVALID_ARGUMENT, "out_name or out_value is NULL");
    *out_name = tags[tag].first.c_str();
    *out_value = tags[tag].second;
    return STRATA_OK;
  });
}

strata_status strata_scene_get_mesh(strata_scene* s, uint32_t mesh, strata_mesh_info* out) {
  return onSceneItem(s, &strata::Scene::meshes, "mesh", mesh, [&](const strata::Mesh& m) {
    strata_mesh_info r{};
    r.size = sizeof r;
    r.name = m.name.c_str();
    r.primitive_count = uint32_t(m.primitives.size());
    return writeInfo(s->error, out, r, "strata_mesh_info");
  });
}

strata_status strata_scene_get_primitive(strata_scene* s, uint32_t mesh, uint32_t primitive,
                                         strata_primitive_info* out) {
  return onPrimitive(s, mesh, primitive, [&](const strata::Primitive& p) {
    strata_primitive_info r{};
    r.size = sizeof r;
    r.vertex_count = uint32_t(p.positions.size());
    r.index_count = uint32_t(p.indices.size());
    r.material = p.material;
    r.has_normals = !p.normals.empty();
    r.has_uv0 = !p.uv0.empty();
    r.has_uv1 = !p.uv1.empty();
    r.has_colors = !p.colors.empty();
    r.morph_target_count = uint32_t(p.morphTargets.size());
    return writeInfo(s->error, out, r, "strata_primitive_info");
  });
}

uint32_t strata_attribute_components(strata_attribute attribute) {
  switch (enumValue(attribute)) {
  case STRATA_ATTRIBUTE_POSITIONS:
  case STRATA_ATTRIBUTE_NORMALS:
  case STRATA_ATTRIBUTE_MORPH_POSITIONS:
    return 3;
  case STRATA_ATTRIBUTE_UV0:
  case STRATA_ATTRIBUTE_UV1:
  case STRATA_ATTRIBUTE_MORPH_UV0:
    return 2;
  case STRATA_ATTRIBUTE_COLORS:
    return 4;
  case STRATA_ATTRIBUTE_INDICES:
    return 1;
  }
  return 0;
}

strata_status strata_scene_get_attribute(strata_scene* s, uint32_t mesh, uint32_t primitive,
                                         strata_attribute attribute, uint32_t morph_target,
                                         void* buffer, size_t capacity, size_t* count) {
  return onPrimitive(s, mesh, primitive, [&](const strata::Primitive& p) {
    auto out = [&](const auto& v) {
      using Element = typename std::decay_t<decltype(v)>::value_type;
      return copyOut(s->error, v.data(), v.size(), sizeof(Element), buffer, capacity, count);
    };
    auto morph = [&]() -> const strata::MorphTarget* {
      if (morph_target < p.morphTargets.size()) return &p.morphTargets[morph_target];
      fail(s->error, STRATA_ERROR_INVALID_ARGUMENT,
           "morph target " + std::to_string(morph_target) + " out of range (" +
               std::to_string(p.morphTargets.size()) + " in the primitive)");
      return nullptr;
    };
    const int which = enumValue(attribute);
    switch (which) {
    case STRATA_ATTRIBUTE_POSITIONS:
      return out(p.positions);
    case STRATA_ATTRIBUTE_NORMALS:
      return out(p.normals);
    case STRATA_ATTRIBUTE_UV0:
      return out(p.uv0);
    case STRATA_ATTRIBUTE_UV1:
      return out(p.uv1);
    case STRATA_ATTRIBUTE_COLORS:
      return out(p.colors);
    case STRATA_ATTRIBUTE_INDICES:
      return out(p.indices);
    case STRATA_ATTRIBUTE_MORPH_POSITIONS:
      if (const strata::MorphTarget* m = morph()) return out(m->positions);
      return STRATA_ERROR_INVALID_ARGUMENT;
    case STRATA_ATTRIBUTE_MORPH_UV0:
      if (const strata::MorphTarget* m = morph()) return out(m->uv0);
      return STRATA_ERROR_INVALID_ARGUMENT;
    }
    return fail(s->error, STRATA_ERROR_INVALID_ARGUMENT,
                "unknown attribute " + std::to_string(which));
  });
}

} // extern "C"

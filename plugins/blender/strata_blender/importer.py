"""Strata scene -> Blender objects.

Every node with a mesh becomes an object (named like the node: Atlas chunks
are L<level>_<x>_<y>) in a new collection named after the file, or, merged,
one object holding every chunk with a face attribute saying which chunk each
triangle came from. Custom properties keep what the way back needs:
  strata_source  absolute path of the imported file
  strata_format  "atlas", "chu", "tfrag", ...
  strata         the node's tags (Atlas: {"level", "x", "y"})
  strata_parts   (merged) JSON list of {"name", "tags"} per face-attribute value
"""
import json
import os
import time

import bpy

from . import materials as mats
from . import mesh_build
from . import strata  # the shared package (python/strata/), packaged inside the add-on

PART_ATTRIBUTE = "strata_part"


class _Cache:
    """bpy images and materials made on first use; a material that looks like
    one made before (materials.material_look) is a copy of that one."""

    def __init__(self, scene):
        self.scene = scene
        self.images = {}
        self.materials = {}
        self.looks = {}  # material_look -> the first material made with it

    def image_of_texture(self, t):
        img = self.scene.textures[t].image
        if img is None:
            return None
        if img not in self.images:
            self.images[img] = mats.make_image(self.scene, img)
        return self.images[img]

    def make_images(self, meshes):
        """Makes the images the materials of `meshes` (scene mesh indices)
        show, in the order material() would, before any material exists:
        setting an image's source or colour space walks every material's node
        tree, so images made among the materials cost time growing with their
        number (4,096 Atlas tiles: 4 s of 12)."""
        for m in meshes:
            for prim in strata.mesh_plan.drawn_primitives(self.scene.meshes[m]):
                if prim.material is not None:
                    t = self.scene.materials[prim.material].base_color_texture
                    if t is not None:
                        self.image_of_texture(t)

    def material(self, m):
        if m not in self.materials:
            t = self.scene.materials[m].base_color_texture
            image = self.image_of_texture(t) if t is not None else None
            look = mats.material_look(self.scene, m, image)
            if look in self.looks:
                made = mats.copy_material(self.looks[look], mats.material_name(self.scene, m),
                                          image)
            else:
                made = self.looks[look] = mats.make_material(self.scene, m, image)
            self.materials[m] = made
        return self.materials[m]


def mesh_arrays(scene, mesh_index):
    """A scene mesh planned as build_mesh takes it (strata.mesh_plan's
    PlannedMesh; its `materials` are the scene materials of its slots)."""
    plan = strata.MeshPlan()
    plan.add_mesh(scene.meshes[mesh_index])
    return plan.finish()


def _assign_materials(mesh, materials, cache):
    """Fills the mesh's material slots (`materials`: the scene material or None
    of each); a mesh copied by build_mesh_like has its template's, replaced in
    place."""
    for slot, scene_material in enumerate(materials):
        mat = cache.material(scene_material) if scene_material is not None else None
        if slot < len(mesh.materials):
            mesh.materials[slot] = mat
        else:
            mesh.materials.append(mat)


def _tag_object(obj, source, fmt, tags):
    obj["strata_source"] = source
    obj["strata_format"] = fmt
    if tags:
        obj["strata"] = tags


def _needed_nodes(nodes, parents):
    """Every node with a mesh and every ancestor of one (those become empties),
    in node order."""
    needed = {node.index for node in nodes if node.mesh is not None}
    for n in list(needed):
        p = parents.get(n)
        while p is not None and p not in needed:
            needed.add(p)
            p = parents.get(p)
    return sorted(needed)


def _build_meshes(scene, nodes, order, cache, arrays_of):
    """One bpy mesh per scene mesh the nodes use, in node order, with its
    materials: scene mesh -> (bpy mesh, morph), so instances share data. A
    mesh with the topology of one built before is built as a copy of it."""
    made = {}
    like = {}  # (mesh_build.topology_key, slot count) -> the first mesh built with it
    cache.make_images(nodes[n].mesh for n in order if nodes[n].mesh is not None)
    for n in order:
        info = nodes[n]
        if info.mesh is None or info.mesh in made:
            continue
        a = arrays_of(scene, info.mesh)
        name = scene.meshes[info.mesh].name or info.name or "node_%d" % n
        key = (mesh_build.topology_key(a), len(a.materials))
        if key in like:
            mesh = mesh_build.build_mesh_like(like[key], name, a)
        else:
            mesh = like[key] = mesh_build.build_mesh(name, a)
        _assign_materials(mesh, a.materials, cache)
        made[info.mesh] = (mesh, a.morph)
    return made


def _build_tree(nodes, order, parents, made, collection, source, fmt, progress):
    """One object per node of `order` (an empty where it has no mesh), each
    parented to its node's parent."""
    by_node = {}
    for k, n in enumerate(order):
        info = nodes[n]
        data, morph = made[info.mesh] if info.mesh is not None else (None, None)
        obj = bpy.data.objects.new(info.name or "node_%d" % n, data)
        obj.location = tuple(info.translation)
        collection.objects.link(obj)
        if data is not None and morph is not None and data.shape_keys is None:
            mesh_build.add_morph(obj, morph)
        _tag_object(obj, source, fmt, info.tags)
        by_node[n] = obj
        if progress:
            progress(k + 1, len(order))
    for n, obj in by_node.items():
        p = parents.get(n)
        if p in by_node:
            obj.parent = by_node[p]
    return list(by_node.values())


def _build_merged(scene, nodes, cache, collection, stem, source, fmt, progress):
    """One object holding every node's mesh, a face attribute naming the part
    each triangle came from; no object when no node has a mesh."""
    with_mesh = [node.index for node in nodes if node.mesh is not None]
    cache.make_images(nodes[n].mesh for n in with_mesh)
    plan = strata.MeshPlan()
    parts = []
    for k, n in enumerate(with_mesh):
        plan.add_node(scene, nodes[n], k)
        parts.append({"name": nodes[n].name, "tags": nodes[n].tags})
        if progress:
            progress(k + 1, len(with_mesh))
    if not parts:
        return []
    a = plan.finish()
    mesh = mesh_build.build_mesh(stem, a, part_attribute=PART_ATTRIBUTE)
    _assign_materials(mesh, a.materials, cache)
    obj = bpy.data.objects.new(stem, mesh)
    collection.objects.link(obj)
    mesh_build.add_morph(obj, a.morph)
    _tag_object(obj, source, fmt, None)
    obj["strata_parts"] = json.dumps(parts)
    return [obj]


def import_file(context, path, lod=-1, skirts=False, textures=True, merge=False,
                swap_red_blue=False, partial=False, progress=None):
    """Imports one file or tfrag level directory; returns (objects, stats).
    With `partial`, broken pieces are left out (stats["left_out"] names them)
    instead of failing the import."""
    t0 = time.perf_counter()
    source = os.path.abspath(path)
    with strata.load(source, lod=lod, skirts=skirts, textures=textures,
                     swap_red_blue=swap_red_blue, partial=partial) as scene:
        objects, stats = import_scene(context, scene, source, merge=merge, progress=progress)
    stats["seconds"] = time.perf_counter() - t0
    return objects, stats


def import_scene(context, scene, source, merge=False, progress=None, arrays_of=mesh_arrays):
    """import_file's work after the load: the objects of a loaded scene read
    from `source` (an absolute path), and the stats but "seconds". Each
    mesh's arrays come from arrays_of(scene, mesh index), as mesh_arrays
    makes them (bench_blender_import passes them made ahead, to time
    Blender's share alone)."""
    stem = os.path.basename(os.path.normpath(source))
    fmt = scene.format
    cache = _Cache(scene)
    collection = bpy.data.collections.new(stem)
    context.scene.collection.children.link(collection)
    nodes = scene.nodes
    if merge:
        objects = _build_merged(scene, nodes, cache, collection, stem, source, fmt, progress)
    else:
        parents = {node.index: node.parent for node in nodes if node.parent is not None}
        order = _needed_nodes(nodes, parents)
        made = _build_meshes(scene, nodes, order, cache, arrays_of)
        objects = _build_tree(nodes, order, parents, made, collection, source, fmt, progress)
    stats = {
        "format": fmt,
        "objects": len(objects),
        "images": len(cache.images),
        "materials": len(cache.materials),
        "warnings": scene.warnings,
        "left_out": scene.left_out,
    }
    return objects, stats

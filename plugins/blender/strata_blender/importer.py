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
import numpy as np

from . import materials as mats
from . import mesh_build
from . import strata_lib as sl

PART_ATTRIBUTE = "strata_part"


class _Cache:
    """bpy images and materials made on first use."""

    def __init__(self, scene):
        self.scene = scene
        self.images = {}
        self.materials = {}

    def image_of_texture(self, t):
        img = self.scene.texture(t).image
        if img < 0:
            return None
        if img not in self.images:
            self.images[img] = mats.make_image(self.scene, img)
        return self.images[img]

    def material(self, m):
        if m not in self.materials:
            self.materials[m] = mats.make_material(self.scene, m, self.image_of_texture)
        return self.materials[m]


def _gather(scene, mesh_index, arrays, slots, part, offset=(0.0, 0.0, 0.0)):
    """Adds every primitive of a scene mesh to `arrays`; `slots` maps scene
    material indices to the object's material slot numbers."""
    for p in range(scene.mesh(mesh_index).primitive_count):
        info = scene.primitive(mesh_index, p)
        if info.index_count < 3 or info.vertex_count == 0:
            continue
        pos = scene.attribute(mesh_index, p, sl.POSITIONS)
        if any(offset):
            pos = pos + np.asarray(offset, dtype=np.float32)
        tris = scene.attribute(mesh_index, p, sl.INDICES)
        tris = tris[: len(tris) - len(tris) % 3].reshape(-1, 3)
        slot = slots.setdefault(info.material, len(slots))
        arrays.add(
            pos, tris, slot, part,
            normals=scene.attribute(mesh_index, p, sl.NORMALS) if info.has_normals else None,
            uv0=scene.attribute(mesh_index, p, sl.UV0) if info.has_uv0 else None,
            uv1=scene.attribute(mesh_index, p, sl.UV1) if info.has_uv1 else None,
            colors=scene.attribute(mesh_index, p, sl.COLORS) if info.has_colors else None,
            morph=(scene.attribute(mesh_index, p, sl.MORPH_POSITIONS, 0)
                   if info.morph_target_count else None))


def _assign_materials(mesh, slots, cache):
    for scene_material, _slot in sorted(slots.items(), key=lambda kv: kv[1]):
        mesh.materials.append(cache.material(scene_material) if scene_material >= 0 else None)


def _tag_object(obj, source, fmt, tags):
    obj["strata_source"] = source
    obj["strata_format"] = fmt
    if tags:
        obj["strata"] = tags


def import_file(context, path, lod=-1, skirts=False, textures=True, merge=False,
                swap_red_blue=False, progress=None):
    """Imports one file or tfrag level directory; returns (objects, stats)."""
    t0 = time.perf_counter()
    source = os.path.abspath(path)
    stem = os.path.basename(os.path.normpath(source))
    objects = []
    with sl.Scene() as scene:
        scene.load(source, lod=lod, skirts=skirts, textures=textures,
                   swap_red_blue=swap_red_blue)
        summary = scene.summary()
        fmt = sl._text(summary.format)
        warnings = scene.warnings()
        cache = _Cache(scene)
        collection = bpy.data.collections.new(stem)
        context.scene.collection.children.link(collection)

        parents = {}
        for n in range(summary.node_count):
            for c in scene.node_children(n):
                parents[int(c)] = n
        nodes = [scene.node(n) for n in range(summary.node_count)]

        def world_offset(n):
            x = y = z = 0.0
            while n is not None:
                t = nodes[n].translation
                x, y, z = x + t[0], y + t[1], z + t[2]
                n = parents.get(n)
            return (x, y, z)

        with_mesh = [n for n in range(summary.node_count) if nodes[n].mesh >= 0]
        if merge:
            arrays = mesh_build.MeshArrays()
            slots = {}
            parts = []
            for k, n in enumerate(with_mesh):
                _gather(scene, nodes[n].mesh, arrays, slots, k, world_offset(n))
                parts.append({"name": sl._text(nodes[n].name), "tags": scene.node_tags(n)})
                if progress:
                    progress(k + 1, len(with_mesh))
            if parts:
                a = arrays.finish()
                mesh = mesh_build.build_mesh(stem, a, part_attribute=PART_ATTRIBUTE)
                _assign_materials(mesh, slots, cache)
                obj = bpy.data.objects.new(stem, mesh)
                collection.objects.link(obj)
                mesh_build.add_morph(obj, a["morph"])
                _tag_object(obj, source, fmt, None)
                obj["strata_parts"] = json.dumps(parts)
                objects.append(obj)
        else:
            made = {}  # scene mesh -> (bpy mesh, morph) so instances share data
            by_node = {}
            needed = set(with_mesh)
            for n in with_mesh:  # ancestors of meshes become empties
                p = parents.get(n)
                while p is not None and p not in needed:
                    needed.add(p)
                    p = parents.get(p)
            for k, n in enumerate(sorted(needed)):
                info = nodes[n]
                name = sl._text(info.name) or "node_%d" % n
                data, morph = None, None
                if info.mesh >= 0:
                    if info.mesh not in made:
                        arrays = mesh_build.MeshArrays()
                        slots = {}
                        _gather(scene, info.mesh, arrays, slots, 0)
                        a = arrays.finish()
                        mesh = mesh_build.build_mesh(sl._text(scene.mesh(info.mesh).name) or name, a)
                        _assign_materials(mesh, slots, cache)
                        made[info.mesh] = (mesh, a["morph"])
                    data, morph = made[info.mesh]
                obj = bpy.data.objects.new(name, data)
                obj.location = tuple(info.translation)
                collection.objects.link(obj)
                if data is not None and morph is not None and data.shape_keys is None:
                    mesh_build.add_morph(obj, morph)
                _tag_object(obj, source, fmt, scene.node_tags(n))
                by_node[n] = obj
                objects.append(obj)
                if progress:
                    progress(k + 1, len(needed))
            for n, obj in by_node.items():
                p = parents.get(n)
                if p in by_node:
                    obj.parent = by_node[p]
        stats = {
            "format": fmt,
            "objects": len(objects),
            "images": len(cache.images),
            "materials": len(cache.materials),
            "warnings": warnings,
            "seconds": time.perf_counter() - t0,
        }
    return objects, stats

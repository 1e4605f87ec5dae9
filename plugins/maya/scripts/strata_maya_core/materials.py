"""Scene materials -> what the translator builds in Maya: one surface shader
per scene material (standardSurface, Maya 2020+; lambert where Maya lacks it)
with a `file` texture node reading a PNG the import writes into the project's
sourceimages/strata/<file stem>/ (images decoded to RGBA8 by the library)."""
import os

from .meshes import UV_SETS
from .names import maya_name


class ImagePlan:
    """index (scene image), path (the PNG written), color_space ("sRGB" or
    "Raw": Maya's colour management names for colour and for data)."""

    def __init__(self, index, path, color_space):
        self.index = index
        self.path = path
        self.color_space = color_space


class MaterialPlan:
    """name (Maya-safe), base_color (linear r, g, b), opacity, image (ImagePlan
    or None), uv_set ("map1" or "map2": the set the texture reads), alpha_mode,
    alpha_cutoff, metallic, roughness."""

    def __init__(self, index, material, image, used_names):
        self.index = index
        self.name = unique(maya_name(material.name, "material_%d" % index), used_names)
        self.base_color = tuple(material.base_color_factor[:3])
        self.opacity = material.base_color_factor[3]
        self.image = image
        self.uv_set = UV_SETS[1] if material.base_color_texcoord == 1 else UV_SETS[0]
        self.alpha_mode = material.alpha_mode
        self.alpha_cutoff = material.alpha_cutoff
        self.metallic = material.metallic
        self.roughness = material.roughness


def unique(name, used):
    """`name`, or name_2, name_3, ... when taken; records it in `used`."""
    candidate, k = name, 1
    while candidate in used:
        k += 1
        candidate = "%s_%d" % (name, k)
    used.add(candidate)
    return candidate


def image_dir(project_root, source_images_rule, group):
    """<project>/<sourceImages rule>/strata/<file stem> (the rule is relative
    to the project unless absolute; Maya's default is "sourceimages")."""
    base = source_images_rule or "sourceimages"
    if not os.path.isabs(base):
        base = os.path.join(project_root, base)
    return os.path.join(base, "strata", group)


def plan_materials(scene, used_materials, directory):
    """{scene material index: MaterialPlan} for the materials meshes use;
    images get a PNG path in `directory` (written by write_images)."""
    plans, images, names, files = {}, {}, set(), set()
    for index in sorted(used_materials):
        material = scene.materials[index]
        image = None
        if material.base_color_texture is not None:
            i = scene.textures[material.base_color_texture].image
            if i is not None:
                if i not in images:
                    info = scene.images[i]
                    stem = unique(maya_name(info.name, "image_%d" % i), files)
                    images[i] = ImagePlan(i, os.path.join(directory, stem + ".png"),
                                          "Raw" if info.color_space == "linear" else "sRGB")
                image = images[i]
        plans[index] = MaterialPlan(index, material, image, names)
    return plans


def write_images(scene, plans):
    """Writes each planned image once (mip 0, layer 0) as RGBA8 PNG."""
    written = set()
    for plan in plans.values():
        if plan.image is None or plan.image.index in written:
            continue
        os.makedirs(os.path.dirname(plan.image.path), exist_ok=True)
        scene.images[plan.image.index].write_png(plan.image.path)
        written.add(plan.image.index)
    return sorted({p.image.path for p in plans.values() if p.image is not None})

"""Scene images and materials -> Blender images (packed) and node materials."""
import bpy

from .strata import png


def _set_colorspace(image, linear):
    names = ("Linear", "Linear Rec.709", "Non-Color") if linear else ("sRGB",)
    for n in names:
        try:
            image.colorspace_settings.name = n
            return
        except TypeError:
            continue


def make_image(scene, index):
    """Image `index` decoded to RGBA8 and packed into the .blend as a PNG, as
    Blender's glTF importer packs its images: Blender decodes it when the
    image is first used (handing it float pixels made Blender convert them
    and encode its own PNG, three times the work)."""
    info = scene.images[index]
    px = info.rgba8()  # (rows, width, 4), first row at the top, as PNG stores it
    rows, width = px.shape[0], px.shape[1]
    # zlib level 1: a quarter of level 6's time on the benchmark's tiles.
    data = png.encode_rgba8(width, rows, px, level=1)
    image = bpy.data.images.new(info.name or "image_%d" % index, width, rows, alpha=True)
    image.pack(data=data, data_len=len(data))
    image.source = 'FILE'
    _set_colorspace(image, info.color_space == "linear")
    image["strata_format"] = info.format_name
    image["strata_texture"] = info.name  # the texture it came from (exporter_ytd)
    return image


_EXTENSION = {"REPEAT": 'REPEAT', "CLAMP_TO_EDGE": 'EXTEND', "MIRRORED_REPEAT": 'MIRROR'}


def material_look(scene, index, image):
    """Everything make_material builds material `index` from but its name and
    its image (`image`: the bpy image of its base colour texture, or None).
    Materials that look alike differ only in those: Atlas has one per tile."""
    info = scene.materials[index]
    wrap = scene.textures[info.base_color_texture].wrap_s if image is not None else None
    return (info.base_color_factor, info.metallic, info.roughness, info.double_sided,
            info.alpha_mode, info.alpha_cutoff, info.base_color_texcoord, image is not None, wrap)


def copy_material(template, name, image):
    """A copy of `template` (made by make_material) named `name`, showing
    `image` instead: Blender copies the node tree in one call, four times
    faster than make_material builds it node by node."""
    mat = template.copy()
    mat.name = name
    if image is not None:
        next(n for n in mat.node_tree.nodes if n.type == 'TEX_IMAGE').image = image
    return mat


def material_name(scene, index):
    return scene.materials[index].name or "material_%d" % index


def make_material(scene, index, image):
    """Material `index` as a Principled BSDF showing `image` (the bpy image of
    its base colour texture, or None)."""
    info = scene.materials[index]
    mat = bpy.data.materials.new(material_name(scene, index))
    mat.use_nodes = True
    nt = mat.node_tree
    bsdf = next(n for n in nt.nodes if n.type == 'BSDF_PRINCIPLED')
    factor = tuple(info.base_color_factor)
    bsdf.inputs["Base Color"].default_value = factor
    bsdf.inputs["Metallic"].default_value = info.metallic
    bsdf.inputs["Roughness"].default_value = info.roughness
    mat.use_backface_culling = not info.double_sided
    if info.alpha_mode != "OPAQUE":
        try:
            mat.blend_method = 'BLEND' if info.alpha_mode == "BLEND" else 'CLIP'
            mat.alpha_threshold = info.alpha_cutoff
        except AttributeError:
            pass
    if image is not None:
        tex = scene.textures[info.base_color_texture]
        node = nt.nodes.new("ShaderNodeTexImage")
        node.image = image
        node.location = (-500, 300)
        try:
            node.extension = _EXTENSION.get(tex.wrap_s, 'REPEAT')
        except TypeError:
            node.extension = 'REPEAT'
        color_out = node.outputs["Color"]
        if factor[:3] != (1.0, 1.0, 1.0):
            mix = nt.nodes.new("ShaderNodeMixRGB")
            mix.blend_type = 'MULTIPLY'
            mix.inputs["Fac"].default_value = 1.0
            mix.inputs["Color2"].default_value = factor
            nt.links.new(color_out, mix.inputs["Color1"])
            color_out = mix.outputs["Color"]
        nt.links.new(color_out, bsdf.inputs["Base Color"])
        if info.alpha_mode != "OPAQUE":
            nt.links.new(node.outputs["Alpha"], bsdf.inputs["Alpha"])
        uv = nt.nodes.new("ShaderNodeUVMap")
        uv.uv_map = "UV1" if info.base_color_texcoord == 1 else "UV0"
        uv.location = (-750, 300)
        nt.links.new(uv.outputs["UV"], node.inputs["Vector"])
    else:
        bsdf.inputs["Alpha"].default_value = factor[3]
    return mat

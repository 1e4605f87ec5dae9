"""Scene images and materials -> Blender images (packed) and node materials."""
import bpy
import numpy as np


def _set_colorspace(image, linear):
    names = ("Linear", "Linear Rec.709", "Non-Color") if linear else ("sRGB",)
    for n in names:
        try:
            image.colorspace_settings.name = n
            return
        except TypeError:
            continue


def make_image(scene, index):
    """Image `index` decoded to RGBA8, stored in Blender and packed into the .blend."""
    info = scene.images[index]
    px = info.rgba8()  # (rows, width, 4), first row at the top
    h, w = px.shape[0], px.shape[1]
    name = info.name or "image_%d" % index
    image = bpy.data.images.new(name, w, h, alpha=True)
    _set_colorspace(image, info.color_space == "linear")
    # Blender stores the bottom row first; byte values go in unconverted.
    flipped = np.ascontiguousarray(px[::-1]).astype(np.float32) * (1.0 / 255.0)
    image.pixels.foreach_set(flipped.ravel())
    image.pack()
    image["strata_format"] = info.format_name
    return image


_EXTENSION = {"REPEAT": 'REPEAT', "CLAMP_TO_EDGE": 'EXTEND', "MIRRORED_REPEAT": 'MIRROR'}


def make_material(scene, index, image_of_texture):
    """Material `index` as a Principled BSDF; `image_of_texture(t)` gives the
    bpy image of texture t (or None)."""
    info = scene.materials[index]
    mat = bpy.data.materials.new(info.name or "material_%d" % index)
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
    image = None
    if info.base_color_texture is not None:
        image = image_of_texture(info.base_color_texture)
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

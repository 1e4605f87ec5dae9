"""Strata for Python: Torque Atlas/CHU/TQT terrain, Ratchet & Clank 2 tfrags and
GTA V texture dictionaries, over libstrata's C ABI (ctypes; no compiled Python
extension). Pure Python: the same package serves pipeline scripts, the Blender
add-on and the Maya plug-in.

    import strata
    with strata.load("terrain.atlas", lod=2) as scene:
        for node in scene.nodes:
            print(node.name, node.tags)
        scene.write_gltf("terrain.glb")

    strata.ytd.replace("props.ytd", "props-edited.ytd", images={"sign": "sign.png"})

Edited textures go back into GTA V dictionaries with strata.ytd (replace, build,
convert); any RGBA8 image becomes BC blocks with strata.encode_bc (strata.encode).

Arrays are numpy arrays when numpy is importable, flat array.array otherwise
(strata.HAVE_NUMPY). Every failure raises strata.Error with the library's
message (the file, the byte offset, what was expected).

strata.MeshPlan (strata.mesh_plan) turns a scene's primitives into the arrays of
one host mesh: what the Blender add-on and the Maya plug-in build their meshes
from.
"""
from . import ytd
from ._arrays import HAVE_NUMPY, flat
from ._native import Error, abi_version, library_path
from .atlas_edit import AtlasEdit, export_atlas
from .encode import FORMATS, EncodedTexture, Encoder, encode_bc
from .mesh_plan import MeshPlan, PlannedMesh
from .scene import Image, Material, Mesh, MorphTarget, Node, Primitive, Scene, Texture, detect, \
    info, levels, load, load_memory, validate

__version__ = "0.1.0"

__all__ = ["HAVE_NUMPY", "flat", "Error", "abi_version", "library_path", "AtlasEdit",
           "export_atlas", "FORMATS", "EncodedTexture", "Encoder", "encode_bc", "MeshPlan",
           "PlannedMesh", "Image", "Material", "Mesh", "MorphTarget", "Node", "Primitive", "Scene",
           "Texture", "detect", "info", "levels", "load", "load_memory", "validate", "ytd",
           "__version__"]

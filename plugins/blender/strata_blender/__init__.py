"""Strata terrain import (and Atlas export) for Blender, over libstrata's C ABI.

File > Import: Torque Atlas (.atlas), Torque CHU (.chu), GTA V texture
dictionaries (.ytd) and Ratchet & Clank 2 tfrag level directories. File >
Export: terrain back onto its .atlas, gallery images back into their .ytd; Image
Editor > Image > Save as BC DDS: an image as BC1-BC5 / BC7 blocks with mips. The library
binding is the shared `strata` package (python/strata/ in the source tree),
packaged inside the add-on as strata_blender/strata/ with lib/libstrata.so.
"""

bl_info = {
    "name": "Strata terrain",
    "author": "Strata project",
    "version": (0, 1, 0),
    "blender": (3, 4, 0),
    "location": "File > Import / Export",
    "description": "Import Torque Atlas/CHU terrain, R&C2 tfrags and GTA V YTD textures; "
                   "export edited terrain back to .atlas and edited textures back to .ytd",
    "category": "Import-Export",
}

if "bpy" in locals():  # script reload
    import importlib
    from . import mesh_build, materials, importer, exporter, exporter_ytd, texture_export, \
        operators
    for m in (mesh_build, materials, importer, exporter, exporter_ytd, texture_export, operators):
        importlib.reload(m)
else:
    import bpy  # noqa: F401
    from . import operators


def register():
    operators.register()


def unregister():
    operators.unregister()

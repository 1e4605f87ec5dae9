"""Blender operators and File menu entries."""
import os

import bpy
from bpy.props import BoolProperty, EnumProperty, IntProperty, StringProperty
from bpy_extras.io_utils import ImportHelper

from . import importer
from . import strata_lib


class _ImportOptions:
    """Options every Strata import shares (strata_load_options)."""

    lod: IntProperty(
        name="LOD", default=-1, min=-1, max=31,
        description="Geometry level to import; -1 picks the format's default "
                    "(Atlas/CHU: the finest level, tfrag: LOD 0)")
    skirts: BoolProperty(
        name="Skirts", default=False,
        description="Add the skirt triangles that hide cracks between chunks")
    textures: BoolProperty(
        name="Textures", default=True,
        description="Decode textures and pack them into the .blend as images")
    merge: EnumProperty(
        name="Objects", default='CHUNKS',
        items=[('CHUNKS', "One per chunk", "One object per chunk / fragment"),
               ('MERGED', "Merged", "One object for the whole file; a face attribute "
                "keeps which chunk each face came from")])
    swap_red_blue: BoolProperty(
        name="Swap red/blue", default=False,
        description="Atlas JPEG/PNG tiles that were written from BGR data")

    def draw(self, context):
        layout = self.layout
        layout.prop(self, "lod")
        layout.prop(self, "skirts")
        layout.prop(self, "textures")
        layout.prop(self, "merge")
        layout.prop(self, "swap_red_blue")

    def run_import(self, context, path):
        wm = context.window_manager
        wm.progress_begin(0, 100)

        def progress(done, total):
            if total:
                wm.progress_update(int(100 * done / total))
        try:
            objects, stats = importer.import_file(
                context, path, lod=self.lod, skirts=self.skirts, textures=self.textures,
                merge=self.merge == 'MERGED', swap_red_blue=self.swap_red_blue,
                progress=progress)
        except strata_lib.StrataError as e:
            self.report({'ERROR'}, str(e))
            return {'CANCELLED'}
        finally:
            wm.progress_end()
        for w in stats["warnings"]:
            self.report({'WARNING'}, w)
        if context.view_layer and objects:
            for o in context.view_layer.objects:
                o.select_set(False)
            for o in objects:
                if o.name in context.view_layer.objects:
                    o.select_set(True)
            context.view_layer.objects.active = objects[0]
        self.report({'INFO'}, "Strata: %d objects from %s in %.2f s"
                    % (stats["objects"], os.path.basename(path), stats["seconds"]))
        return {'FINISHED'}


class STRATA_OT_import_atlas(bpy.types.Operator, ImportHelper, _ImportOptions):
    """Import Torque Atlas terrain (.atlas)"""
    bl_idname = "import_scene.strata_atlas"
    bl_label = "Import Atlas"
    bl_options = {'REGISTER', 'UNDO', 'PRESET'}
    filename_ext = ".atlas"
    filter_glob: StringProperty(default="*.atlas", options={'HIDDEN'})

    def execute(self, context):
        return self.run_import(context, self.filepath)


class STRATA_OT_import_chu(bpy.types.Operator, ImportHelper, _ImportOptions):
    """Import Torque CHU terrain (.chu, textures from a same-named .tqt beside it)"""
    bl_idname = "import_scene.strata_chu"
    bl_label = "Import CHU"
    bl_options = {'REGISTER', 'UNDO', 'PRESET'}
    filename_ext = ".chu"
    filter_glob: StringProperty(default="*.chu", options={'HIDDEN'})

    def execute(self, context):
        return self.run_import(context, self.filepath)


class STRATA_OT_import_ytd(bpy.types.Operator, ImportHelper, _ImportOptions):
    """Import a GTA V texture dictionary (.ytd) as a gallery of textured quads"""
    bl_idname = "import_scene.strata_ytd"
    bl_label = "Import YTD"
    bl_options = {'REGISTER', 'UNDO', 'PRESET'}
    filename_ext = ".ytd"
    filter_glob: StringProperty(default="*.ytd", options={'HIDDEN'})

    def execute(self, context):
        return self.run_import(context, self.filepath)


class STRATA_OT_import_tfrag(bpy.types.Operator, _ImportOptions):
    """Import the tfrag terrain of a Ratchet & Clank 2 level directory"""
    bl_idname = "import_scene.strata_tfrag"
    bl_label = "Import tfrag level"
    bl_options = {'REGISTER', 'UNDO', 'PRESET'}
    directory: StringProperty(name="Level directory", subtype='DIR_PATH')
    filter_folder: BoolProperty(default=True, options={'HIDDEN'})

    def invoke(self, context, event):
        context.window_manager.fileselect_add(self)
        return {'RUNNING_MODAL'}

    def execute(self, context):
        if not self.directory:
            self.report({'ERROR'}, "choose a level directory")
            return {'CANCELLED'}
        return self.run_import(context, self.directory)


IMPORTERS = (
    (STRATA_OT_import_atlas, "Torque Atlas (.atlas)"),
    (STRATA_OT_import_chu, "Torque CHU (.chu)"),
    (STRATA_OT_import_ytd, "GTA V textures (.ytd)"),
    (STRATA_OT_import_tfrag, "R&C2 tfrag level (directory)"),
)


def _menu_import(self, context):
    for op, label in IMPORTERS:
        self.layout.operator(op.bl_idname, text=label)


CLASSES = [op for op, _ in IMPORTERS]
EXPORT_MENUS = []


def register():
    for c in CLASSES:
        bpy.utils.register_class(c)
    bpy.types.TOPBAR_MT_file_import.append(_menu_import)
    for m in EXPORT_MENUS:
        bpy.types.TOPBAR_MT_file_export.append(m)


def unregister():
    for m in EXPORT_MENUS:
        bpy.types.TOPBAR_MT_file_export.remove(m)
    bpy.types.TOPBAR_MT_file_import.remove(_menu_import)
    for c in reversed(CLASSES):
        bpy.utils.unregister_class(c)

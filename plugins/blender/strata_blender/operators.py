"""Blender operators and File menu entries."""
import os

import bpy
from bpy.props import BoolProperty, EnumProperty, IntProperty, StringProperty
from bpy_extras.io_utils import ExportHelper, ImportHelper

from . import exporter
from . import exporter_ytd
from . import importer
from . import strata
from . import texture_export


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
    partial: BoolProperty(
        name="Partial", default=False,
        description="Import every intact piece of a damaged file, leaving out (and naming) "
                    "each broken chunk, tile or texture instead of failing")

    def draw(self, context):
        layout = self.layout
        layout.prop(self, "lod")
        layout.prop(self, "skirts")
        layout.prop(self, "textures")
        layout.prop(self, "merge")
        layout.prop(self, "swap_red_blue")
        layout.prop(self, "partial")

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
                partial=self.partial, progress=progress)
        except strata.Error as e:
            self.report({'ERROR'}, str(e))
            return {'CANCELLED'}
        finally:
            wm.progress_end()
        for w in stats["warnings"]:
            self.report({'WARNING'}, w)
        for piece in stats["left_out"]:
            self.report({'WARNING'}, "left out: " + piece)
        if context.view_layer and objects:
            for o in context.view_layer.objects:
                o.select_set(False)
            for o in objects:
                try:  # (a lookup by name in view_layer.objects per object was O(n^2))
                    o.select_set(True)
                except RuntimeError:  # not in the view layer (an excluded collection)
                    pass
            context.view_layer.objects.active = objects[0]
        self.report({'INFO'}, "Strata: %d objects from %s in %.2f s"
                    % (stats["objects"], os.path.basename(path), stats["seconds"]))
        return {'FINISHED'}


class _FileImport(ImportHelper, _ImportOptions):
    bl_options = {'REGISTER', 'UNDO', 'PRESET'}

    def execute(self, context):
        return self.run_import(context, self.filepath)


def _file_importer(fmt, ext, label, doc):
    """The File > Import operator of one single-file format."""
    return type("STRATA_OT_import_" + fmt, (bpy.types.Operator, _FileImport), {
        "__doc__": doc,
        "bl_idname": "import_scene.strata_" + fmt,
        "bl_label": "Import " + label,
        "filename_ext": ext,
        "__annotations__": {"filter_glob": StringProperty(default="*" + ext, options={'HIDDEN'})},
    })


STRATA_OT_import_atlas = _file_importer("atlas", ".atlas", "Atlas",
                                        "Import Torque Atlas terrain (.atlas)")
STRATA_OT_import_chu = _file_importer(
    "chu", ".chu", "CHU",
    "Import Torque CHU terrain (.chu, textures from a same-named .tqt beside it)")
STRATA_OT_import_ytd = _file_importer(
    "ytd", ".ytd", "YTD",
    "Import a GTA V texture dictionary (.ytd) as a gallery of textured quads")


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


# The levels of the file the browser shows, by path: Blender keeps only the
# strings of an enum's items while a Python reference holds them.
_level_items = {}


def _levels_of(self, context):
    """The level options of an R&C2 import: every level of the chosen level
    file or disc image, by name; the first is the default."""
    path = self.filepath
    if path not in _level_items:
        items = []
        try:
            for i, e in enumerate(strata.levels(path)):
                items.append((str(i), "%s (%s)" % (e["name"] or "?", e["file"]),
                              "Level id %d, %s" % (e["id"], e["file"])))
        except (strata.Error, OSError):
            pass
        _level_items.clear()
        _level_items[path] = items or [("0", "First level", "The file's first level")]
    return _level_items[path]


class STRATA_OT_import_rc2(bpy.types.Operator, _FileImport):
    """Import the terrain of a Ratchet & Clank 2 LEVEL<n>.WAD or of a level of a disc image"""
    bl_idname = "import_scene.strata_rc2"
    bl_label = "Import R&C2 level"
    filename_ext = ".wad"
    filter_glob: StringProperty(default="*.wad;*.WAD;*.iso;*.ISO", options={'HIDDEN'})
    level: EnumProperty(name="Level", items=_levels_of,
                        description="The level to import (a disc image holds many)")

    def draw(self, context):
        self.layout.prop(self, "level")
        _ImportOptions.draw(self, context)

    def execute(self, context):
        path = self.filepath
        try:
            levels = strata.levels(path)
            index = int(self.level) if self.level else 0
            if index < len(levels):
                path = levels[index]["path"]
        except (strata.Error, ValueError):
            pass  # the import itself says what is wrong with the file
        return self.run_import(context, path)


IMPORTERS = (
    (STRATA_OT_import_atlas, "Torque Atlas (.atlas)"),
    (STRATA_OT_import_chu, "Torque CHU (.chu)"),
    (STRATA_OT_import_ytd, "GTA V textures (.ytd)"),
    (STRATA_OT_import_tfrag, "R&C2 tfrag level (directory)"),
    (STRATA_OT_import_rc2, "R&C2 level or disc image (LEVEL<n>.WAD, .iso)"),
)


# The BC encoders' effort (strata.encode / strata.ytd "quality").
QUALITY_ITEMS = [('fast', "Fast", "Least search"), ('default', "Default", "Balanced"),
                 ('best', "Best", "Most search, several times slower")]
QUALITY_DESCRIPTION = "The block encoders' speed against quality"


class _WriteBack:
    """An export that writes edits back into a copy of the file they were imported
    from: that source defaults to the objects' strata_source, the output to
    <source>-edited<ext>; write() returns the library's report, tell() reports it."""
    source_prop = ""   # the operator's property naming the source
    edited_ext = None  # the output's extension (None: the source's)
    no_source = ""     # the error when the objects name no single source

    def invoke(self, context, event):
        if not getattr(self, self.source_prop):
            setattr(self, self.source_prop, self.default_source(context))
        source = getattr(self, self.source_prop)
        if not self.filepath and source:
            stem, ext = os.path.splitext(source)
            self.filepath = stem + "-edited" + (self.edited_ext or ext)
        return super().invoke(context, event)

    def execute(self, context):
        source = getattr(self, self.source_prop) or self.default_source(context)
        if not source:
            self.report({'ERROR'}, self.no_source)
            return {'CANCELLED'}
        try:
            report = self.write(context, bpy.path.abspath(source))
        except strata.Error as e:
            self.report({'ERROR'}, str(e))
            return {'CANCELLED'}
        self.tell(report)
        return {'FINISHED'}


class STRATA_OT_export_atlas(_WriteBack, bpy.types.Operator, ExportHelper):
    """Write terrain imported from an .atlas, as edited, back onto its base .atlas"""
    bl_idname = "export_scene.strata_atlas"
    bl_label = "Export Atlas"
    bl_options = {'REGISTER', 'PRESET'}
    filename_ext = ".atlas"
    filter_glob: StringProperty(default="*.atlas", options={'HIDDEN'})
    base_path: StringProperty(
        name="Base .atlas", subtype='FILE_PATH',
        description="The original file the terrain was imported from (default: the "
                    "objects' strata_source); everything not edited is kept from it")
    use_selection: BoolProperty(name="Selected only", default=False,
                                description="Export only the selected chunk objects")
    rebuild_lods: BoolProperty(
        name="Rebuild LODs", default=False,
        description="Regenerate the coarser levels above edited chunks; otherwise they "
                    "keep the old terrain")

    source_prop = "base_path"
    edited_ext = ".atlas"
    no_source = "set the base .atlas (the objects come from several files)"

    @classmethod
    def poll(cls, context):
        return bool(exporter.atlas_objects(context, False))

    def default_source(self, context):
        return exporter.default_base(context)

    def write(self, context, base):
        return exporter.export_atlas(context, self.filepath, base, self.use_selection,
                                     self.rebuild_lods)

    def tell(self, report):
        for key, why in (("staleLods", "coarser levels still show the old terrain"),
                         ("morphZeroed", "topology changed: morph offsets set to zero")):
            if report.get(key):
                self.report({'WARNING'}, "%d chunks: %s" % (len(report[key]), why))
        self.report({'INFO'}, "Strata: %s written, %d chunks edited, %d unchanged"
                    % (os.path.basename(self.filepath), len(report["edited"]),
                       len(report["unchanged"])))


class STRATA_OT_export_ytd(_WriteBack, bpy.types.Operator, ExportHelper):
    """Write the images of an imported texture dictionary, as edited, back into a copy of its
    source file"""
    bl_idname = "export_scene.strata_ytd"
    bl_label = "Export GTA V texture dictionary"
    bl_options = {'REGISTER', 'PRESET'}
    filename_ext = ".ytd"
    check_extension = None  # a drawable's dictionaries go back into a .ydr / .ydd / .yft
    filter_glob: StringProperty(default="*.ytd;*.ydr;*.ydd;*.yft", options={'HIDDEN'})
    source_path: StringProperty(
        name="Source file", subtype='FILE_PATH',
        description="The .ytd (or .ydr/.ydd/.yft) the gallery was imported from (default: the "
                    "objects' strata_source); every texture not edited keeps its bytes")
    add_new: BoolProperty(
        name="Add new images", default=True,
        description="Add gallery images that are not in the dictionary as new textures (a .ytd "
                    "only)")
    quality: EnumProperty(name="Quality", default='default', items=QUALITY_ITEMS,
                          description=QUALITY_DESCRIPTION + " for every texture written")

    source_prop = "source_path"
    no_source = "set the source file (the gallery comes from several files)"

    @classmethod
    def poll(cls, context):
        return bool(exporter_ytd.gallery_objects(context))

    def default_source(self, context):
        return exporter_ytd.default_source(context)

    def write(self, context, source):
        return exporter_ytd.export_ytd(context, self.filepath, source, add_new=self.add_new,
                                       quality=self.quality)

    def tell(self, report):
        for w in report.get("inputWarnings", []):
            self.report({'WARNING'}, "the source's own warning, kept: " + w)
        actions = [t["action"] for t in report["textures"]]
        self.report({'INFO'}, "Strata: %s written, %d textures replaced, %d added"
                    % (os.path.basename(self.filepath), actions.count("replaced"),
                       actions.count("added")))


class STRATA_OT_export_dds(bpy.types.Operator, ExportHelper):
    """Save the image as a .dds of BC blocks with its mip chain (Strata's encoders)"""
    bl_idname = "image.strata_export_dds"
    bl_label = "Save as BC DDS (Strata)"
    bl_options = {'REGISTER'}
    filename_ext = ".dds"
    filter_glob: StringProperty(default="*.dds", options={'HIDDEN'})
    image_name: StringProperty(
        name="Image", description="The image to save (default: the Image Editor's)")
    format: EnumProperty(
        name="Format", default='BC7',
        items=[(v, label, desc) for v, label, _, _, desc in texture_export.FORMATS],
        description="Block format; sRGB images get the _SRGB colour formats")
    mips: BoolProperty(name="Mip chain", default=True,
                       description="Every level down to 1x1 (linear light for sRGB colour)")
    quality: EnumProperty(name="Quality", default='default', items=QUALITY_ITEMS,
                          description=QUALITY_DESCRIPTION)
    normal_map: BoolProperty(
        name="Normal map", default=False,
        description="The image holds unit vectors: mips average and renormalise them")
    alpha_coverage: BoolProperty(
        name="Keep alpha coverage", default=False,
        description="Alpha-tested cut-out: every mip keeps the share of texels at or "
                    "above the cutoff")
    alpha_cutoff: IntProperty(name="Alpha cutoff", default=128, min=1, max=255)

    def _image(self, context):
        if self.image_name:
            return bpy.data.images.get(self.image_name)
        space = context.space_data
        return getattr(space, "image", None)

    def invoke(self, context, event):
        image = self._image(context)
        if image is not None and not self.filepath:
            source = bpy.path.abspath(image.filepath) if image.filepath else image.name
            self.filepath = os.path.splitext(source)[0] + ".dds"
        return super().invoke(context, event)

    def execute(self, context):
        image = self._image(context)
        if image is None:
            self.report({'ERROR'}, "no image to save (open one in the Image Editor)")
            return {'CANCELLED'}
        try:
            tex = texture_export.export_dds(
                image, self.filepath, self.format, self.mips, self.quality, self.normal_map,
                self.alpha_cutoff if self.alpha_coverage else None)
        except (strata.Error, ValueError, OSError) as e:
            self.report({'ERROR'}, str(e))
            return {'CANCELLED'}
        self.report({'INFO'}, "Strata: %s written (%s, %d levels)"
                    % (os.path.basename(self.filepath), self.format, tex.mip_count))
        return {'FINISHED'}


def _menu_image(self, context):
    self.layout.operator(STRATA_OT_export_dds.bl_idname, text="Save as BC DDS (Strata)...")


def _menu_export(self, context):
    self.layout.operator(STRATA_OT_export_atlas.bl_idname, text="Torque Atlas (.atlas)")
    self.layout.operator(STRATA_OT_export_ytd.bl_idname,
                         text="GTA V texture dictionary (.ytd)")


def _menu_import(self, context):
    for op, label in IMPORTERS:
        self.layout.operator(op.bl_idname, text=label)


CLASSES = [op for op, _ in IMPORTERS] + [STRATA_OT_export_atlas, STRATA_OT_export_ytd,
                                          STRATA_OT_export_dds]


def register():
    for c in CLASSES:
        bpy.utils.register_class(c)
    bpy.types.TOPBAR_MT_file_import.append(_menu_import)
    bpy.types.TOPBAR_MT_file_export.append(_menu_export)
    bpy.types.IMAGE_MT_image.append(_menu_image)


def unregister():
    bpy.types.IMAGE_MT_image.remove(_menu_image)
    bpy.types.TOPBAR_MT_file_export.remove(_menu_export)
    bpy.types.TOPBAR_MT_file_import.remove(_menu_import)
    for c in reversed(CLASSES):
        bpy.utils.unregister_class(c)
